import { useEffect, useRef } from 'react';
import { useWebApp } from './runtime';

export interface MainButtonOptions {
  text: string;
  onClick(): void;
  /** Saving: Telegram's progress indicator, and the button does nothing meanwhile. */
  busy?: boolean;
  disabled?: boolean;
}

/**
 * Telegram's main button at the bottom of the mini app, for the screen's main form; hidden again
 * when the screen goes. Null options leave it hidden. Returns true while the button is shown, so
 * the screen can drop its own submit button; in a browser it is always false.
 */
export function useMainButton(options: MainButtonOptions | null): boolean {
  const webApp = useWebApp();
  const button = options ? webApp?.MainButton : undefined;
  const onClick = useRef(options?.onClick);
  onClick.current = options?.onClick;
  const { text = '', busy = false, disabled = false } = options ?? {};

  useEffect(() => {
    if (!button) return;
    const click = () => onClick.current?.();
    button.onClick(click);
    button.show();
    return () => {
      button.offClick(click);
      button.hideProgress();
      button.hide();
    };
  }, [button]);

  useEffect(() => {
    if (!button) return;
    button.setParams({ text, is_active: !disabled && !busy });
    if (busy) button.showProgress(false);
    else button.hideProgress();
  }, [button, text, busy, disabled]);

  return !!button;
}

/** Submits a form by id as its own submit button would (its validation included). */
export function submitForm(formId: string) {
  const form = document.getElementById(formId);
  if (form instanceof HTMLFormElement) form.requestSubmit();
}
