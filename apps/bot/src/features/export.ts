import { Composer, InputFile } from 'grammy';
import type { BotContext } from '../context';
import { type Group, groupOfChat } from '../flows/chat-group';

/**
 * /export (issue 29): the chat's group as a CSV in Splitwise's layout, sent as a document (a
 * spreadsheet opens it; Dolya, Splitwise-compatible tools and Spliit import it). In a private chat
 * the chosen group; in a group chat the connected one, for its members only (groupOfChat).
 */
export function exportFeature() {
  const feature = new Composer<BotContext>();
  feature.command('export', async (ctx) => {
    const group = await groupOfChat(ctx);
    if (group) await sendExport(ctx, group, ctx.msg?.message_id);
  });
  return feature;
}

/** Sends the group's CSV into this chat, as a reply to `replyTo` when given. */
export async function sendExport(ctx: BotContext, group: Group, replyTo?: number) {
  await ctx.replyWithChatAction('upload_document');
  const file = await ctx.dolya.bot.exportCsv.query({ groupId: group.id });
  await ctx.api.sendDocument(ctx.chat!.id, new InputFile(Buffer.from(file.content, 'utf8'), file.filename), {
    caption: ctx.t('export.caption', { group: group.name }),
    ...(replyTo !== undefined
      ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }
      : {}),
  });
}
