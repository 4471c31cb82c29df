import { useRef } from 'react';

/**
 * Focus back to what opened a dialog when it closes, by Escape, Cancel or its own buttons
 * (issue 27). Radix's dialog returns focus only to its own Trigger; ours are opened from state
 * (a button, a menu item), so focus fell to <body> and the next Enter pressed whatever came
 * first. Remembers the focused element as the dialog opens; one inside a menu, gone once the menu
 * closes, stands for the menu's button (Radix labels a menu by its trigger).
 *
 *   const returnFocus = useReturnFocus(open);
 *   <Dialog.Content onCloseAutoFocus={returnFocus}>
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const fallback = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    opener.current = active && active !== document.body ? active : null;
    const menu = active?.closest('[role="menu"]');
    const trigger = menu?.getAttribute('aria-labelledby');
    fallback.current = trigger ? document.getElementById(trigger) : null;
  }
  wasOpen.current = open;
  return (event: Event) => {
    const target = [opener.current, fallback.current].find((el) => el?.isConnected && !isDisabled(el));
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}

function isDisabled(el: HTMLElement): boolean {
  return (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true';
}
