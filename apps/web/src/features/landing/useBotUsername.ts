import { useEffect, useState } from 'react';
import type { RouterOutputs } from '../../lib/api-types';

type Providers = RouterOutputs['auth']['providers'];

/** Telegram's rule for usernames; anything else is not turned into a link. */
const USERNAME = /^[A-Za-z0-9_]{5,32}$/;

/** The bot's username from a tRPC answer of auth.providers, or null when there is no bot. */
export function readBotUsername(body: unknown): string | null {
  const data = (body as { result?: { data?: Partial<Providers> } } | null)?.result?.data;
  const username = data?.telegram?.botUsername;
  return typeof username === 'string' && USERNAME.test(username) ? username : null;
}

/**
 * The Telegram bot of this server, once known; null while loading, on failure or when none is
 * configured. A plain fetch, so the landing does not wait for the tRPC client.
 */
export function useBotUsername(): string | null {
  const [bot, setBot] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/trpc/auth.providers', { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => setBot(readBotUsername(body)))
      .catch(() => {
        // No bot link then: the page reads the same without it.
      });
    return () => controller.abort();
  }, []);
  return bot;
}

export const botUrl = (username: string) => `https://t.me/${username}`;
