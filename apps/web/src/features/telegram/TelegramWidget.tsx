import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  TELEGRAM_LOGIN_ORIGIN,
  TELEGRAM_WIDGET_SCRIPT,
  type TelegramWidgetUser,
  WIDGET_CHECK_DELAY_MS,
  widgetAuthUser,
  widgetFailed,
} from './widget';

interface TelegramWidgetProps {
  botUsername: string;
  /** The widget's language: 'ru' or 'en'. */
  lang: string;
  onAuth(user: TelegramWidgetUser | null): void;
  /** Shown instead of the widget when it has not rendered 2.5 s after mounting (offline, blocked). */
  fallback: ReactNode;
}

/**
 * Telegram's login widget: its script puts an iframe in our container, and the frame posts the
 * signed user to this page. We read that message rather than giving the script a data-onauth
 * callback, which it would compile with eval (refused by our Content-Security-Policy). Mounted only
 * in a browser with a bot configured.
 */
export function TelegramWidget({ botUsername, lang, onAuth, fallback }: TelegramWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const onAuthRef = useRef(onAuth);
  onAuthRef.current = onAuth;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const slot = container.current;
    if (!slot) return;
    setFailed(false);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== TELEGRAM_LOGIN_ORIGIN) return;
      if (event.source === null || event.source !== slot.querySelector('iframe')?.contentWindow) return;
      const user = widgetAuthUser(event.data);
      if (user) onAuthRef.current(user);
    };
    window.addEventListener('message', onMessage);

    const script = document.createElement('script');
    script.src = TELEGRAM_WIDGET_SCRIPT;
    script.async = true;
    script.setAttribute('data-telegram-login', botUsername);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-radius', '10');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-lang', lang);
    slot.append(script);

    const timer = window.setTimeout(() => setFailed(widgetFailed(slot)), WIDGET_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      slot.replaceChildren();
    };
  }, [botUsername, lang]);

  return (
    <>
      <div ref={container} className="tg-widget" hidden={failed} data-testid="telegram-widget" />
      {failed ? fallback : null}
    </>
  );
}
