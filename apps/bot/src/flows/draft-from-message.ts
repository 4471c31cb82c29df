import { hasAppCode } from '../api/errors';
import type { BotContext } from '../context';
import { closedDraftText, draftText } from '../format/draft-text';
import { draftKeyboard } from '../keyboards';
import { describeError } from '../log';
import type { ParseOutcome } from '../metrics';
import { parseExpense } from '../parse';
import type { Group } from './chat-group';
import { draftProposal, parseMembers, proposalProblem } from './proposal';
import { replyTo } from './reply';

/** What drafts.create answers for an expense it will not take (BOT-CONTRACT.md, "As built"). */
const REFUSALS = ['VALIDATION_ERROR', 'INVALID_AMOUNT', 'INVALID_SPLIT', 'INVALID_MEMBER'];

export interface ExpenseMessage {
  /** The message the expense was written in: the draft's key, with the chat. */
  messageId: number;
  text: string;
}

/**
 * A message read into a draft on the server and shown with Save / Edit / Cancel; or a question
 * when a name or the currency is unclear; or a short help when it is no expense. Exactly once: the
 * draft is keyed by (chat, message), so a redelivered message finds its draft, and when the reply
 * was recorded (setReply) it is not sent again.
 */
export async function draftFromMessage(ctx: BotContext, group: Group, message: ExpenseMessage) {
  const { t, language, services } = ctx;
  const me = group.users.find((user) => user.isCurrentUser && user.membershipStatus === 'ACTIVE');
  if (!me) {
    await replyTo(ctx, message.messageId, t('chat.notMember'));
    return;
  }
  const result = await parseExpense(
    {
      text: message.text,
      members: parseMembers(group),
      writerId: me.memberId,
      currency: group.currency,
      language,
    },
    {
      model: services.model,
      onModelFailure: (error) => services.log.warn('model failed, the rules answered', describeError(error)),
    },
  );
  const counted = (outcome: ParseOutcome) => services.metrics?.parsed(outcome, result.source);
  // Repayments become settlement drafts (issue 24, in progress); until then they are declined.
  if (result.kind !== 'expense') {
    counted('not_expense');
    await replyTo(ctx, message.messageId, t('expense.notExpense'));
    return;
  }
  const problem = proposalProblem(result.proposal, group, t);
  if (problem) {
    counted('question');
    await replyTo(ctx, message.messageId, problem);
    return;
  }

  let created: Awaited<ReturnType<typeof ctx.dolya.bot.drafts.create.mutate>>;
  try {
    created = await ctx.dolya.bot.drafts.create.mutate({
      chatId: String(ctx.chat!.id),
      messageId: String(message.messageId),
      groupId: group.id,
      proposal: draftProposal(result.proposal, message.text),
    });
  } catch (error) {
    // Another currency without a rate to be had today: say so; the web form takes a typed rate.
    if (result.proposal.foreignCurrency && hasAppCode(error, 'RATE_UNAVAILABLE')) {
      counted('question');
      await replyTo(
        ctx,
        message.messageId,
        t('expense.noRate', { currency: result.proposal.foreignCurrency, groupCurrency: group.currency }),
      );
      return;
    }
    // The server checks the expense as expenses.create would; what it refuses is the writer's to fix.
    if (!hasAppCode(error, ...REFUSALS)) throw error;
    services.log.warn('the server refused a draft', describeError(error));
    counted('refused');
    await replyTo(ctx, message.messageId, t('expense.refused'));
    return;
  }
  counted('draft');
  const { draft } = created;
  if (!created.created && draft.replyMessageId !== null) return;
  const reply =
    draft.status === 'open'
      ? await replyTo(
          ctx,
          message.messageId,
          draftText(draft, t, language),
          draftKeyboard(draft, ctx.chatKind, t, services.links),
        )
      : await replyTo(ctx, message.messageId, closedDraftText(draft, t, language));
  await ctx.dolya.bot.drafts.setReply.mutate({ draftId: draft.id, replyMessageId: String(reply.message_id) });
}
