import {
  categories,
  type Database,
  expenseItems,
  expenseSeries,
  expenses,
  groupMembers,
  groups,
  preparedFor,
} from '@dolya/db';
import type {
  Cents,
  ExpenseFilter,
  ItemSplit,
  OriginalAmount,
  RecurrenceUnit,
  SnapshotItem,
  SplitMethod,
} from '@dolya/domain';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pgErrorOf } from '../error-mapping';
import { AppError } from '../errors';
import { type MemberRow, requireMember, requireSeatAmong } from './access';
import { CURSOR_TIMESTAMP_FORMAT, decodeCursor, encodeCursor } from './expense-cursor';
import { type FilterQuery, filterQuery } from './expense-filter';
import { rowOf } from './group-rows';
import { settleAll } from './settle-all';

type ExpenseRow = typeof expenses.$inferSelect;
type SplitRow = { memberId: string; amountCents: Cents; position: number };

/** A receipt position (spec §3 "Expense item"), money in cents. */
export interface ExpenseItem {
  id: string;
  name: string;
  /** Quantity; 1 when added by hand. */
  number: number;
  amountCents: Cents;
  /** How the item is shared, money in cents. */
  split: ItemSplit;
}

/** An expense or a settlement as clients see it (spec §3 "Expense"), money in cents. */
export interface Expense {
  id: string;
  groupId: string;
  name: string;
  amountCents: Cents;
  paidById: string;
  /** Members with a split, in group order. */
  participants: string[];
  /** Cents per member id, in group order. */
  splitCents: Record<string, Cents>;
  /** ISO timestamp. */
  date: string;
  notes: string | null;
  settlement: boolean;
  settlementFromId: string | null;
  settlementToId: string | null;
  createdById: string | null;
  category: { id: string; name: string } | null;
  splitMethod: SplitMethod;
  sharesInput: Record<string, number> | null;
  percentagesInput: Record<string, number> | null;
  /** Names of removed members the expense still refers to. */
  memberNames: Record<string, string>;
  items: ExpenseItem[];
  /** The items as first recognised (by the bot), never changed by edits; only `expenses.get` returns it. */
  snapshot: SnapshotItem[] | null;
  /** Who paid how much (issue 26), in group order; one payer: paidById paid it all. */
  payers: { memberId: string; amountCents: Cents }[];
  /** Paid in another currency (issue 26): as paid, and the rate that made amountCents. */
  original: OriginalAmount | null;
  /** Optimistic concurrency: send it back on update. */
  version: number;
  /** The recurring series it belongs to (issue 28), or null. */
  seriesId: string | null;
}

/** The repeat of an expense as its screen shows it (issue 28); nextDate is null once it has ended or stopped. */
export interface ExpenseSeriesInfo {
  id: string;
  every: number;
  unit: RecurrenceUnit;
  until: string | null;
  count: number | null;
  nextDate: string | null;
  state: 'active' | 'paused' | 'stopped';
}

/** One expense as `expenses.get` answers: with its snapshot and its series. */
export type ExpenseDetail = Expense & { series: ExpenseSeriesInfo | null };

/** Seats of a group in group order, removed ones included. */
export async function groupSeats(db: Database, groupId: string): Promise<MemberRow[]> {
  return preparedFor(db, 'seats', (d) =>
    d
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, sql.placeholder('groupId')))
      .orderBy(asc(groupMembers.position))
      .prepare('seats'),
  ).execute({ groupId });
}

/** What the list reads of a seat: the access check's, the group order's and a removed seat's name. */
const seatColumns = {
  id: groupMembers.id,
  userId: groupMembers.userId,
  name: groupMembers.name,
  status: groupMembers.status,
  position: groupMembers.position,
};
type SeatRow = Pick<MemberRow, keyof typeof seatColumns>;

/**
 * Seats of a group in group order, removed ones included, and whether the group is deleted: what
 * the expense list needs, with the caller's access to it, in one query.
 */
async function seatsWithGroupState(db: Database, groupId: string) {
  const rows = await preparedFor(db, 'seats-with-group-state', (d) =>
    d
      .select({ seat: seatColumns, groupDeletedAt: groups.deletedAt })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.groupId, sql.placeholder('groupId')))
      .orderBy(asc(groupMembers.position))
      .prepare('seats-with-group-state'),
  ).execute({ groupId });
  return { seats: rows.map((r) => r.seat), groupDeleted: rows[0]?.groupDeletedAt != null };
}

/**
 * A row of the expense list: the expense without `snapshot` (see `expenses.get`) and
 * `participants` (the keys of `splitCents`); `items`, and the typed `sharesInput` and
 * `percentagesInput` that only an edit form needs, only when asked for (the REST facade does).
 */
export type ExpenseListItem = Omit<
  Expense,
  'snapshot' | 'participants' | 'items' | 'sharesInput' | 'percentagesInput'
> &
  Partial<Pick<Expense, 'items' | 'sharesInput' | 'percentagesInput'>>;

export interface ExpensePage {
  /** Newest first: date, then creation, then id, descending. */
  items: ExpenseListItem[];
  /** Pass it back for the next page; null on the last page. */
  nextCursor: string | null;
}

export const EXPENSE_PAGE_SIZE = { default: 50, max: 200 } as const;

export interface ListExpensesInput {
  groupId: string;
  limit?: number | undefined;
  cursor?: string | null | undefined;
  withItems?: boolean | undefined;
  withSplitInputs?: boolean | undefined;
  /** Only the expenses that match (search and filters); absent for the whole list. */
  filter?: ExpenseFilter | undefined;
}

/** Every column a list row needs but the split inputs; never `snapshot` (up to 20 kB each, read only by `expenses.get`). */
const listedColumns = {
  id: expenses.id,
  groupId: expenses.groupId,
  name: expenses.name,
  amountCents: expenses.amountCents,
  paidByMemberId: expenses.paidByMemberId,
  date: expenses.date,
  notes: expenses.notes,
  isSettlement: expenses.isSettlement,
  settlementFromId: expenses.settlementFromId,
  settlementToId: expenses.settlementToId,
  createdByMemberId: expenses.createdByMemberId,
  categoryId: expenses.categoryId,
  splitMethod: expenses.splitMethod,
  originalCurrency: expenses.originalCurrency,
  originalAmountCents: expenses.originalAmountCents,
  exchangeRate: expenses.exchangeRate,
  rateDate: expenses.rateDate,
  rateSource: expenses.rateSource,
  version: expenses.version,
  seriesId: expenses.seriesId,
};
/** The split inputs, read only for the callers that ask for them (an edit form, the REST facade). */
const splitInputColumns = {
  sharesInput: expenses.sharesInput,
  percentagesInput: expenses.percentagesInput,
};
type ListedRow = { [K in keyof typeof listedColumns]: ExpenseRow[K] } & {
  [K in keyof typeof splitInputColumns]?: ExpenseRow[K];
};

/**
 * An expense's split rows as JSON text, `[[memberId, cents], ...]`, read with the row itself so a
 * page takes one round trip, not two (an index lookup per row on the splits' primary key).
 */
const splitsJson = sql<string | null>`(
  select json_agg(json_build_array(s.member_id, s.amount_cents))::text from expense_splits s
  where s.group_id = ${expenses.groupId} and s.expense_id = ${expenses.id})`;

/**
 * An expense's payer rows as JSON text, `[[memberId, cents], ...]`, only when there are several
 * (most expenses have one payer, paid_by_member_id paying it all, and send no JSON).
 */
const payersJson = sql<string | null>`(
  select json_agg(json_build_array(p.member_id, p.amount_cents))::text from expense_payers p
  where p.group_id = ${expenses.groupId} and p.expense_id = ${expenses.id} having count(*) > 1)`;

/** Whether an expense has receipt items: a page reads the items only of the rows that have some. */
const hasItems = sql<boolean>`exists(select 1 from expense_items i
  where i.group_id = ${expenses.groupId} and i.expense_id = ${expenses.id})`;

const cursorText = (column: typeof expenses.date | typeof expenses.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', ${CURSOR_TIMESTAMP_FORMAT})`;

/** What decides a page's statement: each shape is prepared once (see expensePageQuery). */
export interface PageShape {
  afterCursor: boolean;
  filter: FilterQuery;
  withItems: boolean;
  withSplitInputs: boolean;
}

/**
 * A page of a group's expenses: the first page or the page after a cursor, with or without the
 * items' flags and the split inputs (only the REST facade and an edit form ask for them), unfiltered
 * or with one combination of the filters (expense-filter.ts). Exported for the test of its plan.
 *
 * The LIMIT stays a placeholder. PostgreSQL's generic plan for it counts a tenth of the group's
 * estimated rows, which keeps the plan a walk of `expenses_group_date_idx` that stops at the page's
 * end. With the number written in instead, a database of many small groups got a generic plan that
 * read a big group whole and sorted it (10 000 expenses among 5 000 groups of four: 17.6 ms of
 * PostgreSQL's CPU a page instead of 0.8). Where one group holds most rows (the benchmarks' database)
 * the statement is planned on each call instead, about 0.2 ms.
 */
export function expensePageSelect(d: Database, shape: PageShape) {
  const { afterCursor, filter, withItems, withSplitInputs } = shape;
  return d
    .select({
      expense: withSplitInputs ? { ...listedColumns, ...splitInputColumns } : listedColumns,
      categoryName: categories.name,
      splitsJson,
      payersJson,
      // Only a page with its items needs to know which rows have some.
      ...(withItems ? { hasItems } : {}),
      dateKey: cursorText(expenses.date),
      createdKey: cursorText(expenses.createdAt),
    })
    .from(expenses)
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .where(
      and(
        eq(expenses.groupId, sql.placeholder('groupId')),
        isNull(expenses.deletedAt),
        afterCursor
          ? sql`(${expenses.date}, ${expenses.createdAt}, ${expenses.id}) < (${sql.placeholder('date')}::timestamptz, ${sql.placeholder('createdAt')}::timestamptz, ${sql.placeholder('id')}::uuid)`
          : undefined,
        ...filter.conditions,
      ),
    )
    .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id))
    .limit(sql.placeholder('limit'));
}

/** The page's statement, prepared once per database and shape. */
const expensePageQuery = (db: Database, shape: PageShape) => {
  const { afterCursor, filter, withItems, withSplitInputs } = shape;
  const name = `expense-page${afterCursor ? '-after' : ''}${withItems ? '-items' : ''}${withSplitInputs ? '-inputs' : ''}${filter.shape ? `-${filter.shape}` : ''}`;
  return preparedFor(db, name, (d) => expensePageSelect(d, shape).prepare(name));
};

/**
 * One page of a group's live expenses and settlements, newest first (date, creation, id), read by
 * keyset from `expenses_group_date_idx`: a page costs the same on the first and the last page, and
 * rows deleted or added meanwhile never shift the next one.
 */
export async function listExpenses(
  db: Database,
  userId: string,
  input: ListExpensesInput,
): Promise<ExpensePage> {
  const { groupId, withItems = false, withSplitInputs = false } = input;
  const limit = input.limit ?? EXPENSE_PAGE_SIZE.default;
  // The page is read alongside the access check and dropped if the check fails.
  const seatsOfCaller = seatsWithGroupState(db, groupId).then(({ seats, groupDeleted }) => {
    requireSeatAmong(seats, userId, groupDeleted);
    return seats;
  });
  let after: ReturnType<typeof decodeCursor> | null = null;
  try {
    after = input.cursor ? decodeCursor(input.cursor) : null;
  } catch (error) {
    // An outsider gets the 404 first, whatever the cursor.
    await seatsOfCaller;
    throw error;
  }
  const filter = filterQuery(input.filter);
  const shape: PageShape = { afterCursor: after !== null, filter, withItems, withSplitInputs };
  const pageQuery = expensePageQuery(db, shape)
    .execute({
      ...filter.values,
      groupId,
      limit: limit + 1,
      ...(after && { date: after.date, createdAt: after.createdAt, id: after.id }),
    })
    .catch((error: unknown) => {
      // 22023: a zone name the runtime knew but this PostgreSQL's time zone data does not.
      if (pgErrorOf(error)?.code === '22023') {
        throw new AppError('VALIDATION_ERROR', 'filter.timeZone: unknown time zone', 'filter.timeZone');
      }
      throw error;
    });
  // The access check's 404 comes first, and only once the page query has finished too.
  const [seats, rows] = await settleAll([seatsOfCaller, pageQuery]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const views = await expenseViews(db, groupId, page, { withItems, seats });
  return {
    items: views.map((view) => listItem(view, { withItems, withSplitInputs })),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ date: last.dateKey, createdAt: last.createdKey, id: last.expense.id })
        : null,
  };
}

/**
 * A list row, copied field by field: taking the other fields apart with rest-and-spread cost about
 * 10 µs a row on the bench machine, which made it a visible part of a page's CPU.
 */
function listItem(
  view: Omit<Expense, 'snapshot'>,
  { withItems, withSplitInputs }: { withItems: boolean; withSplitInputs: boolean },
): ExpenseListItem {
  const row: ExpenseListItem = {
    id: view.id,
    groupId: view.groupId,
    name: view.name,
    amountCents: view.amountCents,
    paidById: view.paidById,
    splitCents: view.splitCents,
    date: view.date,
    notes: view.notes,
    settlement: view.settlement,
    settlementFromId: view.settlementFromId,
    settlementToId: view.settlementToId,
    createdById: view.createdById,
    category: view.category,
    splitMethod: view.splitMethod,
    memberNames: view.memberNames,
    payers: view.payers,
    original: view.original,
    version: view.version,
    seriesId: view.seriesId,
  };
  if (withItems) row.items = view.items;
  if (withSplitInputs) {
    row.sharesInput = view.sharesInput;
    row.percentagesInput = view.percentagesInput;
  }
  return row;
}

const expenseNotFound = () => new AppError('EXPENSE_NOT_FOUND', 'Expense not found');

/**
 * One live expense of a group the caller is an active member of, with its items and snapshot; 404
 * EXPENSE_NOT_FOUND otherwise (also for an expense of another group).
 */
export async function getExpense(
  db: Database,
  userId: string,
  { groupId, expenseId }: { groupId: string; expenseId: string },
): Promise<ExpenseDetail> {
  const [[row], seats] = await settleAll([
    db
      .select({ expense: expenses, categoryName: categories.name, splitsJson, payersJson })
      .from(expenses)
      .leftJoin(categories, eq(categories.id, expenses.categoryId))
      .where(and(rowOf(expenses, groupId, expenseId), isNull(expenses.deletedAt))),
    groupSeats(db, groupId),
    requireMember(db, groupId, userId).catch(() => {
      throw expenseNotFound();
    }),
  ]);
  if (!row) throw expenseNotFound();
  const [[view], series] = await settleAll([
    expenseViews(db, groupId, [row], { withItems: true, seats }),
    row.expense.seriesId ? seriesInfo(db, groupId, row.expense.seriesId) : null,
  ]);
  return { ...view!, snapshot: row.expense.snapshot, series };
}

async function seriesInfo(
  db: Database,
  groupId: string,
  seriesId: string,
): Promise<ExpenseSeriesInfo | null> {
  const [row] = await db
    .select()
    .from(expenseSeries)
    .where(rowOf(expenseSeries, groupId, seriesId));
  if (!row) return null;
  return {
    id: row.id,
    every: row.every,
    unit: row.unit,
    until: row.until,
    count: row.count,
    nextDate: row.status === 'stopped' ? null : row.nextDate,
    state: row.status,
  };
}

/**
 * The group of a live expense known by its id alone, among the groups the caller has an active
 * seat in; 404 EXPENSE_NOT_FOUND otherwise. Only the spec's REST paths need it
 * (`/api/groups/expenses/{id}` names no group); each of the caller's groups is one probe of the
 * expenses' primary key (group_id, id), so no index on id alone is needed.
 */
export async function locateExpense(db: Database, userId: string, expenseId: string) {
  const [row] = await db
    .select({ groupId: expenses.groupId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(expenses, rowOf(expenses, groupMembers.groupId, expenseId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'ACTIVE'),
        isNull(groups.deletedAt),
        isNull(expenses.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw expenseNotFound();
  return row;
}

async function expenseViews(
  db: Database,
  groupId: string,
  rows: {
    expense: ListedRow;
    categoryName: string | null;
    splitsJson: string | null;
    payersJson: string | null;
    hasItems?: boolean;
  }[],
  { withItems, seats }: { withItems: boolean; seats: readonly SeatRow[] },
): Promise<Omit<Expense, 'snapshot'>[]> {
  if (rows.length === 0) return [];
  const ids = rows.filter((r) => r.hasItems !== false).map((r) => r.expense.id);
  const itemRows =
    withItems && ids.length > 0
      ? await db
          .select()
          .from(expenseItems)
          .where(and(eq(expenseItems.groupId, groupId), inArray(expenseItems.expenseId, ids)))
          .orderBy(asc(expenseItems.position))
      : [];
  const position = new Map(seats.map((s) => [s.id, s.position]));
  const removedNames = new Map(seats.filter((s) => s.status === 'REMOVED').map((s) => [s.id, s.name]));
  const itemsByExpense = groupBy(itemRows, (i) => i.expenseId);

  return rows.map(({ expense, categoryName, splitsJson: splits, payersJson: payerList }) => {
    const splitList = splitsInGroupOrder(splits, position);
    const participants: string[] = [];
    const splitCents: Record<string, Cents> = {};
    for (const split of splitList) {
      participants.push(split.memberId);
      splitCents[split.memberId] = split.amountCents;
    }
    const memberNames: Record<string, string> = {};
    // Most groups have no removed seat, and then no row names one.
    const payers = payerList
      ? splitsInGroupOrder(payerList, position).map(({ memberId, amountCents }) => ({
          memberId,
          amountCents,
        }))
      : [{ memberId: expense.paidByMemberId, amountCents: expense.amountCents }];
    if (removedNames.size > 0) {
      for (const id of [expense.paidByMemberId, ...payers.map((p) => p.memberId), ...participants]) {
        const name = removedNames.get(id);
        if (name) memberNames[id] = name;
      }
    }
    return {
      id: expense.id,
      groupId: expense.groupId,
      name: expense.name,
      amountCents: expense.amountCents,
      paidById: expense.paidByMemberId,
      participants,
      splitCents,
      date: expense.date.toISOString(),
      notes: expense.notes,
      settlement: expense.isSettlement,
      settlementFromId: expense.settlementFromId,
      settlementToId: expense.settlementToId,
      createdById: expense.createdByMemberId,
      category: expense.categoryId
        ? { id: expense.categoryId, name: categoryName ?? expense.categoryId }
        : null,
      splitMethod: expense.splitMethod,
      sharesInput: expense.sharesInput ?? null,
      percentagesInput: expense.percentagesInput ?? null,
      memberNames,
      items: (itemsByExpense.get(expense.id) ?? []).map((item) => ({
        id: item.id,
        name: item.name,
        number: Number(item.quantity),
        amountCents: item.amountCents,
        split: item.split,
      })),
      payers,
      original: originalOf(expense),
      version: expense.version,
      seriesId: expense.seriesId,
    };
  });
}

/** An expense's split rows (JSON text from the page query) in group order: each seat's position looked up once. */
function splitsInGroupOrder(json: string | null, position: Map<string, number>): SplitRow[] {
  if (!json) return [];
  return (JSON.parse(json) as [string, number | string][])
    .map(([memberId, cents]) => ({
      memberId,
      amountCents: Number(cents),
      position: position.get(memberId) ?? 0,
    }))
    .sort((a, b) => a.position - b.position);
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** The original amount of a row paid in another currency (the five columns are all set or none). */
function originalOf(row: ListedRow): OriginalAmount | null {
  if (
    row.originalCurrency === null ||
    row.originalAmountCents === null ||
    row.exchangeRate === null ||
    row.rateDate === null ||
    row.rateSource === null
  ) {
    return null;
  }
  return {
    currency: row.originalCurrency,
    amountCents: row.originalAmountCents,
    rate: row.exchangeRate,
    rateDate: row.rateDate,
    rateSource: row.rateSource,
  };
}
