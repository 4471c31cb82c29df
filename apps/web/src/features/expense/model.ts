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
import { DEFAULT_CATEGORY } from '../../ui/category';
import {
  type FormItem,
  itemMemberIds,
  itemsAssigned,
  itemsFromBotDraft,
  itemsFromExpense,
  itemsToApi,
  itemTotals,
} from './items-model';

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

export interface ExpenseDraft {
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
  /**
   * Issue 26, until the form edits them: the stored payers (several) and amount paid in another
   * currency, sent back unchanged while the amount and the payer are; changing either drops them.
   */
  kept?: { amountCents: Cents; payerId: string; payers: Expense['payers']; original: Expense['original'] };
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
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
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
  if (expense.payers.length > 1 || expense.original) {
    draft.kept = {
      amountCents: expense.amountCents,
      payerId: expense.paidById,
      payers: expense.payers,
      original: expense.original,
    };
  }

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
    draft.amounts = Object.fromEntries(
      members.map((m) => {
        const value = expense.splitCents[m.id];
        return [m.id, value === undefined ? '' : moneyText(value, decimal)];
      }),
    );
  }
  return draft;
}

/** A bot draft the new-expense form may open: still open, and of this group. */
export function isUsableBotDraft(botDraft: BotDraft, groupId: string): boolean {
  return botDraft.status === 'open' && botDraft.groupId === groupId;
}

/**
 * A new expense from a bot draft (the bot read it from a Telegram message): its name, amount and
 * payer, every participant's exact part in amounts mode, so saving keeps the bot's split to the
 * cent, and its receipt lines as positions. Members without a part start empty (not taking part).
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

/** Spec §5: submit is ignored unless name, amount > 0 and payer are set (a settlement needs a recipient instead of a name). */
export function missingFields(draft: ExpenseDraft): Array<'name' | 'amount' | 'payer' | 'recipient'> {
  const missing: Array<'name' | 'amount' | 'payer' | 'recipient'> = [];
  if (!draft.settlement && !draft.name.trim()) missing.push('name');
  if (parseMoney(draft.amount) <= 0 || amountTooLarge(draft.amount)) missing.push('amount');
  if (!draft.payerId) missing.push('payer');
  if (draft.settlement && (!draft.recipientId || draft.recipientId === draft.payerId))
    missing.push('recipient');
  return missing;
}

export function canSubmit(draft: ExpenseDraft): boolean {
  return missingFields(draft).length === 0;
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
  const draft = effectiveDraft(typed, members);
  const amountCents = parseMoney(draft.amount);
  const { kept } = typed;
  const unchanged = kept && kept.amountCents === amountCents && kept.payerId === draft.payerId;
  const common = {
    amountCents,
    paidById: draft.payerId,
    date: draft.date,
    notes: draft.notes.trim() || null,
    ...(unchanged && kept.payers.length > 1 ? { payers: kept.payers } : {}),
    ...(unchanged && kept.original ? { original: kept.original } : {}),
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
