import { categories, type Database, expenseItems, groupLogs } from '@dolya/db';
import { type Cents, sumCents } from '@dolya/domain';
import { type ExportEntry, type ExportGroup, writeSplitwiseCsv } from '@dolya/interchange';
import { asc, eq, inArray } from 'drizzle-orm';
import { type GroupRow, requireMember } from './access';
import { type LedgerExpense, loadLedger } from './admin/ledger';

export type GroupExportFormat = 'csv' | 'json';

/** A file to download: its name, type and text. */
export interface GroupExportFile {
  filename: string;
  contentType: string;
  content: string;
}

/** The day of a moment in the group's time zone, YYYY-MM-DD. */
export function dayIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);
}

/**
 * What each member paid and what each member's part is. What the splits leave unallocated is the
 * part of the member shown as payer, and what the payer rows leave unpaid was paid by them (the
 * balance rule), so the two always sum to the amount.
 */
function payersAndShares(expense: LedgerExpense) {
  const payers: Record<string, Cents> = {};
  const shares: Record<string, Cents> = {};
  for (const row of expense.payers) payers[row.memberId] = (payers[row.memberId] ?? 0) + row.amountCents;
  for (const row of expense.splits) shares[row.memberId] = (shares[row.memberId] ?? 0) + row.amountCents;
  const paidBy = expense.paidByMemberId;
  const unpaid = expense.amountCents - sumCents(Object.values(payers));
  if (unpaid !== 0) payers[paidBy] = (payers[paidBy] ?? 0) + unpaid;
  const unallocated = expense.amountCents - sumCents(Object.values(shares));
  if (!expense.isSettlement && unallocated !== 0) shares[paidBy] = (shares[paidBy] ?? 0) + unallocated;
  return { payers, shares };
}

function original(expense: LedgerExpense) {
  return expense.originalCurrency !== null &&
    expense.originalAmountCents !== null &&
    expense.exchangeRate !== null
    ? {
        currency: expense.originalCurrency,
        amountCents: expense.originalAmountCents,
        rate: expense.exchangeRate,
        rateDate: expense.rateDate,
        rateSource: expense.rateSource,
      }
    : null;
}

/** What both formats read: the group's seats and live expenses, and the categories they use. */
async function loadGroupRecord(db: Database, group: GroupRow) {
  const ledger = await loadLedger(db, group.id);
  const categoryIds = [...new Set(ledger.expenses.flatMap((e) => (e.categoryId ? [e.categoryId] : [])))];
  const categoryRows = categoryIds.length
    ? await db.select().from(categories).where(inArray(categories.id, categoryIds))
    : [];
  return { ledger, categoryRows };
}

type GroupRecordParts = Awaited<ReturnType<typeof loadGroupRecord>>;

function groupCsv(group: GroupRow, { ledger, categoryRows }: GroupRecordParts, now: Date): string {
  const categoryName = new Map(categoryRows.map((c) => [c.id, c.name]));
  const day = (moment: Date) => dayIn(moment, group.timeZone);
  const snapshot: ExportGroup = {
    name: group.name,
    currency: group.currency,
    exportDate: day(now),
    members: ledger.seats.map((seat) => ({ id: seat.id, name: seat.name })),
    entries: ledger.expenses.map((expense): ExportEntry => {
      const money = original(expense);
      return {
        date: day(expense.date),
        description: expense.name,
        category: expense.categoryId ? (categoryName.get(expense.categoryId) ?? '') : '',
        costCents: expense.amountCents,
        ...payersAndShares(expense),
        isSettlement: expense.isSettlement,
        ...(money
          ? { original: { currency: money.currency, amountCents: money.amountCents, rate: money.rate } }
          : {}),
      };
    }),
  };
  return writeSplitwiseCsv(snapshot);
}

/** Dolya's JSON of a group (its shape: packages/interchange/FORMATS.md), as plain data. */
async function groupJson(
  db: Database,
  group: GroupRow,
  { ledger, categoryRows }: GroupRecordParts,
  now: Date,
) {
  const groupId = group.id;
  const [items, logs] = await Promise.all([
    db
      .select()
      .from(expenseItems)
      .where(eq(expenseItems.groupId, groupId))
      .orderBy(asc(expenseItems.expenseId), asc(expenseItems.position)),
    db.select().from(groupLogs).where(eq(groupLogs.groupId, groupId)).orderBy(asc(groupLogs.createdAt)),
  ]);
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) itemsOf.set(item.expenseId, [...(itemsOf.get(item.expenseId) ?? []), item]);
  const live = ledger.expenses.filter((e) => !e.isSettlement);
  const settlements = ledger.expenses.filter((e) => e.isSettlement);
  return {
    format: 'dolya-group' as const,
    version: 1 as const,
    exportedAt: now.toISOString(),
    group: { id: group.id, name: group.name, currency: group.currency, timeZone: group.timeZone },
    members: ledger.seats.map((seat) => ({
      id: seat.id,
      name: seat.name,
      status: seat.status,
      isAdmin: seat.isAdmin,
      share: seat.share,
      hasAccount: seat.userId !== null,
    })),
    categories: categoryRows.map((c) => ({ id: c.id, name: c.name, nameRu: c.nameRu })),
    expenses: live.map((e) => ({
      id: e.id,
      date: e.date.toISOString(),
      name: e.name,
      categoryId: e.categoryId,
      notes: e.notes,
      amountCents: e.amountCents,
      currency: group.currency,
      original: original(e),
      paidByMemberId: e.paidByMemberId,
      payers: e.payers,
      splitMethod: e.splitMethod,
      sharesInput: e.sharesInput,
      percentagesInput: e.percentagesInput,
      splits: e.splits,
      items: (itemsOf.get(e.id) ?? []).map((item) => ({
        name: item.name,
        quantity: item.quantity,
        amountCents: item.amountCents,
        split: item.split,
      })),
    })),
    settlements: settlements.map((e) => ({
      id: e.id,
      date: e.date.toISOString(),
      fromMemberId: e.settlementFromId ?? e.paidByMemberId,
      toMemberId: e.settlementToId ?? e.splits[0]?.memberId ?? null,
      amountCents: e.amountCents,
      notes: e.notes,
    })),
    log: logs.map((entry) => ({
      at: entry.createdAt.toISOString(),
      actorMemberId: entry.actorMemberId,
      action: entry.action,
      message: entry.message,
      details: entry.details,
    })),
  };
}

export type GroupJson = Awaited<ReturnType<typeof groupJson>>;

/**
 * The JSON record of a group the caller is an active member of (outsiders: GROUP_NOT_FOUND); the
 * account's data download (account-data.ts) holds one per group.
 */
export async function groupJsonFor(db: Database, groupId: string, userId: string, now = new Date()) {
  const { group } = await requireMember(db, groupId, userId);
  return groupJson(db, group, await loadGroupRecord(db, group), now);
}

/** A file name of plain letters, digits and dashes: dolya-<name>-<day>. */
export function exportFileBase(name: string, day: string): string {
  return `dolya-${name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'group'}-${day}`;
}

/**
 * A group's whole record for one of its members (outsiders: GROUP_NOT_FOUND, like every group
 * route), as a Splitwise-layout CSV or as Dolya's JSON (its shape: packages/interchange/FORMATS.md).
 */
export async function exportGroupFile(
  db: Database,
  groupId: string,
  userId: string,
  format: GroupExportFormat,
  now = new Date(),
): Promise<GroupExportFile> {
  const { group } = await requireMember(db, groupId, userId);
  const parts = await loadGroupRecord(db, group);
  const base = exportFileBase(group.name, dayIn(now, group.timeZone));
  if (format === 'csv') {
    return {
      filename: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      content: groupCsv(group, parts, now),
    };
  }
  return {
    filename: `${base}.json`,
    contentType: 'application/json; charset=utf-8',
    content: `${JSON.stringify(await groupJson(db, group, parts, now), null, 2)}\n`,
  };
}
