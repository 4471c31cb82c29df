import type { Cents, RecurrenceUnit } from '@dolya/domain';

/** An active member of the group, in group order. */
export interface Member {
  id: string;
  name: string;
  username?: string | null;
}

export type Language = 'ru' | 'en';

export interface ParseRequest {
  text: string;
  /** Active members in group order. */
  members: readonly Member[];
  /** The member who wrote the message. */
  writerId: string;
  /** The group's ISO 4217 currency code. */
  currency: string;
  /** The chat's language, when known; otherwise guessed from the text. */
  language?: Language;
  /** Answers the writer gave to the bot's questions about this message, read as facts. */
  hints?: ParseHints;
}

/** What the writer settled by pressing a question's button; the message is read again with them. */
export interface ParseHints {
  /** A name as written (normalised: lower case, ё as е) -> the member it stands for. */
  names?: Record<string, string>;
  payerId?: string;
  amountCents?: Cents;
  kind?: 'expense' | 'settlement';
  /** The expense's title, chosen when the message did not say what was paid for. */
  title?: string;
}

/**
 * Something the bot must ask before a draft can be saved; a draft with a question shows the
 * doubtful field marked and a button per candidate, best first.
 */
export type Question =
  /** Who paid is unclear: a name no member has, or two people who may each have paid. */
  | { kind: 'payer'; written: string | null; candidates: string[] }
  /** A person named as sharing fits nobody (candidates: the closest members) or several. */
  | { kind: 'name'; written: string; candidates: string[] }
  /** The amount is unclear ("500 или 600", "пару сотен"): candidate totals in cents. */
  | { kind: 'amount'; candidates: Cents[] }
  /** An expense or a repayment? ("оля 500"). */
  | { kind: 'kind'; candidates: ('expense' | 'settlement')[] }
  /** What was paid for, when the message says nothing of it ("800", «Лена заплатила, 1400»). */
  | { kind: 'title'; candidates: string[] };

/** How the total was made from what was written, for the draft to say. */
export type AmountNote =
  /** "по 400" on each of 3 people, "3 шт по 250": total = count × each. */
  | { kind: 'each'; eachCents: Cents; count: number; per: 'person' | 'unit' }
  /** "пиво 1к + чипсы 500": the amounts written, summed, each with its own words when it has them. */
  | { kind: 'sum'; partsCents: Cents[]; labels: (string | null)[] };

export interface ProposalItem {
  name: string;
  amountCents: Cents;
  participantIds: string[];
}

export interface AmbiguousName {
  written: string;
  candidates: string[];
}

/** A draft expense read from a message; the bot shows it before anything is saved. */
export interface Proposal {
  name: string;
  amountCents: Cents;
  currency: string;
  payerId: string;
  /** In group order. */
  participantIds: string[];
  /** Per-member cents: written per-person amounts, or the sums of receipt lines. */
  splits?: Record<string, Cents>;
  /** Receipt lines, one per position. */
  items?: ProposalItem[];
  /** Names as written that are no member of the group; never guessed. */
  unknownNames: string[];
  /** Names as written that fit several members. */
  ambiguousNames: AmbiguousName[];
  /** Set when the message names a currency other than the group's: the amounts are in it. */
  foreignCurrency?: string;
  /** Several people paid: member id -> cents, summing to amountCents; payerId is who paid most. */
  payers?: Record<string, Cents>;
  /** Set when the total was computed from several amounts or a price times a count. */
  amountNote?: AmountNote;
  /** Issue 28: the expense repeats every `every` `unit`s from the day it is saved («каждый месяц»). */
  repeat?: { every: number; unit: RecurrenceUnit };
  /** What must be settled before saving, unknown and ambiguous names included; empty when none. */
  questions: Question[];
}

/** A repayment read from a message ("Оля вернула мне 350"): a settlement from -> to. */
export interface SettlementProposal {
  fromId: string;
  toId: string;
  amountCents: Cents;
  currency: string;
  foreignCurrency?: string;
  /** What the repayment was for, when said ("за концерт"); null otherwise. */
  note: string | null;
  unknownNames: string[];
  ambiguousNames: AmbiguousName[];
  questions: Question[];
}

export type NotExpenseReason =
  /** Nothing but spaces, emoji or punctuation. */
  | 'EMPTY'
  /** A question, not a statement of spending. */
  | 'QUESTION'
  /** A payment still to come: «Макс заплатит за отель потом», "Ben will pay for the hotel". */
  | 'NOT_YET'
  /** Asking for money: «скинь мне 500», "send me 20". */
  | 'REQUEST'
  /** Spent on oneself or a gift received: «купил себе кроссовки», «это моё личное». */
  | 'PERSONAL'
  /** Money talked about, nothing paid: a bet, a share per person worked out. */
  | 'TALK'
  /** No amount of money in the text. */
  | 'NO_AMOUNT'
  /** An amount beyond the largest allowed. */
  | 'INVALID_AMOUNT'
  /** An amount of zero: said apart, since the problem is the amount. */
  | 'ZERO_AMOUNT'
  /** Only numbers that are no money: a phone or card number, a date, a time, an address. */
  | 'NOT_MONEY'
  /** The model read the text and found no expense in it. */
  | 'MODEL_NOT_EXPENSE';

export type ParseSource = 'rules' | 'model';

export type ParseResult =
  | { kind: 'expense'; proposal: Proposal; source: ParseSource }
  | { kind: 'settlement'; settlement: SettlementProposal; source: ParseSource }
  | { kind: 'not-expense'; reason: NotExpenseReason; source: ParseSource };
