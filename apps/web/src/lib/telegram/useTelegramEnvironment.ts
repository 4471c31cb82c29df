import { useEffect, useState } from 'react';
import { isTelegramMiniApp, openedInsideTelegram, type TelegramWebApp, telegramWebApp } from './miniapp';

export type TelegramEnvironment = 'browser' | 'checking' | 'miniapp';

/**
 * Where the page runs: a browser, or the Telegram mini app (init data present). Inside Telegram the
 * official script is loaded first; elsewhere nothing is loaded and the answer is 'browser' at once.
 */
export function useTelegramEnvironment(): {
  environment: TelegramEnvironment;
  webApp: TelegramWebApp | null;
} {
  const [environment, setEnvironment] = useState<TelegramEnvironment>(() =>
    // Rendered at build time (src/static): the page as a browser shows it.
    typeof window === 'undefined'
      ? 'browser'
      : isTelegramMiniApp()
        ? 'miniapp'
        : openedInsideTelegram()
          ? 'checking'
          : 'browser',
  );
  const [webApp, setWebApp] = useState<TelegramWebApp | null>(null);

  useEffect(() => {
    if (!openedInsideTelegram()) return;
    let live = true;
    void telegramWebApp().then((app) => {
      if (!live) return;
      setWebApp(app);
      setEnvironment(isTelegramMiniApp() ? 'miniapp' : 'browser');
    });
    return () => {
      live = false;
    };
  }, []);

  return { environment, webApp };
}
