import type { AppRouter } from '@dolya/api';
import { createTRPCClient, httpLink } from '@trpc/client';

/** A call that hangs this long is given up; the update is then retried as a stale one. */
const TIMEOUT_MS = 15_000;

export type DolyaClient = ReturnType<typeof createTRPCClient<AppRouter>>;

export interface DolyaApi {
  /** The bot acting as the Dolya account linked to this Telegram user (or as nobody: TELEGRAM_NOT_LINKED). */
  asUser(telegramUserId: number): DolyaClient;
  /** The bot itself, for the update inbox. */
  asBot(): DolyaClient;
}

/** The server's tRPC over HTTP, with the bot's bearer secret; no Origin header (that would make it a browser). */
export function createDolyaApi(apiUrl: string, secret: string): DolyaApi {
  const client = (headers: Record<string, string>) =>
    createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${apiUrl}/trpc`,
          headers: { authorization: `Bearer ${secret}`, ...headers },
          fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }),
        }),
      ],
    });
  const bot = client({});
  return {
    asUser: (telegramUserId) => client({ 'x-telegram-user-id': String(telegramUserId) }),
    asBot: () => bot,
  };
}
