import { botDrafts, type Database, groupMembers, groups } from '@dolya/db';
import type { Cents, ExpenseInput, OriginalAmount } from '@dolya/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiConfig } from '../context';
import { AppError } from '../errors';
import { requireMember } from './access';
import {
  type DraftDisplay,
  type DraftProposal,
  draftFromProposal,
  type ProposalItem,
  type ProposalRate,
} from './draft-proposal';
import { type DraftRepeat, draftRepeat, draftRepeatView } from './draft-repeat';
import { groupSeats } from './expense-queries';
import { exchangeRate } from './fx-rates';
import { rowOf } from './group-rows';

/** A draft waits this long for Save; after that it answers `expired`. */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

export type DraftRow = typeof botDrafts.$inferSelect;
export type DraftStatus = DraftRow['status'] | 'expired';

/** A bot draft as its author sees it (BOT-CONTRACT.md); money in cents, dates as ISO strings. */
export interface Draft {
  id: string;
  groupId: string;
  groupName: string;
  currency: string;
  chatId: string;
  messageId: string;
  replyMessageId: string | null;
  authorUserId: string;
  /** expired: still open, but past expiresAt. */
  status: DraftStatus;
  expiresAt: string;
  expenseId: string | null;
  /** The expense as it will be saved, exact. */
  expense: {
    name: string;
    amountCents: Cents;
    payerId: string;
    /** Every participant's exact part, in group order. */
    splitCents: Record<string, Cents>;
    items: ProposalItem[];
    /** Who paid how much, when several did (issue 26). */
    payers?: { memberId: string; amountCents: Cents }[] | null;
    /** Paid in another currency: as the message said it, and the day's rate (issue 26). */
    original?: OriginalAmount | null;
    /**
     * Paid in another currency with no rate to be had (issue 26): every amount above is in this
     * currency, as the message said it. Save refuses it (needs_rate); the web form asks for the rate.
     */
    rateNeeded?: { currency: string } | null;
    /** The expense repeats (issue 28): its rule and next day; once saved, its series'. */
    repeat?: DraftRepeat | null;
  };
  /** Set for a repayment: the draft saves a settlement payment from -> to. */
  settlement?: { fromId: string; toId: string } | null;
  /** Member id -> name, every seat of the group. */
  memberNames: Record<string, string>;
}

export function draftStatus(row: DraftRow, now = new Date()): DraftStatus {
  return row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;
}

export async function draftView(db: Database, row: DraftRow): Promise<Draft> {
  const [group] = await db
    .select({ name: groups.name, currency: groups.currency, timeZone: groups.timeZone })
    .from(groups)
    .where(eq(groups.id, row.groupId));
  const seats = await groupSeats(db, row.groupId);
  const input = row.expenseInput as ExpenseInput;
  const display = row.display as unknown as DraftDisplay;
  return {
    id: row.id,
    groupId: row.groupId,
    groupName: group?.name ?? '',
    currency: group?.currency ?? '',
    chatId: row.chatId,
    messageId: row.messageId,
    replyMessageId: row.replyMessageId,
    authorUserId: row.authorUserId,
    status: draftStatus(row),
    expiresAt: row.expiresAt.toISOString(),
    expenseId: row.expenseId,
    expense: {
      name: input.name,
      amountCents: input.amountCents,
      payerId: input.paidById ?? '',
      splitCents: Object.fromEntries(display.splits),
      items: display.items,
      payers: input.payers ?? null,
      original: display.original ?? null,
      rateNeeded: display.rateNeeded ?? null,
      repeat: await draftRepeatView(db, row, group?.timeZone ?? 'Europe/Moscow'),
    },
    settlement:
      input.settlement && input.settlementFromId && input.settlementToId
        ? { fromId: input.settlementFromId, toId: input.settlementToId }
        : null,
    memberNames: Object.fromEntries(seats.map((s) => [s.id, s.name])),
  };
}

function draftNotFound(): AppError {
  return new AppError('DRAFT_NOT_FOUND', 'Draft not found');
}

/**
 * A draft the caller may see: one of a live group they hold an active seat in. Anything else is
 * the same 404 as a draft that does not exist, so draft ids cannot be probed. The bot's buttons
 * and the mini app's link carry the draft id alone, so it is looked for among the caller's groups:
 * one probe of the drafts' primary key (group_id, id) per group, no index on id alone.
 */
export async function requireVisibleDraft(db: Database, userId: string, draftId: string): Promise<DraftRow> {
  const [row] = await db
    .select({ draft: botDrafts })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(botDrafts, rowOf(botDrafts, groupMembers.groupId, draftId))
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.status, 'ACTIVE'), isNull(groups.deletedAt)))
    .limit(1);
  if (!row) throw draftNotFound();
  return row.draft;
}

/** The caller's own draft, in a group they are an active member of; DRAFT_NOT_FOUND otherwise. */
async function requireOwnDraft(db: Database, userId: string, draftId: string): Promise<DraftRow> {
  const row = await requireVisibleDraft(db, userId, draftId);
  if (row.authorUserId !== userId) throw draftNotFound();
  return row;
}

export async function getDraft(db: Database, userId: string, draftId: string): Promise<Draft> {
  return draftView(db, await requireOwnDraft(db, userId, draftId));
}

export interface CreateDraftInput {
  chatId: string;
  messageId: string;
  groupId: string;
  proposal: DraftProposal;
}

async function draftOfMessage(db: Database, chatId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(botDrafts)
    .where(and(eq(botDrafts.chatId, chatId), eq(botDrafts.messageId, messageId)));
  return row;
}

/** A message's draft found again: only its author may have it (a message has one sender). */
async function existingDraft(db: Database, userId: string, row: DraftRow) {
  if (row.authorUserId !== userId) {
    throw new AppError('CONFLICT', 'This message already has a draft of another author', 'messageId');
  }
  await requireMember(db, row.groupId, userId);
  return { draft: await draftView(db, row), created: false };
}

/**
 * One draft per Telegram message: the first call validates the proposal as expenses.create would
 * and stores it; a second call for the same message (a redelivered update) returns that draft and
 * writes nothing.
 */
export async function createDraft(
  db: Database,
  userId: string,
  { chatId, messageId, groupId, proposal }: CreateDraftInput,
  config: ApiConfig = { sessionSecret: '', sessionTtlDays: 0 },
): Promise<{ draft: Draft; created: boolean }> {
  // Another currency: the day's rate, asked before the transaction so no provider call holds one open.
  // None to be had (the provider down or not configured): the draft keeps the amounts as said and
  // asks for the rate in the form (issue 26).
  let rate: ProposalRate | 'unavailable' | undefined;
  if (proposal.foreignCurrency) {
    const existing = await draftOfMessage(db, chatId, messageId);
    if (existing) return existingDraft(db, userId, existing);
    const { group } = await requireMember(db, groupId, userId);
    try {
      const fetched = await exchangeRate(db, config, {
        from: proposal.foreignCurrency,
        to: group.currency,
        date: new Date().toISOString().slice(0, 10),
      });
      rate = { rate: fetched.rate, rateDate: fetched.date };
    } catch (error) {
      if (!(error instanceof AppError && error.appCode === 'RATE_UNAVAILABLE')) throw error;
      rate = 'unavailable';
    }
  }
  return db.transaction(async (tx) => {
    const existing = await draftOfMessage(tx, chatId, messageId);
    if (existing) return existingDraft(tx, userId, existing);
    const { group } = await requireMember(tx, groupId, userId);
    const { input, display } = draftFromProposal(proposal, await groupSeats(tx, groupId), rate);
    const repeat = draftRepeat(proposal, group.timeZone);
    if (repeat) display.repeat = repeat;
    const [row] = await tx
      .insert(botDrafts)
      .values({
        groupId,
        chatId,
        messageId,
        authorUserId: userId,
        expenseInput: input as Record<string, unknown>,
        display: display as unknown as Record<string, unknown>,
        expiresAt: new Date(Date.now() + DRAFT_TTL_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return { draft: await draftView(tx, row), created: true };
    // The same message raced in from another delivery: it has its draft now.
    const raced = await draftOfMessage(tx, chatId, messageId);
    if (!raced) throw new Error('A draft conflicted on its message but cannot be read');
    return existingDraft(tx, userId, raced);
  });
}

/** Remembers the bot's reply to the draft's message, so a redelivered message is not answered twice. */
export async function setDraftReply(db: Database, userId: string, draftId: string, replyMessageId: string) {
  const draft = await requireOwnDraft(db, userId, draftId);
  await db
    .update(botDrafts)
    .set({ replyMessageId })
    .where(rowOf(botDrafts, draft.groupId, draftId));
  return { ok: true as const };
}
