import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { groupOfChat } from '../flows/chat-group';
import { draftFromMessage } from '../flows/draft-from-message';
import { expenseTextOf } from '../flows/message-text';
import { parseMembers } from '../flows/proposal';
import { answersOf } from '../flows/questions';
import { quotedTextOf } from '../flows/quoted-text';
import { CALLBACK } from '../keyboards';
import { heardIn } from '../voice/heard';

/**
 * The buttons under a question («Кто такая Маша?», «Сколько всего?»). The question replies to the
 * writer's message, which Telegram hands back with the press: the message (a voice message: what
 * was heard, which heads the question) is read again with every answer so far, and the question
 * turns into the next question or the draft, in place. Only the writer may answer.
 */
export function questionButtonsFeature() {
  const feature = new Composer<BotContext>();

  feature.callbackQuery(/^ask:/, async (ctx) => {
    const question = ctx.callbackQuery.message;
    const original = question?.reply_to_message;
    // A question that quotes its message reads the quote: it may hold an amount typed in answer.
    const quoted = quotedTextOf(question);
    // A voice message has no text: what was heard heads the question.
    const heard =
      quoted === undefined && (original?.voice || original?.video_note) ? heardIn(question?.text) : undefined;
    const written = quoted ?? original?.text ?? original?.caption ?? heard;
    if (!question || !original || written === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t('question.gone'), show_alert: true });
      return;
    }
    if (original.from?.id !== ctx.from.id) {
      await ctx.answerCallbackQuery({ text: ctx.t('question.notAuthor'), show_alert: true });
      return;
    }
    const data = ctx.callbackQuery.data;
    const answers = answersOf(data);
    if (data !== CALLBACK.retype && data !== CALLBACK.retitle && !answers) {
      await ctx.answerCallbackQuery();
      return;
    }
    await ctx.answerCallbackQuery();
    const group = await groupOfChat(ctx);
    if (!group) return;
    if (data === CALLBACK.retitle) {
      await ctx.api.editMessageText(ctx.chat!.id, question.message_id, ctx.t('question.retitle'));
      return;
    }
    if (!answers) {
      const members = parseMembers(group)
        .map((member) => member.name)
        .join(', ');
      await ctx.api.editMessageText(ctx.chat!.id, question.message_id, ctx.t('question.retype', { members }));
      return;
    }
    await draftFromMessage(
      ctx,
      group,
      quoted !== undefined
        ? { messageId: original.message_id, text: quoted, putTogether: true }
        : heard === undefined
          ? { messageId: original.message_id, text: expenseTextOf(written, ctx.me.username) }
          : { messageId: original.message_id, text: heard, heard },
      { answers, questionMessageId: question.message_id },
    );
  });

  return feature;
}
