import type { ParseContext } from './context';
import type { NameMatch } from './member-matcher';
import { type Part, wordIs } from './part';

/** Someone the words stand for: the match, and a name the resolver reads as them. */
export interface PersonRef {
  match: NameMatch;
  written: string;
}

const CARD = /^(карт[аыуе]|картой|картою|card)$/;
const DEBITED = /^(списали|сняли|списалось|списалась|списал|снял|сняла|списала)$/;
const MY_CARD_WORDS = new Set(['my', 'моей', 'мою', 'моя', 'on', 'с', 'со', 'по']);

/**
 * Whose card paid: «платили Катиной картой» (Катя paid), «у Олега с карты списали 2100» (Олег
 * paid), "on my card", «с моей карты» (the writer, who pays anyway: the words share nothing).
 */
export function readCardOwners(parts: Part[], context: ParseContext) {
  parts.forEach((part, index) => {
    if (part.token.kind !== 'word' || !CARD.test(part.token.norm)) return;
    const before = parts[index - 1];
    const owner = before?.token.kind === 'word' ? possessiveOwner(before.token.norm, context) : undefined;
    if (before && owner) {
      before.class = 'name';
      before.match = owner.match;
      before.written = owner.written;
      before.cases = new Set(['nominative']);
      part.used = true;
      return;
    }
    // "on my card", «с моей карты», «моей картой»: the writer's own card.
    for (let at = index - 1; at >= Math.max(0, index - 2); at--) {
      const word = parts[at]!;
      if (word.token.kind !== 'word' || !MY_CARD_WORDS.has(word.token.norm)) break;
      word.used = true;
      word.class = 'filler';
      part.used = true;
    }
  });
  // «у Олега (с карты) списали 2100»: the one it was taken from paid.
  const at = parts.findIndex((part) => wordIs(part, 'у'));
  const owner = parts[at + 1];
  const debited = parts.findIndex((part) => part.token.kind === 'word' && DEBITED.test(part.token.norm));
  if (at < 0 || !owner || owner.class !== 'name' || owner.match.kind !== 'member' || debited < at) return;
  parts[at]!.used = true;
  owner.cases = new Set(['nominative']);
  for (const part of parts.slice(at + 2, debited)) if (part.class !== 'name') part.used = true;
  parts[debited]!.class = 'payer-verb';
  parts[debited]!.verb = 'pay';
}

/**
 * «такси до Олега», «ужин у Лены», «едем к Кате»: a person's place, where they take no part by
 * being named («у Олега с карты списали» is read before, as who paid).
 */
export function skipPlaces(parts: Part[]) {
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    if (!wordIs(part, 'до', 'у', 'к', 'ко') || part.used || !next || next.class !== 'name') return;
    if (next.match.kind === 'writer' || next.cases.has('nominative') || next.used) return;
    next.used = true;
    part.used = true;
  });
}

/** «Катиной», «Сашин», «Олиной»: a possessive adjective made of a member's name, and whose it is. */
export function possessiveOwner(norm: string, context: ParseContext): PersonRef | undefined {
  const stem = /^([а-я]{2,})(?:ин|ын)(?:а|о|ы|у|ой|ую|ом|ого|ых|ым|ыми)?$/.exec(norm)?.[1];
  if (!stem) return undefined;
  for (const full of [`${stem}а`, `${stem}я`]) {
    const match = context.matcher.matchWord(full);
    if (match.kind === 'member' && !match.typo) return { match, written: full };
  }
  return undefined;
}
