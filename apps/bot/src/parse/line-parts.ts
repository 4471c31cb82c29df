import type { ParseContext } from './context';
import { currencyNamedAlone } from './currency-words';
import { isKnownFirstName } from './known-names';
import { isYouWord, readAddressee } from './line-addressee';
import { readCardOwners, skipPlaces } from './line-owners';
import { readAnaphora, settleByVerbGender } from './line-pronouns';
import type { NameMatch } from './member-matcher';
import type { GrammaticalCase } from './name-forms';
import { cyrillicReading } from './names/translit';
import { isPerson, isWord, type Part, type WordClass, wordIs } from './part';
import { isCapitalized, isShouted } from './text';
import { tokenize } from './tokenize';
import { verbKindOf } from './verbs';
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
  THANKS_WORDS,
  UNIT_WORDS,
  WITH_WORDS,
  WRITER_WORDS,
} from './vocabulary';

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
  // German capitalises every noun: «für Pizza», «Benzin».
  const german = GERMAN.test(line);
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
          (isCapitalized(token.text) &&
            !isFirst &&
            !shouted &&
            !german &&
            !(cyrillic && /^[a-z]/i.test(token.text))));
    }
    return part;
  });
  skipTownNames(parts);
  readTranslitAnd(parts);
  readCardOwners(parts, context);
  skipPlaces(parts);
  keepTyposWherePeopleStand(parts);
  keepCapitalsWherePeopleStand(parts);
  readAddressee(parts, context);
  readAnaphora(parts, context);
  settleByVerbGender(parts, context);
  skipThanked(parts);
  return readInitials(absorbPatronymics(mergeLongNames(parts, context)), context);
}

/** «М. заплатил(а) 700»: a capital initial alone stands for the members whose name starts with it. */
function readInitials(parts: Part[], context: ParseContext): Part[] {
  return parts.filter((part, index) => {
    const initial = parts[index - 1];
    if (part.token.kind !== 'punct' || part.token.text !== '.' || !initial || initial.class === 'name')
      return true;
    if (initial.token.kind !== 'word' || !/^\p{Lu}$/u.test(initial.token.text)) return true;
    if (parts[index - 2]?.class === 'name') return true;
    const written = `${initial.token.text}.`;
    const match = context.matcher.matchName(written);
    if (match.kind === 'none') return true;
    initial.class = 'name';
    initial.match = match;
    initial.written = written;
    return false;
  });
}

/** «kupil bumagu i gubki»: Russian in Latin letters, where "i" is «и», not the writer. */
function readTranslitAnd(parts: Part[]) {
  const translit = parts.some(
    (part) =>
      part.verb !== null && /^[a-z]+$/i.test(part.token.text) && verbKindOf(part.token.text) === undefined,
  );
  if (!translit) return;
  for (const part of parts) {
    if (part.token.kind !== 'word' || part.token.text !== 'i') continue;
    part.class = 'joint';
    part.match = NO_MATCH;
    part.cases = NO_CASES;
  }
}

const GERMAN =
  /(?<![\p{L}])(?:für|und|ich|hat|hab|habe|mir|dir|bezahlt|gezahlt|überwiesen|außer|alle)(?![\p{L}])/iu;

/** «отель в Праге», "cab in Delhi": a capitalised word after «в», "in" that no member is named is a town. */
function skipTownNames(parts: Part[]) {
  parts.forEach((part, index) => {
    if (!part.nameLike || part.token.kind !== 'word' || isKnownFirstName(part.token.norm)) return;
    if (wordIs(parts[index - 1], 'в', 'во', 'in', 'im', 'nach', 'aus')) part.nameLike = false;
  });
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

/** "thank u alex", «спасибо Кате»: the one thanked is no list of people. */
function skipThanked(parts: Part[]) {
  parts.forEach((part, index) => {
    if (part.token.kind !== 'word' || !THANKS_WORDS.has(part.token.norm)) return;
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
    // «макс ты мне должен»: the one named and «ты» standing for them stay two words.
    const spokenTo = isYouWord(part);
    const joined =
      previous && previous.class === 'name' && previous.match.kind !== 'writer' && !spokenTo
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

export { isPerson, isWord, type Part, type WordClass, wordIs };
