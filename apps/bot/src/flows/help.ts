import type { BotContext } from '../context';
import { chatExamples } from './examples';

/** /help: the examples with this chat's names, and the voice line when voice messages are heard. */
export async function helpText(ctx: BotContext): Promise<string> {
  const text = ctx.t('help.text', { bot: ctx.me.username, ...(await chatExamples(ctx)) });
  return ctx.services.transcriber ? `${text}\n\n${ctx.t('help.voice')}` : text;
}
