/**
 * The new- and edit-expense form as plain data (spec §2, §4, §5): parsing what was typed, the
 * live split, the totals indicator, switching split modes and turning the form into API input.
 * No React here, so every rule is unit-tested. Money is integer cents throughout.
 */

import {
  type Cents,
  formatCents,
  isFullyAllocated,
  MAX_AMOUNT_CENTS,
  MAX_SHARE,
  parseAmountLenient,
  type SplitMethod,
  splitExpense,
  sumCents,
} from '@dolya/domain';
import type { BotDraft, Expense, ExpenseInput, GroupMember } from '../../lib/api-types';
import {
  type ConvertedAmount,
  chooseRate as chooseDayRate,
  convertAmount,
  convertParts,
  convertSafely,
  type FetchedRate,
  type ForeignAmount,
  largestPart,
  localDay,
  partsInCurrency,
  type RateChoice,
  rateText,
} from '../../lib/fx/foreign';
import { DEFAULT_CATEGORY } from '../../ui/category';
import { itemsInCurrency, itemsInGroup } from './foreign-items';
import {
  type FormItem,
  itemMemberIds,
  itemsAssigned,
  itemsFromBotDraft,
  itemsFromExpense,
  itemsToApi,
  itemTotals,
} from './items-model';
import { type RepeatDraft, repeatFromRule } from './repeat';

export type SplitMode = SplitMethod;
export const SPLIT_MODES: readonly SplitMode[] = ['shares', 'amounts', 'percentages'];

/** 100 % in hundredths of a percent. */
const FULL_PERCENT = 10_000;
/** Spec §5: the percent total is good within 0.1 of 100 (hundredths of a percent). */
const PERCENT_TOLERANCE = 10;

/** One row of the split list: a seat of the group (or a removed seat the edited expense still names). */
export interface FormMember {
  id: string;
  name: string;
  /** Default share from the group (spec §3); 0 for a removed seat. */
  share: number;
  isCurrentUser: boolean;
  removed: boolean;
}

/** The amount, its currency and rate (ForeignAmount) are as in the settle-up form. */
export interface ExpenseDraft extends ForeignAmount {
  name: string;
  /** As typed: comma accepted, spaces ignored, anything else counts as 0. */
  amount: string;
  payerId: string;
  /** Full ISO timestamp; the date chip edits its day. */
  date: string;
  notes: string;
  mode: SplitMode;
  /** Whole shares per member. */
  shares: Record<string, number>;
  /** Amounts per member as typed. */
  amounts: Record<string, string>;
  /** Percentages per member as typed, always within 0–100. */
  percents: Record<string, string>;
  /** A settlement payment: amounts mode, payer fixed, only the recipient editable (spec §4). */
  settlement: boolean;
  recipientId: string;
  /** Receipt positions; once any has someone on it, they decide the amount and the split. */
  items: FormItem[];
  /** The category's id; '' for none (an expense stored without one). */
  categoryId: string;
  /** Several people paid (issue 26): what each paid, typed in the expense's currency. */
  severalPayers: boolean;
  payerAmounts: Record<string, string>;
  /**
   * The stored group-currency cents of parts typed in another currency (an edit, a bot draft): the
   * amounts typed back from them convert to a cent or so apart, so while the converted amount and
   * the typed parts stay as they were, the stored cents are sent.
   */
  exact?: ExactParts;
  /** Issue 28: the Repeat chip; absent or off, the expense does not repeat. */
  repeat?: RepeatDraft;
}

export interface ExactParts {
  amountCents: Cents;
  amounts: Record<string, string>;
  splitCents: Record<string, Cents>;
  payerAmounts: Record<string, string>;
  payers: PayerCents[] | null;
  /** Stored positions typed back in the expense's currency: the stored ones while those stand. */
  items?: { typed: readonly FormItem[]; stored: FormItem[] };
}

export interface PayerCents {
  memberId: string;
  amountCents: Cents;
}

// ---- Parsing ----

/** The amount rule of spec §5: comma is a decimal separator, spaces are stripped, garbage is 0. */
export function parseMoney(text: string): Cents {
  return parseAmountLenient(text);
}

/** A share as typed: a whole number from 0 up; anything else is 0. */
export function parseShare(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value.replace(/\s/g, '').replace(',', '.'));
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(Math.floor(n), MAX_SHARE);
}

/** A percentage as typed, in hundredths of a percent, clamped to 0–100. */
export function parsePercent(text: string): number {
  return Math.min(parseAmountLenient(text), FULL_PERCENT);
}

/** Percent entries are clamped to 0–100 as they are typed (spec §5). */
export function clampPercentText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return '0';
  if (parseAmountLenient(trimmed) > FULL_PERCENT) return '100';
  return text;
}

/** Hundredths of a percent as the number the API takes (3333 -> 33.33). */
export function percentValue(hundredths: number): number {
  return Number(formatCents(hundredths));
}

/** Cents as an editable text without a needless ".00": 120000 -> "1200", 85050 -> "850.50". */
export function centsToText(cents: Cents): string {
  return formatCents(cents).replace(/\.00$/, '');
}

// ---- Dates ----

/** "DD.MM.YYYY" in local time (spec §2: the date chip). */
export function formatChipDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** A date typed as DD.MM.YYYY (dots, commas, slashes or dashes) -> ISO at local noon; undefined if no such day. */
export function parseChipDate(text: string): string | undefined {
  const match = /^\s*(\d{1,2})[.,/-](\d{1,2})[.,/-](\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day, 12);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return undefined;
  return date.toISOString();
}

/** The value of an <input type="date"> for an ISO timestamp, in local time. */
export function toDateInputValue(iso: string): string {
  return localDay(new Date(iso));
}

/** A picked day as an ISO timestamp at local noon, so the day survives any time zone; undefined if invalid. */
export function fromDateInputValue(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

// ---- Building the form ----

/**
 * The split rows: the group's current seats in group order, then any removed seat the edited
 * expense still names (so its values survive an edit).
 */
export function formMembers(users: readonly GroupMember[], expense?: Expense): FormMember[] {
  const rows: FormMember[] = users
    .filter((u) => u.membershipStatus !== 'REMOVED')
    .map((u) => ({
      id: u.memberId,
      name: u.name,
      share: u.share,
      isCurrentUser: u.isCurrentUser,
      removed: false,
    }));
  if (!expense) return rows;
  const known = new Set(rows.map((r) => r.id));
  const referenced = [
    expense.paidById,
    expense.settlementFromId,
    expense.settlementToId,
    ...Object.keys(expense.splitCents),
    ...Object.keys(expense.sharesInput ?? {}),
    ...Object.keys(expense.percentagesInput ?? {}),
    ...itemMemberIds(expense.items),
    ...itemMemberIds(expense.snapshot ?? []),
  ];
  for (const id of referenced) {
    if (!id || known.has(id)) continue;
    known.add(id);
    rows.push({ id, name: expense.memberNames[id] ?? '?', share: 0, isCurrentUser: false, removed: true });
  }
  return rows;
}

function defaultShares(members: readonly FormMember[]): Record<string, number> {
  return Object.fromEntries(members.map((m) => [m.id, m.removed ? 0 : Math.max(0, m.share)]));
}

function blank(members: readonly FormMember[]): Record<string, string> {
  return Object.fromEntries(members.map((m) => [m.id, '']));
}

/** A new expense: payer is the current user, today's date, every member at their default share. */
export function newDraft(members: readonly FormMember[], now: Date = new Date()): ExpenseDraft {
  return {
    name: '',
    amount: '',
    payerId: members.find((m) => m.isCurrentUser)?.id ?? '',
    date: now.toISOString(),
    notes: '',
    mode: 'shares',
    shares: defaultShares(members),
    amounts: blank(members),
    percents: blank(members),
    settlement: false,
    recipientId: '',
    items: [],
    categoryId: DEFAULT_CATEGORY,
    currency: '',
    rateText: null,
    convertedText: null,
    severalPayers: false,
    payerAmounts: blank(members),
  };
}

function moneyText(cents: Cents, decimal: '.' | ','): string {
  return centsToText(cents).replace('.', decimal);
}

/**
 * Every field and the split mode with its typed-in values, as stored. Amounts are written with
 * the interface's decimal separator (both are accepted back).
 */
export function draftFromExpense(
  expense: Expense,
  members: readonly FormMember[],
  decimal: '.' | ',' = '.',
): ExpenseDraft {
  const draft = newDraft(members, new Date(expense.date));
  draft.name = expense.name;
  draft.amount = moneyText(expense.amountCents, decimal);
  draft.payerId = expense.paidById;
  draft.date = expense.date;
  draft.notes = expense.notes ?? '';
  draft.mode = expense.settlement ? 'amounts' : expense.splitMethod;
  draft.items = itemsFromExpense(expense);
  draft.categoryId = expense.category?.id ?? '';
  const typedBack = withForeignParts(draft, members, decimal, {
    amountCents: expense.amountCents,
    payerId: expense.paidById,
    payers: expense.payers,
    original: expense.original,
    day: toDateInputValue(expense.date),
    splitCents: expense.splitMethod === 'amounts' && !expense.settlement ? expense.splitCents : undefined,
  });

  if (expense.settlement) {
    draft.settlement = true;
    draft.payerId = expense.settlementFromId ?? expense.paidById;
    draft.recipientId = expense.settlementToId ?? expense.participants[0] ?? '';
    return draft;
  }
  if (expense.splitMethod === 'shares') {
    const typed =
      expense.sharesInput ?? Object.fromEntries(expense.participants.map((id) => [id, 1] as const));
    draft.shares = Object.fromEntries(members.map((m) => [m.id, parseShare(typed[m.id] ?? 0)]));
  }
  if (expense.splitMethod === 'percentages') {
    const typed = expense.percentagesInput ?? {};
    draft.percents = Object.fromEntries(
      members.map((m) => {
        const value = typed[m.id];
        return [m.id, value === undefined ? '' : String(value)];
      }),
    );
  }
  if (expense.splitMethod === 'amounts') {
    draft.amounts =
      typedBack ??
      Object.fromEntries(
        members.map((m) => {
          const value = expense.splitCents[m.id];
          return [m.id, value === undefined ? '' : moneyText(value, decimal)];
        }),
      );
  }
  return draft;
}

interface StoredMoney {
  amountCents: Cents;
  payerId: string;
  payers: readonly PayerCents[] | null | undefined;
  original: Expense['original'] | undefined;
  /** The day of the expense, YYYY-MM-DD. */
  day: string;
  /** Per-member cents of an amounts split, to be shown in the expense's currency. */
  splitCents: Record<string, Cents> | undefined;
}

/**
 * Several payers and an amount paid in another currency, as the form edits them: the amount as
 * paid, the stored rate (a typed one as typed), each payer's and (amounts mode) each member's
 * part in that currency, and the stored cents kept while those stay (ExactParts). Fills the
 * draft; returns the typed amounts of an amounts split in another currency.
 */
function withForeignParts(
  draft: ExpenseDraft,
  members: readonly FormMember[],
  decimal: '.' | ',',
  stored: StoredMoney,
): Record<string, string> | undefined {
  const order = members.map((m) => m.id);
  const { original } = stored;
  const payers = stored.payers ?? [];
  const several = payers.length > 1;
  const payerCents = Object.fromEntries(payers.map((p) => [p.memberId, p.amountCents]));
  // Parts in the group's cents, back in the expense's currency: exact shares of the amount paid.
  const typedBack = (parts: Record<string, Cents>, remainderTo: string) => {
    const cents = original
      ? partsInCurrency(parts, original.amountCents, original.rate, order, remainderTo)
      : parts;
    return Object.fromEntries(
      members.map((m) => {
        const value = cents[m.id];
        return [m.id, value ? moneyText(value, decimal) : ''];
      }),
    );
  };
  if (several) {
    draft.severalPayers = true;
    draft.payerAmounts = typedBack(payerCents, largestPart(payerCents, order));
  }
  if (!original) return undefined;
  draft.currency = original.currency;
  draft.amount = moneyText(original.amountCents, decimal);
  if (original.rateSource === 'manual') draft.rateText = rateText(original.rate, decimal);
  else
    draft.knownRate = {
      currency: original.currency,
      day: stored.day,
      rate: original.rate,
      rateDate: original.rateDate,
      rateSource: 'fetched',
    };
  const amounts = stored.splitCents ? typedBack(stored.splitCents, stored.payerId) : undefined;
  const storedItems = draft.items;
  draft.items = storedItems.length > 0 ? itemsInCurrency(storedItems, original, order) : storedItems;
  draft.exact = {
    amountCents: stored.amountCents,
    amounts: amounts ?? {},
    splitCents: stored.splitCents ?? {},
    payerAmounts: draft.payerAmounts,
    payers: several ? [...payers] : null,
    ...(storedItems.length > 0 ? { items: { typed: draft.items, stored: storedItems } } : {}),
  };
  return amounts;
}

/** A bot draft the new-expense form may open: still open, and of this group. */
export function isUsableBotDraft(botDraft: BotDraft, groupId: string): boolean {
  return botDraft.status === 'open' && botDraft.groupId === groupId;
}

/**
 * A new expense from a bot draft (the bot read it from a Telegram message): its name, amount and
 * payer, every participant's exact part in amounts mode, so saving keeps the bot's split to the
 * cent, and its receipt lines as positions. Members without a part start empty (not taking part).
 * A repayment draft opens as a settlement from its payer to its recipient.
 */
export function draftFromBotDraft(
  botDraft: BotDraft,
  members: readonly FormMember[],
  decimal: '.' | ',' = '.',
  now: Date = new Date(),
): ExpenseDraft {
  const draft = newDraft(members, now);
  const { name, amountCents, payerId, splitCents } = botDraft.expense;
  draft.name = name;
  draft.amount = moneyText(amountCents, decimal);
  draft.payerId = payerId;
  draft.mode = 'amounts';
  draft.items = itemsFromBotDraft(botDraft);
  draft.amounts = Object.fromEntries(
    members.map((m) => {
      const value = splitCents[m.id];
      return [m.id, value === undefined ? '' : moneyText(value, decimal)];
    }),
  );
  if (botDraft.settlement) {
    // A repayment the bot read: from -> to and the amount; what it was for («за концерт») goes to
    // the notes, the name being the localised one.
    draft.settlement = true;
    draft.notes = name;
    draft.name = '';
    draft.payerId = botDraft.settlement.fromId;
    draft.recipientId = botDraft.settlement.toId;
    draft.amounts = blank(members);
  }
  const { payers, original, rateNeeded, repeat } = botDraft.expense;
  // Issue 28: «каждый месяц» in the message opens with the Repeat chip on.
  if (repeat) draft.repeat = repeatFromRule(repeat);
  if (rateNeeded) return withRateNeeded(draft, members, decimal, rateNeeded.currency, payers);
  // Issue 26: a draft in another currency or with several payers opens as such, its positions
  // too: in the currency paid, the conversion shown.
  const typedBack = withForeignParts(draft, members, decimal, {
    amountCents,
    payerId,
    payers,
    original,
    day: toDateInputValue(draft.date),
    splitCents: botDraft.settlement ? undefined : splitCents,
  });
  if (typedBack) draft.amounts = typedBack;
  return draft;
}

/**
 * A bot draft in another currency that no rate converted (issue 26): every amount is as the
 * message said it, in that currency, so the form opens in it with nothing to convert back, and
 * its rate line asks for the rate (or the amount in the group's currency).
 */
function withRateNeeded(
  draft: ExpenseDraft,
  members: readonly FormMember[],
  decimal: '.' | ',',
  currency: string,
  payers: readonly PayerCents[] | null | undefined,
): ExpenseDraft {
  draft.currency = currency;
  if (payers && payers.length > 1) {
    draft.severalPayers = true;
    draft.payerAmounts = Object.fromEntries(
      members.map((m) => {
        const paid = payers.find((p) => p.memberId === m.id)?.amountCents;
        return [m.id, paid ? moneyText(paid, decimal) : ''];
      }),
    );
  }
  return draft;
}

// ---- Editing ----

/**
 * Split modes switch freely. A mode whose values are all empty starts from the split as it stands
 * (issue 27: switching to amounts or percentages used to start empty): each member's cents, or
 * their part of the amount in percent, so the totals are good at once. Typed values of the target
 * mode are kept, except on edit, where switching to amounts replaces amounts that were not stored
 * in amounts mode (spec §4) by the current split.
 */
export function switchMode(
  draft: ExpenseDraft,
  mode: SplitMode,
  originalMode?: SplitMode,
  members: readonly FormMember[] = [],
  decimal: '.' | ',' = '.',
): ExpenseDraft {
  if (draft.settlement || mode === draft.mode) return draft;
  const next = { ...draft, mode };
  const staleAmounts = mode === 'amounts' && originalMode !== undefined && originalMode !== 'amounts';
  if (staleAmounts) next.amounts = Object.fromEntries(Object.keys(draft.amounts).map((id) => [id, '']));
  if (mode === 'shares' || members.length === 0) return next;
  const target = mode === 'amounts' ? next.amounts : next.percents;
  const parse = mode === 'amounts' ? parseMoney : parsePercent;
  if (Object.values(target).some((text) => parse(text) > 0)) return next;
  const amount = parseMoney(draft.amount);
  const splits = computeSplits(draft, members);
  if (amount <= 0 || Object.keys(splits).length === 0) return next;
  if (mode === 'amounts') {
    next.amounts = Object.fromEntries(
      members.map((m) => [m.id, splits[m.id] ? moneyText(splits[m.id] ?? 0, decimal) : '']),
    );
    return next;
  }
  next.percents = Object.fromEntries(
    members.map((m) => [
      m.id,
      splits[m.id] ? percentText(hundredthsOf(splits[m.id] ?? 0, amount), decimal) : '',
    ]),
  );
  return next;
}

/** A part of the amount in hundredths of a percent, rounded half up. */
function hundredthsOf(cents: Cents, amount: Cents): number {
  return Math.round((cents * FULL_PERCENT) / amount);
}

/** Hundredths of a percent as an editable text: 5000 -> "50", 3333 -> "33,33". */
function percentText(hundredths: number, decimal: '.' | ','): string {
  return formatCents(hundredths)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1')
    .replace('.', decimal);
}

/** The clear button: every value of the current mode back to zero. */
export function clearMode(draft: ExpenseDraft): ExpenseDraft {
  switch (draft.mode) {
    case 'shares':
      return { ...draft, shares: Object.fromEntries(Object.keys(draft.shares).map((id) => [id, 0])) };
    case 'amounts':
      return { ...draft, amounts: Object.fromEntries(Object.keys(draft.amounts).map((id) => [id, ''])) };
    case 'percentages':
      return { ...draft, percents: Object.fromEntries(Object.keys(draft.percents).map((id) => [id, ''])) };
  }
}

// ---- Derived values ----

/**
 * The draft as it counts (spec §4): when any position has someone on it, amounts mode, the amount
 * the positions' sum, and each member's amount the sum of their item parts. Otherwise the draft.
 */
export function effectiveDraft(
  draft: ExpenseDraft,
  members: readonly FormMember[],
  decimal: '.' | ',' = '.',
): ExpenseDraft {
  if (draft.settlement || !itemsAssigned(draft.items)) return draft;
  const totals = itemTotals(
    draft.items,
    members.map((m) => m.id),
  );
  return {
    ...draft,
    mode: 'amounts',
    amount: moneyText(totals.totalCents, decimal),
    amounts: Object.fromEntries(
      members.map((m) => {
        const cents = totals.perMember[m.id];
        return [m.id, cents === undefined ? '' : moneyText(cents, decimal)];
      }),
    ),
  };
}

/** Whether the positions decide the amount and the split (then the amount is read-only). */
export function splitByItems(draft: ExpenseDraft): boolean {
  return !draft.settlement && itemsAssigned(draft.items);
}

/** A member's typed value in the current mode, as a whole number (share, cents, hundredths of %). */
function modeValue(draft: ExpenseDraft, id: string): number {
  if (draft.mode === 'shares') return parseShare(draft.shares[id] ?? 0);
  if (draft.mode === 'amounts') return parseMoney(draft.amounts[id] ?? '');
  return parsePercent(draft.percents[id] ?? '');
}

function modeValues(draft: ExpenseDraft, members: readonly FormMember[]): Record<string, number> {
  return Object.fromEntries(members.map((m) => [m.id, modeValue(draft, m.id)]));
}

/** Only members with a positive value take part (spec §4); a settlement's sole participant is its recipient. */
export function participantsOf(draft: ExpenseDraft, members: readonly FormMember[]): string[] {
  if (draft.settlement) return draft.recipientId ? [draft.recipientId] : [];
  const values = modeValues(draft, members);
  return members.filter((m) => (values[m.id] ?? 0) > 0).map((m) => m.id);
}

/** Each participant's cents, live, exactly as the server will split them. */
export function computeSplits(draft: ExpenseDraft, members: readonly FormMember[]): Record<string, Cents> {
  const amountCents = parseMoney(draft.amount);
  if (draft.settlement) return draft.recipientId ? { [draft.recipientId]: amountCents } : {};
  const values = modeValues(draft, members);
  const base = { amountCents, payerId: draft.payerId, memberOrder: members.map((m) => m.id) };
  try {
    switch (draft.mode) {
      case 'shares':
        return splitExpense({ ...base, method: 'shares', shares: values });
      case 'amounts':
        return splitExpense({ ...base, method: 'amounts', amounts: values });
      case 'percentages':
        return splitExpense({
          ...base,
          method: 'percentages',
          percentages: Object.fromEntries(Object.entries(values).map(([id, h]) => [id, percentValue(h)])),
        });
    }
  } catch {
    return {};
  }
}

export type TotalsStatus =
  | { mode: 'shares'; good: boolean; totalShares: number }
  | { mode: 'amounts'; good: boolean; allocated: Cents; amount: Cents /** amount − allocated */; left: Cents }
  | { mode: 'percentages'; good: boolean /** hundredths of a percent */; total: number };

/**
 * The live totals indicator (spec §5): amounts are good within 0.01 of the amount, percentages
 * within 0.1 of 100; shares are good as soon as someone has a share. Never blocks submitting.
 */
export function totalsStatus(draft: ExpenseDraft, members: readonly FormMember[]): TotalsStatus {
  const amount = parseMoney(draft.amount);
  if (draft.settlement) return { mode: 'amounts', good: true, allocated: amount, amount, left: 0 };
  const values = modeValues(draft, members);
  switch (draft.mode) {
    case 'shares': {
      const totalShares = Object.values(values).reduce((sum, v) => sum + v, 0);
      return { mode: 'shares', good: amount === 0 || totalShares > 0, totalShares };
    }
    case 'amounts': {
      const allocated = sumCents(Object.values(values));
      return {
        mode: 'amounts',
        good: isFullyAllocated(amount, values),
        allocated,
        amount,
        left: amount - allocated,
      };
    }
    case 'percentages': {
      const total = Object.values(values).reduce((sum, v) => sum + v, 0);
      return { mode: 'percentages', good: Math.abs(total - FULL_PERCENT) <= PERCENT_TOLERANCE, total };
    }
  }
}

/** An amount typed beyond the largest one stored (1e12): refused, not clamped (issue 27). */
export function amountTooLarge(text: string): boolean {
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(text.replace(/\s/g, '').replace(/,/g, '.'));
  if (!match) return false;
  const integer = (match[1] ?? '').replace(/^0+/, '');
  const fraction = Number((match[2] ?? '').slice(0, 2).padEnd(2, '0'));
  return integer.length > 13 || Number(integer || '0') * 100 + fraction > MAX_AMOUNT_CENTS;
}

export type MissingField = 'name' | 'amount' | 'payer' | 'recipient' | 'rate' | 'payers';

/**
 * Spec §5: submit is ignored unless name, amount > 0 and payer are set (a settlement needs a
 * recipient instead of a name). Issue 26: another currency needs a rate (or the amount in the
 * group's), and several payers must have assigned the whole amount, to the cent.
 */
export function missingFields(draft: ExpenseDraft, fetched?: FetchedRate): MissingField[] {
  const missing: MissingField[] = [];
  const money = ledger(draft, [], fetched);
  if (!draft.settlement && !draft.name.trim()) missing.push('name');
  if (
    money.typedCents <= 0 ||
    amountTooLarge(draft.amount) ||
    (money.amountCents !== undefined && money.amountCents > MAX_AMOUNT_CENTS)
  )
    missing.push('amount');
  if (money.foreign && money.typedCents > 0 && money.amountCents === undefined) missing.push('rate');
  if (money.severalPayers) {
    const named = Object.values(draft.payerAmounts).some((text) => parseMoney(text) > 0);
    if (money.payersLeft !== 0 || !named) missing.push('payers');
  } else if (!draft.payerId) missing.push('payer');
  if (draft.settlement && (!draft.recipientId || draft.recipientId === draft.payerId))
    missing.push('recipient');
  return missing;
}

export function canSubmit(draft: ExpenseDraft, fetched?: FetchedRate): boolean {
  return missingFields(draft, fetched).length === 0;
}

// ---- Another currency and several payers (issue 26) ----

/** What the form's money comes to in the group's currency. */
export interface Ledger extends ConvertedAmount {
  severalPayers: boolean;
  /** Several payers: what each paid in the group's cents, in group order, exact; else null. */
  payers: PayerCents[] | null;
  /** Several payers: what is still to assign, in the expense's currency (negative: too much). */
  payersLeft: Cents;
  /** "The payer": the one payer, or of several the one who paid the most. */
  payerId: string;
  /**
   * The draft in the group's currency, which the split rules read: the converted amount and, in
   * amounts mode, each member's part converted exactly (summing to the converted amount).
   */
  inGroup: ExpenseDraft;
}

const sameTexts = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '').trim() === (b[key] ?? '').trim());
};

/** The rate the draft converts with (a typed amount or rate, the stored one, the suggested one). */
export function chooseRate(draft: ExpenseDraft, fetched?: FetchedRate): RateChoice | 'missing' | 'invalid' {
  return chooseDayRate(draft, toDateInputValue(draft.date), fetched);
}

/**
 * The draft's money in the group's currency (the draft as it counts: after effectiveDraft). Every
 * figure is exact: the amount is round_half_up(typed × rate) (convertCents), and parts typed in
 * the expense's currency are exact shares of it (convertParts), the remainder to the payer.
 */
export function ledger(draft: ExpenseDraft, members: readonly FormMember[], fetched?: FetchedRate): Ledger {
  // Without the rows (missingFields), the typed values' own keys stand for the group order.
  const order =
    members.length > 0
      ? members.map((m) => m.id)
      : [...new Set([...Object.keys(draft.payerAmounts), ...Object.keys(draft.amounts)])];
  const { foreign, rate, typedCents, amountCents, original } = convertAmount(
    draft,
    toDateInputValue(draft.date),
    fetched,
  );
  const usable = typeof rate === 'object' && rate !== null && amountCents !== undefined;
  const exact = foreign && draft.exact && amountCents === draft.exact.amountCents ? draft.exact : undefined;

  // Who paid.
  const severalPayers = draft.severalPayers && !draft.settlement;
  let payers: PayerCents[] | null = null;
  let payersLeft = 0;
  let payerId = draft.payerId;
  if (severalPayers) {
    const typed = Object.fromEntries(
      Object.entries(draft.payerAmounts).map(([id, text]) => [id, parseMoney(text)] as const),
    );
    payersLeft = typedCents - Object.values(typed).reduce((sum, cents) => sum + cents, 0);
    const inGroup =
      exact?.payers && sameTexts(draft.payerAmounts, exact.payerAmounts)
        ? Object.fromEntries(exact.payers.map((p) => [p.memberId, p.amountCents]))
        : !foreign
          ? typed
          : amountCents !== undefined && payersLeft === 0
            ? convertParts(
                typed,
                amountCents,
                order.length > 0 ? order : Object.keys(typed),
                largestPart(typed, order),
              )
            : {};
    const ids = order;
    payers = ids
      .filter((id) => (inGroup[id] ?? 0) > 0)
      .map((id) => ({ memberId: id, amountCents: inGroup[id] ?? 0 }));
    payerId = largestPart(inGroup, ids) || draft.payerId;
  }

  // The split in the group's currency.
  const groupText = (cents: Cents) => centsToText(cents);
  const inGroup: ExpenseDraft = { ...draft, amount: groupText(amountCents ?? 0), payerId };
  const blankAmounts = () => Object.fromEntries(Object.keys(draft.amounts).map((id) => [id, '']));
  if (foreign && !draft.settlement && itemsAssigned(draft.items)) {
    // Positions in the currency paid decide the split: converted as the server will store them.
    if (usable && amountCents !== undefined) {
      inGroup.items =
        exact?.items && draft.items === exact.items.typed
          ? exact.items.stored
          : itemsInGroup(draft.items, amountCents, order);
      const { perMember } = itemTotals(inGroup.items, order);
      inGroup.amounts = Object.fromEntries(
        Object.keys(draft.amounts).map((id) => [id, perMember[id] ? groupText(perMember[id] ?? 0) : '']),
      );
    } else {
      inGroup.amounts = blankAmounts();
    }
  } else if (foreign && draft.mode === 'amounts' && !draft.settlement) {
    if (exact && sameTexts(draft.amounts, exact.amounts)) {
      inGroup.amounts = Object.fromEntries(
        Object.entries(exact.splitCents).map(([id, cents]) => [id, groupText(cents)]),
      );
    } else if (usable && amountCents !== undefined) {
      const typed = Object.fromEntries(
        Object.entries(draft.amounts).map(([id, text]) => [id, parseMoney(text)] as const),
      );
      const allocated = Object.values(typed).reduce((sum, cents) => sum + cents, 0);
      // Fully allocated: exact shares of the converted amount; else each part's own worth.
      const target = isFullyAllocated(typedCents, typed)
        ? amountCents
        : (convertSafely(allocated, (rate as RateChoice).rate) ?? 0);
      const converted = convertParts(typed, target, order, payerId);
      inGroup.amounts = Object.fromEntries(
        Object.keys(draft.amounts).map((id) => [id, converted[id] ? groupText(converted[id] ?? 0) : '']),
      );
    } else {
      inGroup.amounts = blankAmounts();
    }
  }
  return {
    foreign,
    rate,
    typedCents,
    amountCents,
    original,
    severalPayers,
    payers,
    payersLeft,
    payerId,
    inGroup,
  };
}

/** The body of expenses.create / expenses.update (without groupId, expenseId and version). */
export type ExpenseApiInput = Omit<ExpenseInput, 'groupId'>;

/**
 * Form state to API input, money in cents. Shares and percentages are sent as typed (zeros too,
 * so an edit shows them again); `splitCents` is the live preview, which the server uses in
 * amounts mode only. The positions go along (the whole list: ones left out are removed); once
 * any is assigned the server derives the split from them, as effectiveDraft does here. A
 * settlement goes with the localised name and empty participants and splits (spec §4).
 */
export function toApiInput(
  typed: ExpenseDraft,
  members: readonly FormMember[],
  settlementName: string,
): ExpenseApiInput {
  const counted = effectiveDraft(typed, members);
  const money = ledger(counted, members);
  const draft = money.inGroup;
  const common = {
    amountCents: money.amountCents ?? 0,
    paidById: money.payerId,
    date: draft.date,
    notes: draft.notes.trim() || null,
    ...(money.payers && money.payers.length > 1 ? { payers: money.payers } : {}),
    ...(money.original ? { original: money.original } : {}),
  };
  if (draft.settlement) {
    return {
      ...common,
      name: settlementName,
      settlement: true,
      settlementFromId: draft.payerId,
      settlementToId: draft.recipientId,
      splitMethod: 'amounts',
      participants: [],
      splitCents: {},
      category: null,
    };
  }
  const input: ExpenseApiInput = {
    ...common,
    name: draft.name.trim(),
    settlement: false,
    splitMethod: draft.mode,
    participants: participantsOf(draft, members),
    splitCents: computeSplits(draft, members),
    items: itemsToApi(draft.items),
    category: draft.categoryId || null,
  };
  if (draft.mode === 'shares') {
    input.sharesInput = Object.fromEntries(members.map((m) => [m.id, parseShare(draft.shares[m.id] ?? 0)]));
  }
  if (draft.mode === 'percentages') {
    input.percentagesInput = Object.fromEntries(
      members.map((m) => [m.id, percentValue(parsePercent(draft.percents[m.id] ?? ''))]),
    );
  }
  return input;
}

/**
 * The draft as saved: a suggested rate it converts with is fixed into it (knownRate), so the
 * save sends that rate, its date and 'fetched' whatever the query does meanwhile.
 */
export function withFetchedRate(draft: ExpenseDraft, fetched: FetchedRate | undefined): ExpenseDraft {
  if (!fetched || draft.currency === '') return draft;
  const choice = chooseRate(draft, fetched);
  if (typeof choice !== 'object' || choice.rateSource !== 'fetched' || choice.provider === undefined)
    return draft;
  const { provider: _provider, ...rate } = choice;
  return { ...draft, knownRate: { ...rate, currency: draft.currency, day: toDateInputValue(draft.date) } };
}
