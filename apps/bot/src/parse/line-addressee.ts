import type { ParseContext } from './context';
import type { PersonRef } from './line-owners';
import type { GrammaticalCase } from './name-forms';
import { type Part, wordIs } from './part';
import { normalizeWord } from './text';
import { THANKS_WORDS } from './vocabulary';

const YOU_CASES: Record<string, GrammaticalCase[]> = {
  ты: ['nominative'],
  тебя: ['genitive', 'accusative'],
  тебе: ['dative', 'prepositional'],
  тобой: ['instrumental'],
  you: [],
  dir: ['dative'],
  dich: ['accusative'],
};
const YOU = new Set(Object.keys(YOU_CASES));

/** «ты», «тебе», "you": a word standing for the one spoken to. */
export function isYouWord(part: Part): boolean {
  return part.token.kind === 'word' && YOU.has(part.token.norm);
}

/** «за твою стрижку», «за мои билеты», "for your ticket": after «за», "for", the person it belongs to. */
const YOUR_CASES: Record<string, GrammaticalCase[]> = {
  твой: ['accusative'],
  твою: ['accusative'],
  твоё: ['accusative'],
  твое: ['accusative'],
  твои: ['accusative'],
  твоего: ['genitive', 'accusative'],
  твоей: ['genitive'],
  твоих: ['genitive', 'accusative'],
  your: [],
};
const MY_WORDS = new Set(['мой', 'мою', 'моё', 'мое', 'мои', 'моего', 'моей', 'моих', 'my']);

/**
 * Whom «ты», «тебе», "you" stand for: a member named first and then spoken to («Боря, я за тебя
 * заплатила 300», «Катюш, перевела тебе 820»), else in a group of two the other member.
 */
export function readAddressee(parts: Part[], context: ParseContext) {
  skipSignature(parts, context);
  const addressee = namedAddressee(parts, context) ?? otherOfTwo(context);
  if (!addressee) return;
  parts.forEach((part, index) => {
    if (part.token.kind !== 'word') return;
    const norm = part.token.norm;
    const afterFor = parts[index - 1]?.class === 'for';
    if (YOU.has(norm) || (afterFor && norm in YOUR_CASES)) {
      part.class = 'name';
      part.match = addressee.match;
      part.written = addressee.written;
      part.cases = new Set(YOU_CASES[norm] ?? YOUR_CASES[norm]);
    }
  });
  readMine(parts);
}

/** "Tom here,", «Ваня тут,»: the writer saying who writes, no one to share with. */
function skipSignature(parts: Part[], context: ParseContext) {
  const [name, here] = parts;
  if (name?.class !== 'name' || name.match.kind !== 'member' || name.match.memberId !== context.writerId)
    return;
  if (!here || !wordIs(here, 'here', 'tut', 'тут', 'здесь')) return;
  name.used = true;
  here.used = true;
}

/** «Макс заплатил за мои билеты»: the writer's things, so the writer alone takes part. */
function readMine(parts: Part[]) {
  parts.forEach((part, index) => {
    if (part.token.kind !== 'word' || !MY_WORDS.has(part.token.norm)) return;
    if (parts[index - 1]?.class !== 'for') return;
    part.class = 'name';
    part.match = { kind: 'writer' };
    part.written = 'я';
    part.cases = new Set(['accusative']);
  });
}

type Addressee = PersonRef;

function namedAddressee(parts: Part[], context: ParseContext): Addressee | undefined {
  const [first, second] = parts;
  if (first?.token.kind !== 'word') return undefined;
  const comma = second?.token.kind === 'punct' && second.token.text === ',';
  // «Катюш,», «Миш,», «Оль,»: the short form people call each other by, before a comma.
  const exact = first.class === 'name' && first.match.kind === 'member' && !first.match.typo;
  if (comma && !exact && (first.class === 'plain' || first.class === 'name')) {
    const vocative = vocativeMatch(first.token.text, context);
    if (vocative) {
      first.class = 'name';
      first.match = vocative.match;
      first.written = vocative.written;
    }
  }
  if (first.class !== 'name' || first.match.kind !== 'member') return undefined;
  const next = comma ? parts[2] : second;
  const writerNext = next?.match.kind === 'writer' && next.cases.has('nominative');
  // «Катюш, перевела 450 за кино», «Олег, 350 за кофе отправила», "tom I sent 22": money sent to
  // the one spoken to.
  if ((comma || writerNext) && sentToSpokenTo(parts.slice(comma ? 2 : 1))) {
    first.cases = new Set(['dative']);
    return undefined;
  }
  // "Julia, sent you 12": spoken to, and «тебе», "you" follow.
  const spokenTo =
    comma && parts.slice(2).some((part) => part.token.kind === 'word' && YOU.has(part.token.norm));
  if (!writerNext && !spokenTo) return undefined;
  first.used = true;
  return { match: first.match, written: first.written };
}

/** After «Имя,»: a verb of sending money, and no one else named who could receive it or act. */
function sentToSpokenTo(rest: readonly Part[]): boolean {
  const verb = rest.findIndex((part) => part.verb === 'send' || part.verb === 'return');
  const sends = verb >= 0;
  const others = rest.some((part) => part.class === 'name' && part.match.kind === 'member');
  const you = rest.some((part) => part.token.kind === 'word' && YOU.has(part.token.norm));
  // «Маш, спасибо что вернула 500»: thanked for it, so the money came to the writer; thanks after
  // the money («перевела 3500, спасибо огромное») is for something else.
  const thanks = rest
    .slice(0, Math.max(0, verb))
    .some((part) => part.token.kind === 'word' && THANKS_WORDS.has(part.token.norm));
  return sends && !others && !you && !thanks;
}

function vocativeMatch(word: string, context: ParseContext): Addressee | undefined {
  const norm = normalizeWord(word);
  if (!/^[а-я]{2,}$/.test(norm)) return undefined;
  const stem = norm.endsWith('ь') ? norm.slice(0, -1) : norm;
  for (const full of [`${stem}а`, `${stem}я`]) {
    const match = context.matcher.matchWord(full);
    if (match.kind === 'member' && !match.typo) return { match, written: full };
  }
  return undefined;
}

/** In a group of two, «ты» is the one who is not writing. */
function otherOfTwo(context: ParseContext): Addressee | undefined {
  if (context.members.length !== 2) return undefined;
  const other = context.members.find((member) => member.id !== context.writerId);
  return other ? { match: { kind: 'member', memberId: other.id }, written: other.name } : undefined;
}
