import type { BotContext } from '../context';
import { type Group, groupOfChat } from './chat-group';
import { draftFromMessage } from './draft-from-message';

/**
 * The expenses a person wrote before linking their account, read into drafts now that they are
 * linked, each as a reply to its own message, once (the server hands each out once). When the
 * chat has no group yet, they are kept again for after the choice. `known` is the chat's group
 * when the caller has it already (a new message), so that nobody is asked for it twice.
 */
export async function draftKeptMessages(ctx: BotContext, known?: Group) {
  const kept = await ctx.dolya.bot.pending.take.mutate();
  if (kept.length === 0) return;
  const group = known ?? (await groupOfChat(ctx));
  if (!group) {
    for (const message of kept) await ctx.dolya.bot.pending.keep.mutate(message);
    return;
  }
  for (const message of kept) {
    if (message.chatId !== String(ctx.chat!.id)) continue;
    await draftFromMessage(ctx, group, { messageId: Number(message.messageId), text: message.text });
  }
}
