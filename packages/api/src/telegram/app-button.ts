import type { InlineKeyboardButton } from 'grammy/types';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * A button opening a page of the web app: in a private chat over https the mini app (web_app),
 * else a plain link; none where Telegram would refuse it (a localhost address in development).
 */
export function appButton(
  publicUrl: string | undefined,
  path: string,
  text: string,
  chat: 'private' | 'group',
): InlineKeyboardButton | null {
  if (!publicUrl) return null;
  const url = new URL(path, publicUrl);
  if (url.protocol === 'https:' && chat === 'private') return { text, web_app: { url: url.href } };
  if (LOCAL_HOSTS.has(url.hostname)) return null;
  return { text, url: url.href };
}
