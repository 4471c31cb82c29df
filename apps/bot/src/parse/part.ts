import type { NameMatch } from './member-matcher';
import type { GrammaticalCase } from './name-forms';
import type { Token } from './tokenize';
import type { VerbKind } from './verbs';

export type WordClass =
  | 'name'
  | 'everyone'
  | 'except'
  | 'for'
  | 'with'
  | 'payer-verb'
  | 'debt-verb'
  | 'pronoun'
  | 'by'
  | 'joint'
  | 'each-before'
  | 'each-after'
  | 'currency'
  | 'filler'
  | 'plain';

/** A token of a line with what the reader has learned about it. */
export interface Part {
  token: Token;
  /** For words; 'plain' for anything else. */
  class: WordClass;
  /** Text as written; for a name of two words, both ("Дима Петров"). */
  written: string;
  /** For 'name' parts: who it stands for. */
  match: NameMatch;
  /** A word that is not a member but reads as a person's name ("Вася", a capitalised "Zack"). */
  nameLike: boolean;
  /** Taken by a role (payer, per-person amount, a list of names, a time...): not part of the description. */
  used: boolean;
  /** Digits that are not money here ("3 ночи", "в 7"): kept in the description. */
  notMoney: boolean;
  /** Currency named by a word standing apart from the amount. */
  currency: string | null;
  /** Written with a capital letter where capitals mean something (not first, not all caps). */
  capitalized: boolean;
  /** For verbs: what they say about money (verbs.ts). */
  verb: VerbKind | null;
  /** For names: the grammatical cases the word may be in (empty: unknown). */
  cases: ReadonlySet<GrammaticalCase>;
}

/** Whether a part is one of these words (normalised). */
export function wordIs(part: Part | undefined, ...words: string[]): boolean {
  return part?.token.kind === 'word' && words.includes(part.token.norm);
}

export function isWord(part: Part | undefined, wordClass?: WordClass): boolean {
  return part?.token.kind === 'word' && (wordClass === undefined || part.class === wordClass);
}

/** A member, the writer, or a name that is no member's: something that names a person. */
export function isPerson(part: Part | undefined): boolean {
  return part !== undefined && !part.used && (part.class === 'name' || part.nameLike);
}
