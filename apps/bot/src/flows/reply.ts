import type { InlineKeyboard } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import type { BotContext } from '../context';

/** A reply tied to the message it answers (still sent if that message is gone). */
export function replyTo(
  ctx: BotContext,
  messageId: number,
  text: string,
  keyboard?: InlineKeyboard,
  entities?: MessageEntity[],
) {
  return ctx.api.sendMessage(ctx.chat!.id, text, {
    reply_parameters: { message_id: messageId, allow_sending_without_reply: true },
    ...(entities ? { entities } : {}),
    ...(keyboard && keyboard.inline_keyboard.flat().length > 0 ? { reply_markup: keyboard } : {}),
    link_preview_options: { is_disabled: true },
  });
}

/** A reply to the message of this update, or a plain message in the chat when there is none. */
export function answer(ctx: BotContext, text: string, keyboard?: InlineKeyboard) {
  const messageId = ctx.msg?.message_id;
  if (ctx.message && messageId !== undefined) return replyTo(ctx, messageId, text, keyboard);
  return ctx.api.sendMessage(ctx.chat!.id, text, {
    ...(keyboard && keyboard.inline_keyboard.flat().length > 0 ? { reply_markup: keyboard } : {}),
    link_preview_options: { is_disabled: true },
  });
}

/** Telegram refuses an edit that changes nothing; for us that edit is already done. */
export function isNotModified(error: unknown): boolean {
  return error instanceof Error && /message is not modified/i.test(error.message);
}
