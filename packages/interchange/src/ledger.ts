import {
  type Cents,
  checkPayers,
  computeBalances,
  type LedgerEntry,
  type Payer,
  sumCents,
} from '@dolya/domain';
import type { ImportFile, ImportOriginal, ImportRow, ImportSplit } from './model';

/**
 * An expense to create: who paid what and each person's share, in cents of `currency`, people
 * named by their import keys (mapped to seats when written). Payers minus shares give exactly the
 * row's nets.
 */
export interface PlannedExpense {
  line: number;
  date: string;
  name: string;
  category: string;
  currency: string;
  amountCents: Cents;
  /** In the file's people order; several when several people came out ahead. */
  payers: Payer[];
  /** Each person's share, in the file's people order; people with no share are absent. */
  splitCents: Record<string, Cents>;
  original?: ImportOriginal;
  /**
   * The split as the file kept it (Spliit JSON), for showing and editing later; `splitCents` is
   * already its exact result, which Dolya's own rounding of shares could miss by a cent, so a
   * writer stores the cents as they are.
   */
  split?: ImportSplit;
  notes?: string;
  recurrence?: string;
}

/** A repayment from one person to another. */
export interface PlannedSettlement {
  line: number;
  date: string;
  name: string;
  currency: string;
  fromKey: string;
  toKey: string;
  amountCents: Cents;
}

export interface ImportPlan {
  expenses: PlannedExpense[];
  settlements: PlannedSettlement[];
  /** Rows that change no one's balance (e.g. someone paid for themselves alone): not imported. */
  skipped: { line: number; reason: 'NO_EFFECT' }[];
}

/**
 * Turns the rows of a read file into expenses and settlements whose balances are exactly the
 * rows' nets.
 *
 * A CSV row holds only its nets, not who paid. When the file names the payer (Spliit), that
 * person paid the cost and everyone's share is what the nets leave. Otherwise everyone who came
 * out ahead is a payer: with one, that person paid the whole cost (Splitwise's usual row); with
 * several, the part of the cost the nets do not account for (the payers' own shares) is split
 * evenly among them, the odd cents to the first in file order, and each paid their net plus their
 * share. Those who came out behind have their loss as their share. People whose net is zero are
 * left out: the file cannot tell whether they took part. A repayment becomes one settlement per
 * sender and receiver, matched in file order.
 */
export function planImport(file: ImportFile): ImportPlan {
  const order = file.people.map(({ key }) => key);
  const plan: ImportPlan = { expenses: [], settlements: [], skipped: [] };
  for (const row of file.rows) {
    const expense = planExpense(row, order);
    if (expense) plan.expenses.push(expense);
    else plan.skipped.push({ line: row.line, reason: 'NO_EFFECT' });
  }
  for (const row of file.repayments) {
    const settlements = planSettlements(row, order);
    if (settlements.length > 0) plan.settlements.push(...settlements);
    else plan.skipped.push({ line: row.line, reason: 'NO_EFFECT' });
  }
  plan.skipped.sort((a, b) => a.line - b.line);
  return plan;
}

function inOrder(nets: Record<string, Cents>, order: readonly string[]): [string, Cents][] {
  return order.filter((key) => (nets[key] ?? 0) !== 0).map((key) => [key, nets[key] ?? 0]);
}

export function planExpense(row: ImportRow, order: readonly string[]): PlannedExpense | undefined {
  const nets = inOrder(row.nets, order);
  if (nets.length === 0) return undefined;
  const shares = new Map<string, Cents>();
  let payers: Payer[];

  if (row.paidBy !== undefined) {
    // The payer paid the cost; the nets say everyone's share.
    payers = [{ memberId: row.paidBy, cents: row.costCents }];
    for (const key of order) {
      const net = row.nets[key] ?? 0;
      const share = key === row.paidBy ? row.costCents - net : -net;
      if (share !== 0) shares.set(key, share);
    }
  } else {
    const ahead = nets.filter(([, cents]) => cents > 0);
    const aheadTotal = sumCents(ahead.map(([, cents]) => cents));
    const ownShares = evenParts(row.costCents - aheadTotal, ahead.length);
    payers = ahead.map(([key, net], index) => {
      const own = ownShares[index] ?? 0;
      if (own !== 0) shares.set(key, own);
      return { memberId: key, cents: net + own };
    });
    for (const [key, net] of nets) if (net < 0) shares.set(key, -net);
  }

  const amountCents = row.costCents;
  // The domain's rules for payers (each above zero, summing to the amount), in file order.
  const checked = checkPayers(amountCents, payers, order);
  const splitCents: Record<string, Cents> = {};
  for (const key of order) {
    const share = shares.get(key);
    if (share !== undefined) splitCents[key] = share;
  }
  return {
    line: row.line,
    date: row.date,
    name: row.description,
    category: row.category,
    currency: row.currency,
    amountCents,
    payers: checked,
    splitCents,
    ...(row.original ? { original: row.original } : {}),
    ...(row.split ? { split: row.split } : {}),
    ...(row.notes ? { notes: row.notes } : {}),
    ...(row.recurrence ? { recurrence: row.recurrence } : {}),
  };
}

/** `total` cents in `count` parts as even as cents allow, the larger parts first. */
function evenParts(total: Cents, count: number): Cents[] {
  if (count === 0) return [];
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < extra ? 1 : 0));
}

export function planSettlements(row: ImportRow, order: readonly string[]): PlannedSettlement[] {
  const nets = inOrder(row.nets, order);
  const senders = nets.filter(([, cents]) => cents > 0).map(([key, cents]) => ({ key, left: cents }));
  const receivers = nets.filter(([, cents]) => cents < 0).map(([key, cents]) => ({ key, left: -cents }));
  const settlements: PlannedSettlement[] = [];
  let s = 0;
  let r = 0;
  while (s < senders.length && r < receivers.length) {
    const sender = senders[s]!;
    const receiver = receivers[r]!;
    const amountCents = Math.min(sender.left, receiver.left);
    settlements.push({
      line: row.line,
      date: row.date,
      name: row.description,
      currency: row.currency,
      fromKey: sender.key,
      toKey: receiver.key,
      amountCents,
    });
    sender.left -= amountCents;
    receiver.left -= amountCents;
    if (sender.left === 0) s++;
    if (receiver.left === 0) r++;
  }
  return settlements;
}

/** Each person's balance in one currency; people at zero are absent. */
export interface CurrencyBalances {
  currency: string;
  nets: Record<string, Cents>;
}

/**
 * The balances a plan leaves, per currency in order of first use, computed by the domain's
 * computeBalances over the expenses and settlements (a settlement: the sender paid it, the whole
 * amount the receiver's share).
 */
export function planBalances(plan: ImportPlan, order: readonly string[]): CurrencyBalances[] {
  const entries = new Map<string, LedgerEntry[]>();
  const add = (currency: string, entry: LedgerEntry) => {
    const list = entries.get(currency) ?? [];
    list.push(entry);
    entries.set(currency, list);
  };
  const byLine = [
    ...plan.expenses.map((expense) => ({
      line: expense.line,
      currency: expense.currency,
      entry: toEntry(expense),
    })),
    ...plan.settlements.map((settlement) => ({
      line: settlement.line,
      currency: settlement.currency,
      entry: {
        amountCents: settlement.amountCents,
        payerId: settlement.fromKey,
        splits: { [settlement.toKey]: settlement.amountCents },
      },
    })),
  ].sort((a, b) => a.line - b.line);
  for (const { currency, entry } of byLine) add(currency, entry);

  return [...entries].map(([currency, list]) => {
    const balances = computeBalances(list, order);
    const nets: Record<string, Cents> = {};
    for (const key of order) {
      const net = balances[key]?.net ?? 0;
      if (net !== 0) nets[key] = net;
    }
    return { currency, nets };
  });
}

function toEntry(expense: PlannedExpense): LedgerEntry {
  return {
    amountCents: expense.amountCents,
    payerId: expense.payers[0]?.memberId ?? '',
    payers: expense.payers,
    splits: expense.splitCents,
  };
}

/** Where the plan's balances and the file's own totals differ, per currency and person. */
export interface TotalsDifference {
  currency: string;
  key: string;
  fileCents: Cents;
  importedCents: Cents;
}

/**
 * Compares a plan's balances with the file's "Total balance" rows (a file without any has
 * nothing to compare). A currency with balances but no total row, or the other way round, is
 * compared against zeros.
 */
export function compareWithTotals(
  file: ImportFile,
  balances: readonly CurrencyBalances[],
): TotalsDifference[] {
  if (file.totals.length === 0) return [];
  const currencies = [
    ...new Set([...file.totals.map((t) => t.currency), ...balances.map((b) => b.currency)]),
  ];
  const differences: TotalsDifference[] = [];
  for (const currency of currencies) {
    const fileNets = file.totals.find((t) => t.currency === currency)?.nets ?? {};
    const imported = balances.find((b) => b.currency === currency)?.nets ?? {};
    for (const { key } of file.people) {
      const fileCents = fileNets[key] ?? 0;
      const importedCents = imported[key] ?? 0;
      if (fileCents !== importedCents) differences.push({ currency, key, fileCents, importedCents });
    }
  }
  return differences;
}
