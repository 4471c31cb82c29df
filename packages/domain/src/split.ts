import { splitDecimal, toHundredths } from './decimal';
import { DomainError } from './errors';
import { type Cents, sumCents } from './money';
import { mainPayer, type Payer } from './payers';

export type SplitMethod = 'shares' | 'amounts' | 'percentages';

export interface SplitExpenseInput {
  amountCents: Cents;
  payerId: string;
  /**
   * Several payers: the remainder's "payer" is then the one who paid the most (ties: first in
   * group order), whatever `payerId` says.
   */
  payers?: readonly Payer[];
  /** Group order: decides output key order and who takes the remainder when the payer does not. */
  memberOrder: readonly string[];
  method: SplitMethod;
  shares?: Record<string, number>;
  percentages?: Record<string, number>;
  amounts?: Record<string, Cents>;
}

interface Weight {
  memberId: string;
  weight: number;
}

const FIELD = 'splits';
/** 100 % in hundredths of a percent. */
const FULL_PERCENT = 10_000;
/** The spec's percent total tolerance, 0.1 %, in hundredths of a percent. */
const PERCENT_TOLERANCE = 10;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function invalidSplit(message: string): never {
  throw new DomainError('INVALID_SPLIT', message, FIELD);
}

/**
 * Per-member cents of one expense. Only members with a positive input value participate; shares
 * and percentages that sum to 100 (within 0.1) sum exactly to the amount, the rounding remainder
 * going to the payer when the payer participates, else to the first participant in group order.
 */
export function splitExpense(input: SplitExpenseInput): Record<string, Cents> {
  const { amountCents, method } = input;
  const payerId =
    input.payers && input.payers.length > 0 ? mainPayer(input.payers, input.memberOrder) : input.payerId;
  if (!Number.isSafeInteger(amountCents)) {
    throw new DomainError('INVALID_AMOUNT', 'Amount must be a whole number of cents', 'amount');
  }
  const order = [...new Set(input.memberOrder)];

  switch (method) {
    case 'shares':
      return distribute(amountCents, readWeights(input.shares, order, readShare), payerId);
    case 'percentages': {
      const weights = readWeights(input.percentages, order, readPercentage);
      return distribute(percentTarget(amountCents, weights), weights, payerId);
    }
    case 'amounts': {
      const result: Record<string, Cents> = {};
      for (const { memberId, weight } of readWeights(input.amounts, order, readAmount))
        result[memberId] = weight;
      return result;
    }
    default:
      return invalidSplit(`Unknown split method "${String(method)}"`);
  }
}

/** Positive entries in group order; every key must be a member. */
function readWeights(
  values: Record<string, number> | undefined,
  order: readonly string[],
  read: (value: unknown, memberId: string) => number,
): Weight[] {
  if (values === undefined) return [];
  const members = new Set(order);
  for (const memberId of Object.keys(values)) {
    if (!members.has(memberId)) invalidSplit(`"${memberId}" is not a member of this group`);
  }
  const weights: Weight[] = [];
  for (const memberId of order) {
    if (!Object.hasOwn(values, memberId)) continue;
    const weight = read(values[memberId], memberId);
    if (weight > 0) weights.push({ memberId, weight });
  }
  return weights;
}

function readShare(value: unknown, memberId: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    invalidSplit(`Share of "${memberId}" must be a whole number of at least 0, got ${String(value)}`);
  }
  return value;
}

function readAmount(value: unknown, memberId: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    invalidSplit(`Amount of "${memberId}" must be whole cents of at least 0, got ${String(value)}`);
  }
  return value;
}

/** A percentage as exact hundredths of a percent (33.33 -> 3333). */
function readPercentage(value: unknown, memberId: string): number {
  const parts = typeof value === 'number' && Number.isFinite(value) ? splitDecimal(String(value)) : undefined;
  const hundredths = parts && toHundredths(parts, 3);
  if (hundredths === undefined || hundredths < 0 || hundredths > FULL_PERCENT) {
    invalidSplit(
      `Percentage of "${memberId}" must be between 0 and 100 with at most 2 decimals, got ${String(value)}`,
    );
  }
  return hundredths;
}

/**
 * Percentages summing to 100 (within 0.1) allocate the whole amount; otherwise only
 * amount * sum / 100, rounded half-up, is allocated and the expense is "not fully allocated".
 */
function percentTarget(amountCents: Cents, weights: readonly Weight[]): Cents {
  const total = weights.reduce((sum, { weight }) => sum + weight, 0);
  if (Math.abs(total - FULL_PERCENT) <= PERCENT_TOLERANCE) return amountCents;
  const magnitude = BigInt(Math.abs(amountCents));
  const target = (magnitude * BigInt(total) * 2n + BigInt(FULL_PERCENT)) / BigInt(2 * FULL_PERCENT);
  if (target > MAX_SAFE) invalidSplit('The percentages allocate more than the largest possible amount');
  return amountCents < 0 ? -Number(target) : Number(target);
}

/** floor(total * weight / sum of weights) each; every remainder cent to one participant. */
function distribute(totalCents: Cents, weights: readonly Weight[], payerId: string): Record<string, Cents> {
  const result: Record<string, Cents> = {};
  const first = weights[0];
  if (first === undefined) return result;

  // BigInt: amount * weight can exceed 2^53. Magnitudes, so negative amounts round symmetrically.
  const sign = totalCents < 0 ? -1n : 1n;
  const magnitude = BigInt(Math.abs(totalCents));
  const weightSum = weights.reduce((sum, { weight }) => sum + BigInt(weight), 0n);
  const parts = weights.map(({ weight }) => (magnitude * BigInt(weight)) / weightSum);
  const remainder = parts.reduce((left, part) => left - part, magnitude);

  const remainderTo = weights.some(({ memberId }) => memberId === payerId) ? payerId : first.memberId;
  weights.forEach(({ memberId }, index) => {
    const part = (parts[index] ?? 0n) + (memberId === remainderTo ? remainder : 0n);
    result[memberId] = Number(part * sign);
  });
  return result;
}

/** A settlement payment: the whole amount is the recipient's share. */
export function settlementSplit(amountCents: Cents, recipientId: string): Record<string, Cents> {
  return { [recipientId]: amountCents };
}

/** The spec's 0.01 tolerance: splits within one cent of the amount count as fully allocated. */
export function isFullyAllocated(amountCents: Cents, splits: Record<string, Cents>): boolean {
  return Math.abs(sumCents(Object.values(splits)) - amountCents) <= 1;
}
