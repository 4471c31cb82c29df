import { useQuery } from '@tanstack/react-query';
import { trpc } from './trpc';

/** The bot's username when this server has a Telegram bot, else null (undefined while loading). */
export function useBotUsername(enabled = true): string | null | undefined {
  const providers = useQuery({ ...trpc.auth.providers.queryOptions(), enabled });
  if (!enabled || providers.isError) return null;
  if (!providers.data) return undefined;
  return providers.data.telegram?.botUsername || null;
}
