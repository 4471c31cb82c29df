/**
 * What a person types for a receipt position and in the item split dialog (spec §5), read
 * exactly. Pure rules, shared by the web form and its tests; the server checks the result again.
 */
import { splitDecimal } from './decimal';
import type { ItemSplit, NumericItemSplitMethod } from './item-split';
import { type Cents, formatCents, MAX_AMOUNT_CENTS, parseAmountLenient } from './money';

/** Spec §9: a position amount has at most 15 characters. */
export const POSITION_AMOUNT_MAX_LENGTH = 15;
/** The largest quantity the API stores. */
export const MAX_QUANTITY = 1_000_000;
/** The largest item share the API takes. */
export const MAX_ITEM_SHARE = 1_000_000;
const FULL_PERCENT = 10_000;

export type PositionAmountProblem =
  | 'REQUIRED'
  | 'TOO_LONG'
  | 'NOT_A_NUMBER'
  | 'TOO_MANY_DECIMALS'
  | 'NOT_POSITIVE'
  | 'TOO_LARGE';

export type Read<T, P> = { ok: true; value: T } | { ok: false; problem: P };

/**
 * A position's amount: non-empty after trimming, at most 15 characters, digits with at most one
 * separator (a comma is a dot) and at most 2 decimals, above 0 and within the largest amount.
 */
export function readPositionAmount(text: string): Read<Cents, PositionAmountProblem> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'REQUIRED' };
  if (trimmed.length > POSITION_AMOUNT_MAX_LENGTH) return { ok: false, problem: 'TOO_LONG' };
  const parts = /^\d+([.,]\d*)?$/.test(trimmed) ? splitDecimal(trimmed.replace(/[.,]$/, '')) : undefined;
  if (!parts) return { ok: false, problem: 'NOT_A_NUMBER' };
  if (parts.fraction.length > 2) return { ok: false, problem: 'TOO_MANY_DECIMALS' };
  const cents = Number(parts.integer) * 100 + Number(parts.fraction.padEnd(2, '0'));
  if (cents <= 0) return { ok: false, problem: 'NOT_POSITIVE' };
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, problem: 'TOO_LARGE' };
  return { ok: true, value: cents };
}

/** A quantity: empty is 1 (added by hand); else above 0 with at most 3 decimals, comma accepted. */
export function readQuantity(text: string): Read<number, 'INVALID'> {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: true, value: 1 };
  const match = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(trimmed);
  const value = match ? Number(trimmed) : Number.NaN;
  if (!(value > 0) || value > MAX_QUANTITY) return { ok: false, problem: 'INVALID' };
  return { ok: true, value };
}

export interface PositionText {
  name: string;
  quantity: string;
  amount: string;
}

export interface Position {
  name: string;
  number: number;
  amountCents: Cents;
}

export interface PositionProblems {
  name?: 'REQUIRED';
  quantity?: 'INVALID';
  amount?: PositionAmountProblem;
}

/** The add/edit position dialog: the position, or what is wrong with each field. */
export function readPosition(text: PositionText): Read<Position, PositionProblems> {
  const name = text.name.trim();
  const quantity = readQuantity(text.quantity);
  const amount = readPositionAmount(text.amount);
  const problems: PositionProblems = {};
  if (name === '') problems.name = 'REQUIRED';
  if (!quantity.ok) problems.quantity = quantity.problem;
  if (!amount.ok) problems.amount = amount.problem;
  if (!quantity.ok || !amount.ok || problems.name) return { ok: false, problem: problems };
  return { ok: true, value: { name, number: quantity.value, amountCents: amount.value } };
}

/**
 * A value typed in the item split dialog, as the number it stands for: whole shares, cents, or
 * hundredths of a percent. Negatives become 0, percents are capped at 100, anything else is 0.
 */
export function readSplitEntry(method: NumericItemSplitMethod, text: string): number {
  switch (method) {
    case 'shares': {
      const value = Number(text.replace(/\s/g, '').replace(',', '.'));
      return Number.isFinite(value) && value > 0 ? Math.min(Math.floor(value), MAX_ITEM_SHARE) : 0;
    }
    case 'amounts':
      return parseAmountLenient(text);
    case 'percentages':
      return Math.min(parseAmountLenient(text), FULL_PERCENT);
  }
}

/** The dialog's text as it should read after an edit: a negative is 0, a percent above 100 is 100. */
export function clampSplitEntryText(method: NumericItemSplitMethod, text: string): string {
  if (text.trim().startsWith('-')) return '0';
  if (method === 'percentages' && parseAmountLenient(text) > FULL_PERCENT) return '100';
  return text;
}

/** The typed split of the dialog's entries (member id -> text); zero entries are left out. */
export function splitFromEntries(method: NumericItemSplitMethod, entries: Record<string, string>): ItemSplit {
  const values = Object.entries(entries)
    .map(([id, text]) => [id, readSplitEntry(method, text)] as const)
    .filter(([, value]) => value > 0);
  switch (method) {
    case 'shares':
      return { method, shares: Object.fromEntries(values) };
    case 'amounts':
      return { method, cents: Object.fromEntries(values) };
    case 'percentages':
      return {
        method,
        percents: Object.fromEntries(values.map(([id, hundredths]) => [id, Number(formatCents(hundredths))])),
      };
  }
}
