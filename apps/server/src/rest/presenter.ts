/**
 * The one place that converts money between the REST facade's decimals and the tRPC contract's
 * integer cents (exactly, through the domain's parser and formatter), in both directions.
 */
import type {
  ExpenseDetail,
  ExpenseItem,
  ExpenseListItem,
  Group,
  GroupBalances,
  GroupListItem,
  LogEntry,
} from '@dolya/api';
import { AppError } from '@dolya/api';
import {
  type Cents,
  centsToDecimal,
  type ExpenseInput,
  formatCents,
  isCurrencyCode,
  parseAmount,
  parseRate,
  type RateText,
} from '@dolya/domain';
import { itemSplitFromRest, itemSplitToRest, snapshotFromRest, snapshotToRest } from './item-presenter';
import {
  type ExpenseBody,
  expenseBodySchema,
  type RestBalances,
  type RestExpense,
  type RestListedExpense,
  type RestLogEntry,
} from './schemas';

/** A decimal read exactly; sign and range are the procedure's rules, so both edges answer alike. */
function cents(amount: number | string, field: string): Cents {
  return parseAmount(amount, { min: 'any', field });
}

function decimals(record: Record<string, Cents>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).map(([id, value]) => [id, centsToDecimal(value)]));
}

/** An amount paid in another currency as a REST body gives it; the rate may be left to the server. */
export interface ForeignAmount {
  currency: string;
  amountCents: Cents;
  /** Exact, as sent; absent: the rate of the expense's date is fetched. */
  rate: RateText | undefined;
}

/** A REST expense body in cents, before the amount paid in another currency is converted (rest/foreign-amount.ts). */
export interface ExpenseBodyParts {
  input: Omit<ExpenseInput, 'amountCents'> & { amountCents: Cents | undefined };
  foreign: ForeignAmount | null;
  /** The body's payers map (cents, in the order sent), for the REST rules on it. */
  payers: { memberId: string; amountCents: Cents }[] | null;
  /** Issue 28: the repeat rule and the scope of an edit, passed to the procedure as they are. */
  repeat: Pick<ExpenseBody, 'recurrence' | 'seriesScope'>;
}

/** A REST expense body (decimal money) as the procedure's input (cents); the amount is required here. */
export function expenseInputFromBody(body: unknown): ExpenseInput {
  const { input, foreign } = expenseBodyParts(body);
  if (foreign) throw new AppError('VALIDATION_ERROR', 'originalAmount: not taken here', 'originalAmount');
  if (input.amountCents === undefined) throw new AppError('VALIDATION_ERROR', 'amount: required', 'amount');
  return { ...input, amountCents: input.amountCents };
}

/** Reads the issue-26 fields: all of originalAmount and originalCurrency or none, a rate only with them. */
function foreignOf(body: ExpenseBody): ForeignAmount | null {
  const { originalAmount, originalCurrency, exchangeRate } = body;
  if (originalAmount == null && originalCurrency == null) {
    if (exchangeRate != null) {
      throw new AppError(
        'VALIDATION_ERROR',
        'exchangeRate: only with originalAmount and originalCurrency',
        'exchangeRate',
      );
    }
    return null;
  }
  if (originalCurrency == null) {
    throw new AppError(
      'VALIDATION_ERROR',
      'originalCurrency: required with originalAmount',
      'originalCurrency',
    );
  }
  if (originalAmount == null) {
    throw new AppError(
      'VALIDATION_ERROR',
      'originalAmount: required with originalCurrency',
      'originalAmount',
    );
  }
  const currency = originalCurrency.trim().toUpperCase();
  if (!isCurrencyCode(currency)) {
    throw new AppError(
      'INVALID_CURRENCY',
      `originalCurrency: unknown currency "${originalCurrency}"`,
      'originalCurrency',
    );
  }
  return {
    currency,
    amountCents: parseAmount(originalAmount, { min: 'positive', field: 'originalAmount' }),
    rate: exchangeRate == null ? undefined : parseRate(exchangeRate, 'exchangeRate'),
  };
}

/** The parts of a REST expense body: the input in cents, the amount paid in another currency, the payers. */
export function expenseBodyParts(body: unknown): ExpenseBodyParts {
  const parsed: ExpenseBody = expenseBodySchema.parse(body);
  const {
    amount,
    splits,
    items,
    snapshot,
    recurrence,
    seriesScope,
    payers: payersMap,
    originalAmount: _amount,
    originalCurrency: _currency,
    exchangeRate: _rate,
    ...rest
  } = parsed;
  const foreign = foreignOf(parsed);
  const payers =
    payersMap == null
      ? null
      : Object.entries(payersMap).map(([memberId, value]) => ({
          memberId,
          amountCents: parseAmount(value, { min: 'any', field: 'payers' }),
        }));
  // The procedure reads split amounts only in amounts mode. Elsewhere they are the client's own
  // arithmetic (floats such as 33.333333333333336 included), ignored as before; only their keys
  // can still name a settlement's recipient.
  const readsSplits = !rest.settlement && rest.splitMethod === 'amounts';
  const input = {
    ...rest,
    amountCents: amount == null ? undefined : cents(amount, 'amount'),
    ...(payers ? { payers } : {}),
    splitCents:
      splits == null
        ? splits
        : Object.fromEntries(
            Object.entries(splits).map(([id, v]) => [id, readsSplits ? cents(v, `splits.${id}`) : 0]),
          ),
    items:
      items == null
        ? items
        : items.map(({ amount: itemAmount, splitMethod, splitJson, ...item }, index) => ({
            ...item,
            amountCents: cents(itemAmount, `items.${index}.amount`),
            split: itemSplitFromRest(splitMethod, splitJson, `items.${index}`),
          })),
    snapshot: snapshotFromRest(snapshot),
  };
  return { input, foreign, payers, repeat: { recurrence, seriesScope } };
}

function presentItem({ amountCents, split, ...item }: ExpenseItem) {
  return { ...item, amount: centsToDecimal(amountCents), ...itemSplitToRest(split) };
}

/**
 * A list row (no snapshot; items asked for). The spec's `participants` are the members with a
 * split, which the contract's row leaves to the keys of `splitCents` (already in group order).
 */
export function presentListedExpense(expense: ExpenseListItem): RestListedExpense {
  // Field by field: rest-and-spread of a row this wide cost about 8 µs a row, 8 % of a page's CPU.
  return {
    id: expense.id,
    groupId: expense.groupId,
    name: expense.name,
    paidById: expense.paidById,
    date: expense.date,
    notes: expense.notes,
    settlement: expense.settlement,
    settlementFromId: expense.settlementFromId,
    settlementToId: expense.settlementToId,
    createdById: expense.createdById,
    category: expense.category,
    splitMethod: expense.splitMethod,
    memberNames: expense.memberNames,
    version: expense.version,
    sharesInput: expense.sharesInput ?? null,
    percentagesInput: expense.percentagesInput ?? null,
    amount: centsToDecimal(expense.amountCents),
    participants: Object.keys(expense.splitCents),
    splits: decimals(expense.splitCents),
    items: (expense.items ?? []).map(presentItem),
    payers: Object.fromEntries(expense.payers.map((p) => [p.memberId, centsToDecimal(p.amountCents)])),
    originalAmount: expense.original ? centsToDecimal(expense.original.amountCents) : null,
    originalCurrency: expense.original?.currency ?? null,
    exchangeRate: expense.original?.rate ?? null,
    rateDate: expense.original?.rateDate ?? null,
    rateSource: expense.original?.rateSource ?? null,
    seriesId: expense.seriesId,
  };
}

/** One expense, with the snapshot as the spec's JSON text. */
export function presentExpense({ snapshot, participants, series, ...expense }: ExpenseDetail): RestExpense {
  return {
    ...presentListedExpense(expense),
    participants,
    snapshot: snapshotToRest(snapshot),
    recurrence: series
      ? {
          every: series.every,
          unit: series.unit,
          until: series.until,
          count: series.count,
          state: series.state,
        }
      : null,
    nextDate: series?.nextDate ?? null,
  };
}

export function presentBalances(balances: GroupBalances): RestBalances {
  return {
    currency: balances.currency,
    total: centsToDecimal(balances.totalCents),
    members: balances.members.map((m) => ({
      memberId: m.memberId,
      name: m.name,
      paid: centsToDecimal(m.paidCents),
      owed: centsToDecimal(m.owedCents),
      settlementsPaid: centsToDecimal(m.sentCents),
      settlementsReceived: centsToDecimal(m.receivedCents),
      net: centsToDecimal(m.netCents),
      removed: m.removed,
    })),
    debts: balances.debts.map((d) => ({
      fromUserId: d.fromMemberId,
      toUserId: d.toMemberId,
      amount: centsToDecimal(d.amountCents),
    })),
  };
}

/**
 * A group of GET /api/groups in the spec's exact shape (§3, §7): the caller's net that the app's
 * home list shows (groups.list over tRPC) is not part of the REST facade.
 */
export function presentGroupListItem({ myNetCents: _net, ...group }: GroupListItem): Group {
  return group;
}

/** Log details keep their stored fields; an amount in cents reads as decimal text ("1200.00"). */
/** `restorable` is the web's affordance (tRPC); the spec's log entry has no such field. */
export function presentLog({ details, restorable: _restorable, ...entry }: LogEntry): RestLogEntry {
  if (!details) return { ...entry, details: null };
  const { amountCents, ...rest } = details;
  return {
    ...entry,
    details: amountCents === undefined ? rest : { ...rest, amount: formatCents(amountCents) },
  };
}
