import { telegramChatTypes } from '@dolya/db';
import { centsSchema, currencyCodeSchema, displayNameSchema, idSchema, recurrenceInput } from '@dolya/domain';
import { z } from 'zod';

/** Telegram ids travel as decimal text: chat ids exceed 2^31 and group chats' are negative. */
export const telegramChatId = z.string().regex(/^-?[1-9][0-9]{0,19}$/, 'a Telegram chat id');
export const telegramMessageId = z.string().regex(/^[1-9][0-9]{0,15}$/, 'a Telegram message id');

const proposalItem = z.object({
  name: displayNameSchema(200),
  amountCents: centsSchema,
  participantIds: z.array(idSchema).max(500),
});

/** What the bot read from a message (BOT-CONTRACT.md); the services check it as expenses.create would. */
export const draftProposalInput = z.object({
  name: displayNameSchema(200, { optional: true }),
  amountCents: centsSchema,
  payerId: idSchema,
  participantIds: z.array(idSchema).max(500),
  splitCents: z.record(z.string(), centsSchema).nullish(),
  items: z.array(proposalItem).max(500).nullish(),
  /** A repayment read from the message («Оля вернула мне 350»): saved as a settlement from -> to. */
  settlement: z.object({ fromId: idSchema, toId: idSchema }).nullish(),
  /** Issue 26: the message's amounts are in this currency, not the group's; converted at the day's rate. */
  foreignCurrency: currencyCodeSchema.nullish(),
  /** Issue 26: several people paid, member id -> cents (in the message's currency), summing to amountCents. */
  payers: z.record(idSchema, centsSchema).nullish(),
  /** Issue 28: «каждый месяц» — the expense repeats; Save makes it the first of a series with this rule. */
  repeat: recurrenceInput.nullish(),
  sourceText: z.string().max(10_000),
});

export const bindChatInput = z.object({
  chatId: telegramChatId,
  chatType: z.enum(telegramChatTypes),
  groupId: idSchema,
});

export const createDraftInput = z.object({
  chatId: telegramChatId,
  messageId: telegramMessageId,
  groupId: idSchema,
  proposal: draftProposalInput,
});

export const draftIdInput = z.object({ draftId: idSchema });

/** Telegram's update_id: a non-negative integer. */
const updateId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const recordUpdateInput = z.object({
  updateId,
  /** The Telegram Update object as received. */
  update: z.record(z.string(), z.unknown()),
});

export const claimStaleInput = z
  .object({
    olderThanSeconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60 * 60)
      .default(60),
  })
  .default({ olderThanSeconds: 60 });
