import { type Cents, DomainError, parseRate } from '@dolya/domain';
import { z } from 'zod';
import type { ImportFile, ImportOriginal, ImportRow, ImportSplit } from './model';
import { fail, RowProblem } from './row-problem';
import { minorDigits, minorToHundredths, SPLIIT_SYMBOLS } from './spliit-currency';
import { readCurrency } from './values';

const participantSchema = z.object({ id: z.string().min(1), name: z.string() });

const rootSchema = z.object({
  name: z.string().optional(),
  currency: z.string().optional(),
  currencyCode: z.string().nullish(),
  participants: z.array(participantSchema),
  expenses: z.array(z.unknown()),
});

const numberLike = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform(Number);

const expenseSchema = z.object({
  id: z.string().optional(),
  expenseDate: z.string(),
  title: z.string(),
  category: z.object({ grouping: z.string().nullish(), name: z.string() }).nullish(),
  amount: numberLike,
  originalAmount: numberLike.nullish(),
  originalCurrency: z.string().nullish(),
  conversionRate: z.union([z.number(), z.string()]).nullish(),
  paidById: z.string(),
  paidFor: z.array(z.object({ participantId: z.string(), shares: numberLike })),
  isReimbursement: z.boolean().default(false),
  splitMode: z.enum(['EVENLY', 'BY_SHARES', 'BY_PERCENTAGE', 'BY_AMOUNT']).default('EVENLY'),
  recurrenceRule: z.string().nullish(),
  notes: z.string().nullish(),
});
type SpliitExpense = z.infer<typeof expenseSchema>;

const MODES: Record<SpliitExpense['splitMode'], ImportSplit['mode']> = {
  EVENLY: 'evenly',
  BY_SHARES: 'shares',
  BY_PERCENTAGE: 'percentages',
  BY_AMOUNT: 'amounts',
};

export interface SpliitJsonOptions {
  /** The currency meant when the group has only a symbol that names several ("$"). */
  currency?: string;
}

/**
 * Reads Spliit's JSON export (the group, its participants, each expense with its payer, `paidFor`
 * shares, split mode, amount in minor units, original amount, currency and rate, notes and
 * recurrence). Unlike its CSV it says who paid, so every expense keeps its payer and split.
 * Each share is what Spliit itself computes (shares.ts: the amount apportioned by the weights,
 * whole minor units, leftovers by largest remainder, ties rotated by the expense id), so the
 * balances are Spliit's to the cent. An income (a negative amount) becomes an expense of the
 * positive amount paid by those who got a part of it.
 *
 * `line` of a row is the expense's place in the file's list (1-based); activities are not read.
 */
export function readSpliitJson(text: string, options: SpliitJsonOptions = {}): ImportFile {
  const file: ImportFile = {
    format: 'spliit-json',
    language: 'en',
    people: [],
    rows: [],
    repayments: [],
    problems: [],
    totals: [],
  };
  let root: z.infer<typeof rootSchema>;
  try {
    const parsed = rootSchema.safeParse(JSON.parse(text.replace(/^\uFEFF/, '')));
    if (!parsed.success) {
      file.problems.push({
        line: 0,
        code: 'BAD_JSON',
        message:
          `Not a Spliit export: ${parsed.error.issues[0]?.path.join('.') || 'the file'} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
      });
      return file;
    }
    root = parsed.data;
  } catch (error) {
    file.problems.push({ line: 0, code: 'BAD_JSON', message: `Not JSON: ${(error as Error).message}` });
    return file;
  }
  if (root.name) file.groupName = root.name;

  const currency =
    readCurrency(root.currencyCode ?? '') ??
    readCurrency(root.currency ?? '') ??
    SPLIIT_SYMBOLS[(root.currency ?? '').trim()] ??
    (options.currency ? readCurrency(options.currency) : undefined);
  if (currency === undefined) {
    file.problems.push({
      line: 0,
      code: 'UNKNOWN_CURRENCY',
      message: `The group's currency "${root.currencyCode ?? root.currency ?? ''}" is not a currency code; say which currency it is`,
    });
    return file;
  }
  // A group with a code counts in that currency's minor units; one with a symbol only in cents.
  const digits = readCurrency(root.currencyCode ?? '') ? minorDigits(currency) : 2;

  const keyOf = new Map<string, string>();
  for (const { id, name } of root.participants) {
    if (keyOf.has(id)) continue;
    const key = `p${file.people.length + 1}`;
    keyOf.set(id, key);
    file.people.push({ key, name: name.trim() });
  }

  root.expenses.forEach((raw, index) => {
    const line = index + 1;
    try {
      const parsed = expenseSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        fail('BAD_JSON', `${issue?.path.join('.') || 'The expense'}: ${issue?.message ?? 'unreadable'}`);
      }
      const row = readExpense(parsed.data, line, currency, digits, keyOf);
      (parsed.data.isReimbursement ? file.repayments : file.rows).push(row);
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      file.problems.push({ line, code: error.code, message: error.message });
    }
  });
  return file;
}

function readExpense(
  expense: SpliitExpense,
  line: number,
  currency: string,
  digits: number,
  keyOf: Map<string, string>,
): ImportRow {
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(expense.expenseDate)?.[1];
  if (!date || Number.isNaN(Date.parse(date)))
    fail('BAD_DATE', `The date "${expense.expenseDate}" is not a date`);
  const amount = Math.trunc(expense.amount);
  if (amount !== expense.amount) fail('BAD_AMOUNT', `The amount ${expense.amount} is not whole minor units`);
  const payer =
    keyOf.get(expense.paidById) ??
    fail('UNKNOWN_PERSON', `The payer "${expense.paidById}" is not a participant`);
  if (expense.paidFor.length === 0) fail('NO_SHARES', 'No one shares this expense');

  // Spliit's order for apportioning: its participants by id; a participant named twice counts once.
  const seen = new Set<string>();
  const paidFor = [...expense.paidFor]
    .filter(({ participantId }) => !seen.has(participantId) && seen.add(participantId))
    .sort((a, b) => (a.participantId < b.participantId ? -1 : 1));
  const weights = paidFor.map(({ shares }) => (expense.splitMode === 'EVENLY' ? 1 : shares));
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    fail('BAD_AMOUNT', 'A share is not a whole number of at least zero');
  }
  const offset = expense.id && paidFor.length > 0 ? fnv1a(expense.id) % paidFor.length : 0;
  const parts = apportion(amount, weights, offset);

  const toCents = (minor: number) =>
    minorToHundredths(minor, digits) ??
    fail('BAD_AMOUNT', `${minor} minor units of ${currency} are not whole hundredths`);
  const costCents = toCents(amount);
  const nets: Record<string, Cents> = {};
  const split: ImportSplit = { mode: MODES[expense.splitMode], weights: {} };
  const add = (key: string, cents: Cents) => {
    const net = (nets[key] ?? 0) + cents;
    if (net === 0) delete nets[key];
    else nets[key] = net;
  };
  add(payer, costCents);
  paidFor.forEach(({ participantId }, position) => {
    const key =
      keyOf.get(participantId) ??
      fail('UNKNOWN_PERSON', `"${participantId}" who shares it is not a participant`);
    split.weights[key] = weights[position] ?? 0;
    add(key, -toCents(parts[position] ?? 0));
  });

  const row: ImportRow = {
    line,
    date,
    description: expense.title.trim(),
    category: expense.category?.name ?? '',
    currency,
    // An income: the same nets as an expense of the opposite amount paid by those who got it.
    costCents: Math.abs(costCents),
    nets,
    ...(costCents >= 0 ? { paidBy: payer } : {}),
    split,
  };
  const original = readOriginal(expense);
  if (original) row.original = original;
  if (expense.notes?.trim()) row.notes = expense.notes.trim();
  if (expense.recurrenceRule && expense.recurrenceRule !== 'NONE') row.recurrence = expense.recurrenceRule;
  return row;
}

function readOriginal(expense: SpliitExpense): ImportOriginal | undefined {
  if (expense.originalAmount == null || !expense.originalCurrency || expense.conversionRate == null)
    return undefined;
  const currency =
    readCurrency(expense.originalCurrency) ??
    fail('UNKNOWN_CURRENCY', `"${expense.originalCurrency}" is not a currency code`);
  const amountCents =
    minorToHundredths(expense.originalAmount, minorDigits(currency)) ??
    fail('BAD_AMOUNT', `The original amount ${expense.originalAmount} is not whole minor units`);
  try {
    return { currency, amountCents: Math.abs(amountCents), rate: parseRate(expense.conversionRate) };
  } catch (error) {
    if (error instanceof DomainError) {
      fail('BAD_RATE', `The conversion rate "${String(expense.conversionRate)}": ${error.message}`);
    }
    throw error;
  }
}

/** FNV-1a, 32 bits, over UTF-16 code units: Spliit's seed for who gets a split's odd unit. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * `amount` minor units by `weights` (largest remainder): each gets the floor of its exact part,
 * the units left go to the largest remainders, ties from position `offset` on. The parts sum to
 * `amount` exactly; all weights zero gives zeros.
 */
function apportion(amount: number, weights: readonly number[], offset: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const count = weights.length;
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts: bigint[] = [];
  const remainders: { index: number; remainder: bigint }[] = [];
  weights.forEach((weight, index) => {
    const exact = big * BigInt(weight);
    // Floor division, also for a negative amount (an income).
    let base = exact / bigTotal;
    if (exact % bigTotal !== 0n && exact < 0n) base -= 1n;
    parts.push(base);
    remainders.push({ index, remainder: exact - base * bigTotal });
  });
  let left = Number(big - parts.reduce((sum, part) => sum + part, 0n));
  const rotate = (index: number) => (index - offset + count) % count;
  remainders.sort((a, b) =>
    a.remainder !== b.remainder ? (b.remainder > a.remainder ? 1 : -1) : rotate(a.index) - rotate(b.index),
  );
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left--;
  }
  return parts.map(Number);
}
