import { botDrafts, type Database } from '@dolya/db';
import { type ExpenseInput, expenseInput } from '@dolya/domain';
import { and, eq, gt } from 'drizzle-orm';
import { AppError } from '../errors';
import { requireMember } from './access';
import { type Draft, type DraftRow, draftStatus, draftView, requireVisibleDraft } from './bot-drafts';
import type { DraftDisplay } from './draft-proposal';
import { startDraftSeries } from './draft-repeat';
import { createExpense } from './expenses';
import { rowOf } from './group-rows';

export type SaveOutcome = 'saved' | 'already_saved' | 'cancelled' | 'expired' | 'not_author' | 'needs_rate';
export type CancelOutcome = 'cancelled' | 'already_saved' | 'already_cancelled' | 'expired' | 'not_author';

/**
 * Moves the caller's open, unexpired draft to `status` with one conditional update. That update
 * is what makes a draft close once: a second caller waits on the row until the first commits,
 * then finds it no longer open and gets nothing.
 */
async function closeOpenDraft(
  db: Database,
  userId: string,
  { groupId, draftId }: DraftRef,
  status: 'saved' | 'cancelled',
): Promise<DraftRow | undefined> {
  const [row] = await db
    .update(botDrafts)
    .set({ status })
    .where(
      and(
        rowOf(botDrafts, groupId, draftId),
        eq(botDrafts.status, 'open'),
        gt(botDrafts.expiresAt, new Date()),
        eq(botDrafts.authorUserId, userId),
      ),
    )
    .returning();
  return row;
}

interface DraftRef {
  groupId: string;
  draftId: string;
}

/** Why a draft could not be closed, read after the conditional update found it no longer open. */
async function closedState(db: Database, { groupId, draftId }: DraftRef) {
  const [row] = await db
    .select()
    .from(botDrafts)
    .where(rowOf(botDrafts, groupId, draftId));
  if (!row) throw new AppError('DRAFT_NOT_FOUND', 'Draft not found');
  return { row, status: row.status === 'open' ? ('expired' as const) : row.status };
}

/** Creates the draft's expense in the caller's transaction, as expenses.create does, and links it. */
async function writeExpense(db: Database, userId: string, draft: DraftRow, input: ExpenseInput) {
  const created = await createExpense(db, userId, draft.groupId, input);
  await db
    .update(botDrafts)
    .set({ expenseId: created.id })
    .where(rowOf(botDrafts, draft.groupId, draft.id));
  return created;
}

/** A draft in another currency that no rate converted: its amounts are not the group's (issue 26). */
function needsRate(row: DraftRow): boolean {
  return Boolean((row.display as unknown as DraftDisplay).rateNeeded);
}

/**
 * The author's Save: in one transaction the open draft becomes saved and its expense is created
 * through the same service as expenses.create, with the same log row (and, for a draft that
 * repeats, its series, as expenses.create with a rule). Any other state answers
 * its outcome and writes nothing; callers outside the draft's group get DRAFT_NOT_FOUND. A draft
 * still waiting for its rate answers needs_rate and stays open, for the web form.
 */
export async function saveDraft(
  db: Database,
  userId: string,
  draftId: string,
): Promise<{ outcome: SaveOutcome; draft: Draft }> {
  return db.transaction(async (tx) => {
    const visible = await requireVisibleDraft(tx, userId, draftId);
    if (visible.authorUserId !== userId)
      return { outcome: 'not_author', draft: await draftView(tx, visible) };
    const ref = { groupId: visible.groupId, draftId };
    if (needsRate(visible) && draftStatus(visible) === 'open')
      return { outcome: 'needs_rate', draft: await draftView(tx, visible) };
    const claimed = await closeOpenDraft(tx, userId, ref, 'saved');
    if (!claimed) {
      const { row, status } = await closedState(tx, ref);
      const outcome = status === 'saved' ? 'already_saved' : status;
      return { outcome, draft: await draftView(tx, row) };
    }
    const { id } = await writeExpense(tx, userId, claimed, expenseInput.parse(claimed.expenseInput));
    await startDraftSeries(tx, userId, claimed, id);
    return { outcome: 'saved', draft: await draftView(tx, { ...claimed, expenseId: id }) };
  });
}

/** The author's Cancel: an open draft becomes cancelled; any other state answers its outcome. */
export async function cancelDraft(
  db: Database,
  userId: string,
  draftId: string,
): Promise<{ outcome: CancelOutcome; draft: Draft }> {
  return db.transaction(async (tx) => {
    const visible = await requireVisibleDraft(tx, userId, draftId);
    if (visible.authorUserId !== userId)
      return { outcome: 'not_author', draft: await draftView(tx, visible) };
    const ref = { groupId: visible.groupId, draftId };
    const closed = await closeOpenDraft(tx, userId, ref, 'cancelled');
    if (closed) return { outcome: 'cancelled', draft: await draftView(tx, closed) };
    const { row, status } = await closedState(tx, ref);
    const outcome =
      status === 'expired' ? 'expired' : status === 'saved' ? 'already_saved' : 'already_cancelled';
    return { outcome, draft: await draftView(tx, row) };
  });
}

/**
 * expenses.create with a draft (the web form prefilled from the bot): in one transaction the
 * caller's open, unexpired draft of this group is consumed and the expense, as the form sent it
 * with the draft's snapshot, is created. A draft that is not so is DRAFT_CLOSED, and nothing is written.
 */
export async function createExpenseConsumingDraft(
  db: Database,
  userId: string,
  groupId: string,
  draftId: string,
  input: ExpenseInput,
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, groupId, userId);
    const claimed = await closeOpenDraft(tx, userId, { groupId, draftId }, 'saved');
    if (!claimed) {
      throw new AppError(
        'DRAFT_CLOSED',
        'This draft is already saved, cancelled or expired, or is not yours',
        'draftId',
      );
    }
    // The snapshot is the draft's, the items as the bot recognised them, whatever the form sent;
    // none from a draft whose amounts were in another currency with no rate (not the group's cents).
    const { snapshot } = expenseInput.parse(claimed.expenseInput);
    return writeExpense(tx, userId, claimed, {
      ...input,
      snapshot: needsRate(claimed) ? null : (snapshot ?? null),
    });
  });
}
