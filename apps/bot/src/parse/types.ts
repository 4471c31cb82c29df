import type { Cents } from '@dolya/domain';

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
}

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
  /** Set when the message names a currency other than the group's; never converted. */
  foreignCurrency?: string;
}

export type NotExpenseReason =
  /** Nothing but spaces, emoji or punctuation. */
  | 'EMPTY'
  /** A question, not a statement of spending. */
  | 'QUESTION'
  /** No amount of money in the text. */
  | 'NO_AMOUNT'
  /** An amount that is zero or beyond the largest allowed. */
  | 'INVALID_AMOUNT'
  /** The model read the text and found no expense in it. */
  | 'MODEL_NOT_EXPENSE';

export type ParseSource = 'rules' | 'model';

export type ParseResult =
  | { kind: 'expense'; proposal: Proposal; source: ParseSource }
  | { kind: 'not-expense'; reason: NotExpenseReason; source: ParseSource };
