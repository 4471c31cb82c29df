import { useProviders } from './providers';

/** The bot's username when this server has a Telegram bot, else null (undefined while loading). */
export function useBotUsername(enabled = true): string | null | undefined {
  const providers = useProviders(enabled);
  if (providers === undefined) return undefined;
  return providers?.telegram?.botUsername || null;
}
