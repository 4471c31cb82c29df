import type { InlineKeyboard } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import { hasAppCode } from '../api/errors';
import type { BotContext } from '../context';
import { closedDraftText, draftText } from '../format/draft-text';
import { draftKeyboard } from '../keyboards';
import { describeError } from '../log';
import type { ParseOutcome } from '../metrics';
import {
  isAmountToType,
  type NotExpenseReason,
  type ParseHints,
  type ParseResult,
  parseExpense,
} from '../parse';
import { withHeard } from '../voice/heard';
import { speaksOfAmount } from './amount-words';
import type { Group } from './chat-group';
import { examplesOf } from './examples';
import { draftProposal, parseMembers, proposalProblem, settlementProposal } from './proposal';
import { applyAnswer, firstQuestion, questionReply } from './questions';
import { replyTo } from './reply';

/**
 * What drafts.create answers for an expense it will not take (BOT-CONTRACT.md, "As built"). Not
 * RATE_UNAVAILABLE: a message in another currency with no rate to be had still gets its draft,
 * which says so and whose Edit opens the form to type the rate (issue 26).
 */
const REFUSALS = [
  'VALIDATION_ERROR',
  'INVALID_AMOUNT',
  'INVALID_SPLIT',
  'INVALID_MEMBER',
  'INVALID_RECURRENCE',
];

export interface ExpenseMessage {
  /** The message the expense was written in: the draft's key, with the chat. */
  messageId: number;
  text: string;
  /** The text was put together from a question and the amount typed in answer: quote it again. */
  putTogether?: boolean;
  /** A voice message's transcript (`text` is then the same): every answer starts with it. */
  heard?: string;
}

/**
 * Where the bot's answer goes: a new reply to the message, or (after a question's button) the
 * bot's own question message, edited in place.
 */
export interface Answering {
  /** The writer's answers to the questions so far, by button index, in the order asked. */
  answers: readonly number[];
  /** The bot's message holding the question that was answered. */
  questionMessageId?: number;
}

/**
 * A message read into a draft on the server and shown with Save / Edit / Cancel; or a question
 * with a button per candidate when the payer, the amount, a person or the kind is unclear; or a
 * short help when it is no expense. Questions keep no state: each answer is carried in the next
 * buttons' data and the message is read again with all answers so far as hints. Exactly once: the
 * draft is keyed by (chat, message), so a redelivered message or a second press finds its draft.
 */
export async function draftFromMessage(
  ctx: BotContext,
  group: Group,
  message: ExpenseMessage,
  answering: Answering = { answers: [] },
) {
  const { t, services } = ctx;
  const me = group.users.find((user) => user.isCurrentUser && user.membershipStatus === 'ACTIVE');
  if (!me) {
    await replyTo(ctx, message.messageId, t('chat.notMember'));
    return;
  }
  const members = parseMembers(group);
  const read = (hints: ParseHints) =>
    parseExpense(
      {
        text: message.text,
        members,
        writerId: me.memberId,
        currency: group.currency,
        language: ctx.language,
        hints,
      },
      {
        model: services.model,
        onModelFailure: (error) =>
          services.log.warn('model failed, the rules answered', describeError(error)),
      },
    );
  const hints: ParseHints = {};
  let result = await read(hints);
  for (const choice of answering.answers) {
    const question = firstQuestion(result);
    if (!question || !applyAnswer(question, choice, hints)) break;
    result = await read(hints);
  }
  const counted = (outcome: ParseOutcome) => services.metrics?.parsed(outcome, result.source);
  // A quoted answer shows what was said already (a voice message's transcript too).
  const show = (text: string, keyboard?: InlineKeyboard, entities?: MessageEntity[]) =>
    shown(
      ctx,
      message.messageId,
      answering,
      entities ? text : withHeard(message.heard, text),
      keyboard,
      entities,
    );

  if (result.kind === 'not-expense') {
    counted('not_expense');
    await show(notExpenseText(ctx, result.reason, group, message.text));
    return;
  }
  const question = firstQuestion(result);
  if (question) {
    counted('question');
    const asked = questionReply(
      result,
      question,
      answering.answers,
      members,
      group.currency,
      t,
      ctx.language,
      isAmountToType(question) || message.putTogether ? message.text : undefined,
    );
    await show(asked.text, asked.keyboard, asked.entities);
    return;
  }
  const problem = result.kind === 'expense' ? proposalProblem(result.proposal, t) : undefined;
  if (problem) {
    counted('question');
    await show(problem);
    return;
  }

  let created: Awaited<ReturnType<typeof ctx.dolya.bot.drafts.create.mutate>>;
  try {
    created = await ctx.dolya.bot.drafts.create.mutate({
      chatId: String(ctx.chat!.id),
      messageId: String(message.messageId),
      groupId: group.id,
      proposal:
        result.kind === 'expense'
          ? draftProposal(result.proposal, message.text)
          : settlementProposal(result.settlement, message.text),
    });
  } catch (error) {
    // The server checks the expense as expenses.create would; what it refuses is the writer's to fix.
    if (!hasAppCode(error, ...REFUSALS)) throw error;
    services.log.warn('the server refused a draft', describeError(error));
    counted('refused');
    await show(t('expense.refused'));
    return;
  }
  counted('draft');
  const { draft } = created;
  if (!created.created && draft.replyMessageId !== null && answering.questionMessageId === undefined) return;
  let reply: number;
  if (draft.status === 'open') {
    const keyboard = draftKeyboard(draft, ctx.chatKind, t, services.links);
    // Another currency with no rate (issue 26): the text sends to Edit, or to the app without one.
    const canEdit = keyboard.inline_keyboard.flat().some((button) => 'url' in button || 'web_app' in button);
    reply = await show(draftText(draft, t, ctx.language, canEdit ? 'edit' : 'app'), keyboard);
  } else {
    reply = await show(closedDraftText(draft, t, ctx.language));
  }
  await ctx.dolya.bot.drafts.setReply.mutate({ draftId: draft.id, replyMessageId: String(reply) });
}

/** Sends the answer, or edits the question it answers; the id of the bot's message either way. */
async function shown(
  ctx: BotContext,
  messageId: number,
  answering: Answering,
  text: string,
  keyboard?: InlineKeyboard,
  entities?: MessageEntity[],
): Promise<number> {
  if (answering.questionMessageId === undefined)
    return (await replyTo(ctx, messageId, text, keyboard, entities)).message_id;
  try {
    await ctx.api.editMessageText(ctx.chat!.id, answering.questionMessageId, text, {
      ...(keyboard && keyboard.inline_keyboard.flat().length > 0 ? { reply_markup: keyboard } : {}),
      ...(entities ? { entities } : {}),
      link_preview_options: { is_disabled: true },
    });
  } catch (error) {
    if (!(error instanceof Error && /message is not modified/i.test(error.message))) throw error;
  }
  return answering.questionMessageId;
}

/** Why a message is no expense, in a reply that says what would be one. */
function notExpenseText(ctx: BotContext, reason: NotExpenseReason, group: Group, text: string): string {
  const { t } = ctx;
  switch (reason) {
    case 'ZERO_AMOUNT':
      return t('expense.zeroAmount');
    case 'INVALID_AMOUNT':
      return t('expense.badAmount');
    case 'NOT_MONEY':
      return t('expense.notMoney');
    case 'NO_AMOUNT':
      // «такси дофига рублей»: an amount was meant, in words the reader did not understand.
      return speaksOfAmount(text) ? t('expense.amountNotRead') : t('expense.noAmount');
    case 'QUESTION':
      return t('expense.question');
    case 'NOT_YET':
      return t('expense.notYet');
    case 'REQUEST':
      return t('expense.request');
    case 'PERSONAL':
      return t('expense.personal');
    case 'TALK':
      return t('expense.talk');
    default:
      return t('expense.notExpense', examplesOf(group, ctx.language));
  }
}

export type { ParseResult };
