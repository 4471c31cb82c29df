import type { ParseContext } from './context';
import { currencyNamedAlone } from './currency-words';
import { isKnownFirstName } from './known-names';
import type { NameMatch } from './member-matcher';
import type { GrammaticalCase } from './name-forms';
import { genderOfName } from './names/gender';
import { cyrillicReading } from './names/translit';
import { isCapitalized, isShouted, normalizeWord } from './text';
import { type Token, tokenize } from './tokenize';
import { type VerbKind, verbKindOf } from './verbs';
import {
  EACH_AFTER_WORDS,
  EACH_BEFORE_WORDS,
  EVERYONE_WORDS,
  EXCEPT_WORDS,
  FILLER_WORDS,
  FOR_WORDS,
  JOINT_WORDS,
  NOT_NAMES,
  PAYER_AFTER_WORDS,
  PAYER_PRONOUNS,
  UNIT_WORDS,
  WITH_WORDS,
  WRITER_WORDS,
} from './vocabulary';

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

const NO_MATCH: NameMatch = { kind: 'none' };
const NO_CASES: ReadonlySet<GrammaticalCase> = new Set();

const VOCABULARY: [Set<string>, WordClass][] = [
  [EVERYONE_WORDS, 'everyone'],
  [EXCEPT_WORDS, 'except'],
  [FOR_WORDS, 'for'],
  [WITH_WORDS, 'with'],
  [PAYER_PRONOUNS, 'pronoun'],
  [PAYER_AFTER_WORDS, 'by'],
  [JOINT_WORDS, 'joint'],
  [EACH_BEFORE_WORDS, 'each-before'],
  [EACH_AFTER_WORDS, 'each-after'],
  [FILLER_WORDS, 'filler'],
];

/** Tokens of a line, each word classed: a name (matched), a word of the vocabulary, or plain. */
export function partsOf(line: string, context: ParseContext): Part[] {
  const tokens = tokenize(line, context.matcher.isUsername);
  const shouted = isShouted(line);
  // In a Russian message a capitalised Latin word no one is named is a brand: «за Rewe».
  const cyrillic = /[а-яё]/i.test(line);
  let firstWord = true;
  const parts = tokens.map((token): Part => {
    const part: Part = {
      token,
      class: 'plain',
      written: token.text,
      match: NO_MATCH,
      nameLike: false,
      used: false,
      notMoney: false,
      currency: null,
      capitalized: false,
      verb: null,
      cases: NO_CASES,
    };
    if (token.kind !== 'word') return part;
    const isFirst = firstWord;
    firstWord = false;
    part.class = classify(token.norm, token.text, context);
    part.verb =
      part.class === 'plain' || part.class === 'filler'
        ? (verbKindOf(token.text) ?? verbKindOf(cyrillicReading(token.norm) ?? '') ?? null)
        : null;
    if (part.verb === 'debt') part.class = 'debt-verb';
    else if (part.verb && part.verb !== 'chip-in' && part.verb !== 'exchange') part.class = 'payer-verb';
    if (part.class === 'name' || part.class === 'pronoun') part.cases = context.matcher.casesOf(token.text);
    if (part.class === 'name') part.match = context.matcher.matchWord(token.text);
    part.capitalized = isCapitalized(token.text) && !isFirst && !shouted;
    if (part.class === 'currency') part.currency = currencyNamedAlone(token.text) ?? null;
    if (part.class === 'plain') {
      part.nameLike =
        !NOT_NAMES.has(token.norm) &&
        !UNIT_WORDS.has(token.norm) &&
        (isKnownFirstName(token.norm) ||
          (isCapitalized(token.text) && !isFirst && !shouted && !(cyrillic && /^[a-z]/i.test(token.text))));
    }
    return part;
  });
  readCardOwners(parts, context);
  skipPlaces(parts);
  keepTyposWherePeopleStand(parts);
  keepCapitalsWherePeopleStand(parts);
  readAddressee(parts, context);
  readAnaphora(parts, context);
  settleByVerbGender(parts, context);
  skipThanked(parts);
  return absorbPatronymics(mergeLongNames(parts, context));
}

const PATRONYMIC = /^[а-я]{2,}(овн|евн|ичн)(а|ы|е|у|ой)$|^[а-я]{2,}(ович|евич|ьич|ич)(а|у|ем|е)?$/;

/** «Елена Петровна», «Олегу Ивановичу»: a patronymic after a name belongs to it. */
function absorbPatronymics(parts: Part[]): Part[] {
  return parts.filter((part, index) => {
    const previous = parts[index - 1];
    const isPatronymic =
      part.token.kind === 'word' &&
      (part.class === 'plain' || part.class === 'name') &&
      part.match.kind !== 'member' &&
      PATRONYMIC.test(part.token.norm);
    return !(isPatronymic && previous?.class === 'name' && previous.match.kind === 'member');
  });
}

const CARD = /^(карт[аыуе]|картой|картою|card)$/;
const DEBITED = /^(списали|сняли|списалось|списалась|списал|снял|сняла|списала)$/;
const MY_CARD_WORDS = new Set(['my', 'моей', 'мою', 'моя', 'on', 'с', 'со', 'по']);

/**
 * Whose card paid: «платили Катиной картой» (Катя paid), «у Олега с карты списали 2100» (Олег
 * paid), "on my card", «с моей карты» (the writer, who pays anyway: the words share nothing).
 */
function readCardOwners(parts: Part[], context: ParseContext) {
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
function skipPlaces(parts: Part[]) {
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    if (!wordIs(part, 'до', 'у', 'к', 'ко') || part.used || !next || next.class !== 'name') return;
    if (next.match.kind === 'writer' || next.cases.has('nominative') || next.used) return;
    next.used = true;
    part.used = true;
  });
}

/** «Катиной», «Сашин», «Олиной»: a possessive adjective made of a member's name, and whose it is. */
function possessiveOwner(norm: string, context: ParseContext): Addressee | undefined {
  const stem = /^([а-я]{2,})(?:ин|ын)(?:а|о|ы|у|ой|ую|ом|ого|ых|ым|ыми)?$/.exec(norm)?.[1];
  if (!stem) return undefined;
  for (const full of [`${stem}а`, `${stem}я`]) {
    const match = context.matcher.matchWord(full);
    if (match.kind === 'member' && !match.typo) return { match, written: full };
  }
  return undefined;
}

const YOU_CASES: Record<string, GrammaticalCase[]> = {
  ты: ['nominative'],
  тебя: ['genitive', 'accusative'],
  тебе: ['dative', 'prepositional'],
  тобой: ['instrumental'],
  you: [],
};
const YOU = new Set(Object.keys(YOU_CASES));

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
function readAddressee(parts: Part[], context: ParseContext) {
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

interface Addressee {
  match: NameMatch;
  written: string;
}

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
  // «Катюш, перевела 450 за кино», «Олег, 350 за кофе отправила»: money sent to the one spoken to.
  if (comma && sentToSpokenTo(parts)) {
    first.cases = new Set(['dative']);
    return undefined;
  }
  const next = comma ? parts[2] : second;
  const writerNext = next?.match.kind === 'writer' && next.cases.has('nominative');
  // "Julia, sent you 12": spoken to, and «тебе», "you" follow.
  const spokenTo =
    comma && parts.slice(2).some((part) => part.token.kind === 'word' && YOU.has(part.token.norm));
  if (!writerNext && !spokenTo) return undefined;
  first.used = true;
  return { match: first.match, written: first.written };
}

/** After «Имя,»: a verb of sending money, and no one else named who could receive it or act. */
function sentToSpokenTo(parts: readonly Part[]): boolean {
  const rest = parts.slice(2);
  const sends = rest.some((part) => part.verb === 'send' || part.verb === 'return');
  const others = rest.some((part) => part.class === 'name' && part.match.kind === 'member');
  const you = rest.some((part) => part.token.kind === 'word' && YOU.has(part.token.norm));
  // «Маш, спасибо что вернула 500»: thanked, so the money came to the writer.
  const thanks = rest.some((part) => part.token.kind === 'word' && THANKS.has(part.token.norm));
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

/**
 * «Мвша заплатила»: a name that fits two members, next to a verb in the past tense, is the one
 * of them whose gender the verb has.
 */
function settleByVerbGender(parts: Part[], context: ParseContext) {
  parts.forEach((part, index) => {
    if (part.class !== 'name' || part.match.kind !== 'ambiguous') return;
    const verb = [parts[index + 1], parts[index - 1]].find((near) => near?.verb);
    const norm = verb?.token.kind === 'word' ? verb.token.norm : '';
    const gender = /ла$/.test(norm) ? 'f' : /л$/.test(norm) ? 'm' : undefined;
    if (!gender) return;
    const fitting = part.match.candidates.filter((id) => {
      const member = context.members.find((one) => one.id === id);
      return member !== undefined && genderOfName(member.name) === gender;
    });
    if (fitting.length !== 1) return;
    // Read again later by what is written: the member's own name, which fits no one else.
    part.written = context.members.find((one) => one.id === fitting[0])!.name;
    part.match = part.match.typo
      ? { kind: 'member', memberId: fitting[0]!, typo: true }
      : { kind: 'member', memberId: fitting[0]! };
  });
}

const THANKS = new Set(['thanks', 'thank', 'thx', 'ty', 'спасибо', 'спс', 'благодарю', 'пасиб', 'пасибо']);

/** "thank u alex", «спасибо Кате»: the one thanked is no list of people. */
function skipThanked(parts: Part[]) {
  parts.forEach((part, index) => {
    if (part.token.kind !== 'word' || !THANKS.has(part.token.norm)) return;
    for (let at = index + 1; at <= index + 3 && at < parts.length; at++) {
      const next = parts[at]!;
      if (next.class === 'name' || next.nameLike) {
        next.used = true;
        return;
      }
      if (!wordIsOneOf(next, ['you', 'u', 'so', 'much', 'тебе', 'вам', 'огромное', 'большое'])) return;
    }
  });
}

function wordIsOneOf(part: Part, words: string[]): boolean {
  return part.token.kind === 'word' && words.includes(part.token.norm);
}

const THIRD_PERSON_DATIVE = new Set(['ему', 'ей', 'him', 'her']);
const THIRD_PERSON_SUBJECT = new Set(['он', 'она', 'he', 'she']);
const FEMININE = new Set(['ей', 'her', 'она', 'she']);

/**
 * «я Олегу больше не должен, скинул ему 2300», "Kirill and I had lunch, he paid 26", "Nastya and
 * Vanya are even, she gave him 12": «ему», "him", "he" stand for the one member named before them
 * whose name fits the pronoun's gender, when there is exactly one. «он», "she" only right before a
 * verb: elsewhere «она» is the payer's (see PAYER_PRONOUNS).
 */
function readAnaphora(parts: Part[], context: ParseContext) {
  parts.forEach((part, index) => {
    if (part.token.kind !== 'word') return;
    const norm = part.token.norm;
    const subject = THIRD_PERSON_SUBJECT.has(norm);
    if (!THIRD_PERSON_DATIVE.has(norm) && !subject) return;
    if (subject && !parts.slice(index + 1, index + 3).some((next) => verbKindOf(next.token.text))) return;
    const gender = FEMININE.has(norm) ? 'f' : 'm';
    const named = parts
      .slice(0, index)
      .filter((earlier) => earlier.class === 'name' && earlier.match.kind === 'member');
    const ids = new Set(
      named.map((earlier) => (earlier.match.kind === 'member' ? earlier.match.memberId : '')),
    );
    const fitting = [...ids].filter((id) => {
      const member = context.members.find((one) => one.id === id);
      return ids.size === 1 || (member !== undefined && genderOfName(member.name) === gender);
    });
    if (fitting.length !== 1) return;
    const earlier = named.find((one) => one.match.kind === 'member' && one.match.memberId === fitting[0])!;
    part.class = 'name';
    part.match = earlier.match;
    part.written = earlier.written;
    if (/[а-я]/.test(norm)) part.cases = new Set([subject ? 'nominative' : 'dative']);
    else if (subject) part.cases = new Set(['nominative']);
  });
}

/**
 * A capitalised word that is no member and no known first name («в Lidl», "Rossmann 12.10") is a
 * name only where a person stands (see below); a known first name (Вася, Sergei) always is.
 */
function keepCapitalsWherePeopleStand(parts: Part[]) {
  parts.forEach((part, index) => {
    if (
      !part.nameLike ||
      part.class !== 'plain' ||
      isKnownFirstName(part.token.kind === 'word' ? part.token.norm : '')
    )
      return;
    if (!personPlace(parts, index)) part.nameLike = false;
  });
}

/** Whether a person is expected at this place: beside a verb of paying, after с/за/для/кроме, in a list. */
function personPlace(parts: readonly Part[], index: number): boolean {
  const beside = (other: Part | undefined) =>
    other !== undefined &&
    (other.class === 'payer-verb' ||
      other.class === 'debt-verb' ||
      other.class === 'for' ||
      other.class === 'with' ||
      other.class === 'except' ||
      (other.class === 'name' && !('typo' in other.match && other.match.typo)));
  const listed = (other: Part | undefined, further: Part | undefined) =>
    other !== undefined &&
    ((other.token.kind === 'punct' && other.token.text === ',') || other.class === 'joint') &&
    further?.class === 'name';
  return (
    beside(parts[index - 1]) ||
    beside(parts[index + 1]) ||
    listed(parts[index - 1], parts[index - 2]) ||
    listed(parts[index + 1], parts[index + 2])
  );
}

/**
 * A name matched only through a typo ("Алег", "Дмиа") is taken for that member where a person
 * stands: written with a capital, next to a verb of paying, after "с", "за", "для", "кроме", or in a
 * list beside another name or the writer. Elsewhere it stays a word: "вода" is one letter from
 * "Вова", "дома" from "Дима".
 */
function keepTyposWherePeopleStand(parts: Part[]) {
  parts.forEach((part, index) => {
    if (part.class !== 'name' || !('typo' in part.match && part.match.typo)) return;
    const inPlace = part.capitalized || personPlace(parts, index);
    if (!inPlace) {
      part.class = 'plain';
      part.match = NO_MATCH;
    }
  });
}

function classify(norm: string, text: string, context: ParseContext): WordClass {
  if (WRITER_WORDS.has(norm)) return 'name';
  for (const [words, wordClass] of VOCABULARY) if (words.has(norm)) return wordClass;
  if (context.matcher.matchWord(text).kind !== 'none') return 'name';
  if (currencyNamedAlone(text)) return 'currency';
  // Russian typed in Latin letters ("katya skinula 600 za pizzu"): its words in Cyrillic.
  const cyrillic = TRANSLIT_WORDS.has(norm) ? cyrillicReading(norm) : undefined;
  if (cyrillic) for (const [words, wordClass] of VOCABULARY) if (words.has(cyrillic)) return wordClass;
  return 'plain';
}

/** Russian words typed in Latin that also mean something else in English are left out ("s", "i"). */
const TRANSLIT_WORDS = new Set([
  'za',
  'dlya',
  'bez',
  'krome',
  'vse',
  'vsekh',
  'vseh',
  'mne',
  'menya',
  'ya',
  'po',
]);

/** «дима п»: an initial that settles an ambiguous first name, else nothing. */
function settledBy(match: NameMatch, before: NameMatch): NameMatch | undefined {
  return match.kind === 'member' && before.kind !== 'member' ? match : undefined;
}

/** "Дима Петров", "Dave Miller": neighbouring words of one member's name become one name. */
function mergeLongNames(parts: Part[], context: ParseContext): Part[] {
  const merged: Part[] = [];
  let afterInitial = false;
  for (const part of parts) {
    // «Дима П. оплатил»: the initial's full stop ends no sentence.
    if (afterInitial && part.token.kind === 'punct' && part.token.text === '.') {
      afterInitial = false;
      continue;
    }
    afterInitial = false;
    const previous = merged.at(-1);
    const initial = part.token.kind === 'word' && /^\p{L}\.?$/u.test(part.token.text);
    const joined =
      previous && previous.class === 'name' && previous.match.kind !== 'writer'
        ? part.class === 'name'
          ? context.matcher.combine(previous.match, part.match)
          : initial
            ? settledBy(context.matcher.matchName(`${previous.written} ${part.token.text}`), previous.match)
            : undefined
        : undefined;
    if (previous && joined) {
      previous.match = joined;
      previous.written = `${previous.written} ${part.written}`;
      afterInitial = initial;
    } else {
      merged.push(part);
    }
  }
  return merged;
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
