/**
 * The one place that converts money between the REST facade's decimals and the tRPC contract's
 * integer cents (exactly, through the domain's parser and formatter), in both directions.
 */
import type {
  Expense,
  ExpenseItem,
  ExpenseListItem,
  Group,
  GroupBalances,
  GroupListItem,
  LogEntry,
} from '@dolya/api';
import { type Cents, centsToDecimal, type ExpenseInput, formatCents, parseAmount } from '@dolya/domain';
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

/** A REST expense body (decimal money) as the procedure's input (cents). */
export function expenseInputFromBody(body: unknown): ExpenseInput {
  const { amount, splits, items, snapshot, ...rest }: ExpenseBody = expenseBodySchema.parse(body);
  // The procedure reads split amounts only in amounts mode. Elsewhere they are the client's own
  // arithmetic (floats such as 33.333333333333336 included), ignored as before; only their keys
  // can still name a settlement's recipient.
  const readsSplits = !rest.settlement && rest.splitMethod === 'amounts';
  return {
    ...rest,
    amountCents: cents(amount, 'amount'),
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
  };
}

/** One expense, with the snapshot as the spec's JSON text. */
export function presentExpense({ snapshot, participants, ...expense }: Expense): RestExpense {
  return { ...presentListedExpense(expense), participants, snapshot: snapshotToRest(snapshot) };
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
