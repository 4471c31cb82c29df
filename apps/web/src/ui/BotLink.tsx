import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { currentWebApp } from '../lib/telegram/runtime';

/** The bot's chat: https://t.me/<username>. */
export function botUrl(username: string): string {
  return `https://t.me/${encodeURIComponent(username)}`;
}

/**
 * A link to the bot's chat. In a browser it opens a new tab (t.me hands over to Telegram); inside
 * the mini app Telegram opens the chat itself (openTelegramLink), and the app stays open.
 */
export function BotLink({
  username,
  onClick,
  ...props
}: { username: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'>) {
  const url = botUrl(username);
  function open(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const webApp = currentWebApp();
    if (!webApp?.openTelegramLink) return;
    event.preventDefault();
    webApp.openTelegramLink(url);
  }
  return <a {...props} href={url} target="_blank" rel="noopener noreferrer" onClick={open} />;
}
