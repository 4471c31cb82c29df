import { editDistance } from './edit-distance';
import { isKnownFirstName } from './known-names';
import { type GrammaticalCase, nameFormCases } from './name-forms';
import { capitalOnlyFormCases, relatedNames, writtenFormCases } from './names/name-variants';
import { cyrillicReading, unmixScripts } from './names/translit';
import { normalizeWord } from './text';
import type { Member } from './types';
import { NOT_NAMES, WRITER_WORDS } from './vocabulary';

export type NameMatch =
  | { kind: 'writer' }
  | { kind: 'member'; memberId: string; typo?: true }
  | { kind: 'ambiguous'; candidates: string[]; typo?: true }
  | { kind: 'none' };

export interface MemberMatcher {
  /** One word as written: "Аню", "@borya", "мне", "Chralie", "Пашке", "Katya". */
  matchWord(word: string): NameMatch;
  /** A name as written, of one word or more: "Дима Петров", "me", "Борей", "дима п". */
  matchName(written: string): NameMatch;
  /** Two neighbouring matches that are parts of one member's name ("Дима" + "Петров"), else undefined. */
  combine(first: NameMatch, second: NameMatch): NameMatch | undefined;
  isUsername(word: string): boolean;
  /** The members whose names are closest to a word that matched nobody, best first. */
  closest(word: string): string[];
  /** The grammatical cases a name as written may be in; empty when unknown (a typo, a username). */
  casesOf(word: string): ReadonlySet<GrammaticalCase>;
}

/** The writer's own words, by case: "мне" is a dative, "меня" a genitive or accusative. */
const WRITER_CASES: Record<string, GrammaticalCase[]> = {
  я: ['nominative'],
  i: ['nominative'],
  мне: ['dative', 'prepositional'],
  меня: ['genitive', 'accusative'],
  ya: ['nominative'],
  mne: ['dative', 'prepositional'],
  menya: ['genitive', 'accusative'],
  мной: ['instrumental'],
  мною: ['instrumental'],
  // English writes "me" for the subject too: "Priya 30 and me 20".
  me: ['nominative', 'dative', 'accusative'],
  себе: ['dative'],
  себя: ['genitive', 'accusative'],
  собой: ['instrumental'],
  ich: ['nominative'],
  mir: ['dative'],
  mich: ['accusative'],
};

const isCapitalWord = (word: string) => /^\p{Lu}\p{Ll}/u.test(word);

/** A typo is forgiven only in a word this long; two typos in a word this long. */
const TYPO_MIN_LENGTH = 4;
const TWO_TYPOS_MIN_LENGTH = 8;

const NONE: NameMatch = { kind: 'none' };
/** «Алег» for Олег: an unstressed first vowel is often written as it sounds. */
const VOWELS = /[аоеиэяaeiou]/;

/**
 * Names to members, in steps, each only when the one before found nothing:
 * 1. the writer's own words, a username;
 * 2. the member's own name words in any case form, their -ка forms and Latin spellings;
 * 3. the familiar and full forms of the member's first name (Паша for Павел, Ольга for Оля,
 *    Mike for Michael), in any case form and spelling;
 * 4. one typo (two in long words) in any of those nominatives or case forms, marked as a typo so
 *    the reader takes it for a name only where a person is expected.
 * A word written in Latin letters is also tried in its Cyrillic reading, and a word mixing the two
 * alphabets as all Cyrillic. Several members fitting the same step make the match ambiguous: it
 * is reported, never decided.
 */
export function createMemberMatcher(members: readonly Member[]): MemberMatcher {
  const usernames = new Map<string, string>();
  const ownForms = new Map<string, Set<string>>();
  const familyForms = new Map<string, Set<string>>();
  const typoTargets = new Map<string, Set<string>>();
  const fullNames = new Map<string, Set<string>>();
  const formCases = new Map<string, Set<GrammaticalCase>>();
  const noteCases = (form: string, cases: Iterable<GrammaticalCase>) => {
    const known = formCases.get(form) ?? new Set<GrammaticalCase>();
    for (const grammaticalCase of cases) known.add(grammaticalCase);
    formCases.set(form, known);
  };
  const initials = new Map<string, Set<string>>();
  const firstInitials = new Map<string, Set<string>>();
  // «Жене» is Женя's dative and «жене» a wife's: the name only with its capital.
  const capitalForms = new Map<string, Set<string>>();
  const capitalCases = new Map<string, Set<GrammaticalCase>>();
  const noteCapital = (form: string, cases: Iterable<GrammaticalCase>, id: string) => {
    addOwner(capitalForms, form, id);
    capitalCases.set(form, new Set([...(capitalCases.get(form) ?? []), ...cases]));
  };
  const memberIds = members.map((member) => member.id);

  for (const member of members) {
    if (member.username) usernames.set(normalizeWord(member.username), member.id);
    const words = member.name.trim().split(/\s+/).filter(Boolean);
    addOwner(fullNames, words.map(normalizeWord).join(' '), member.id);
    words.forEach((word, index) => {
      const part = index === 0 ? 'first' : 'last';
      // The name as registered is always the member's, even when it is also a word ("Вера").
      addOwner(ownForms, normalizeWord(word), member.id);
      noteCases(normalizeWord(word), ['nominative']);
      const forms = part === 'first' ? writtenFormCases(word) : nameFormCases(word, 'last');
      for (const [form, cases] of forms) {
        addOwner(ownForms, form, member.id);
        noteCases(form, cases);
      }
      if (part === 'first')
        for (const [form, cases] of capitalOnlyFormCases(word)) noteCapital(form, cases, member.id);
      // Typos are forgiven against names as registered, not their case forms: a form like
      // "Саши" is one letter from "суши", "Димой" from "домой".
      addOwner(typoTargets, normalizeWord(word), member.id);
      addOwner(index > 0 ? initials : firstInitials, normalizeWord(word).charAt(0), member.id);
    });
    const first = words[0];
    if (first) {
      for (const related of relatedNames(first)) {
        if (related === normalizeWord(first)) continue;
        for (const [form, cases] of writtenFormCases(related)) {
          addOwner(familyForms, form, member.id);
          noteCases(form, cases);
        }
        for (const [form, cases] of capitalOnlyFormCases(related)) noteCapital(form, cases, member.id);
        addOwner(typoTargets, related, member.id);
      }
    }
  }

  const matchOf = (ids: Iterable<string>, typo = false): NameMatch => {
    const wanted = new Set(ids);
    const candidates = memberIds.filter((id) => wanted.has(id));
    if (candidates.length === 0) return NONE;
    if (candidates.length === 1) {
      return typo
        ? { kind: 'member', memberId: candidates[0]!, typo }
        : { kind: 'member', memberId: candidates[0]! };
    }
    return typo ? { kind: 'ambiguous', candidates, typo } : { kind: 'ambiguous', candidates };
  };

  const exactly = (norm: string): NameMatch => {
    const own = ownForms.get(norm);
    if (own) return matchOf(own);
    const family = familyForms.get(norm);
    return family ? matchOf(family) : NONE;
  };

  const matchTypo = (word: string, capital = false): NameMatch => {
    // «Ктя заплатила»: a three-letter word only with its capital, as a name is written.
    const shortest = capital ? TYPO_MIN_LENGTH - 1 : TYPO_MIN_LENGTH;
    if (word.length < shortest || isKnownFirstName(word)) return NONE;
    const allowed = word.length >= TWO_TYPOS_MIN_LENGTH ? 2 : 1;
    let best = allowed + 1;
    let owners = new Set<string>();
    for (const [form, ids] of typoTargets) {
      // Short names are easy to hit by accident: their first letter must be right.
      if (form.length < 5 && form[0] !== word[0] && !(VOWELS.test(form[0]!) && VOWELS.test(word[0]!)))
        continue;
      const distance = editDistance(word, form, allowed);
      if (distance < best) {
        best = distance;
        owners = new Set(ids);
      } else if (distance === best) {
        for (const id of ids) owners.add(id);
      }
    }
    return best <= allowed ? matchOf(owners, true) : NONE;
  };

  const matchWord = (word: string): NameMatch => {
    const norm = normalizeWord(word);
    if (norm === '') return NONE;
    if (WRITER_WORDS.has(norm)) return { kind: 'writer' };
    const byUsername = usernames.get(norm);
    if (byUsername) return { kind: 'member', memberId: byUsername };
    // "@mike" where nobody has that username: the member whose own name it is, never a guess.
    if (word.startsWith('@')) {
      const named = ownForms.get(norm.replace(/^@/, ''));
      return named ? matchOf(named) : NONE;
    }
    const readings = [norm, normalizeWord(unmixScripts(norm)), cyrillicReading(norm)].filter(
      (reading): reading is string => reading !== undefined,
    );
    for (const reading of readings) {
      const found = exactly(reading);
      if (found.kind !== 'none') return found;
    }
    const capital = isCapitalWord(word) ? capitalForms.get(norm) : undefined;
    if (capital) return matchOf(capital);
    // "milk" is a letter from «мик» read in Cyrillic: a common English word is no typo of a name.
    if (/^[a-z]+$/.test(norm) && NOT_NAMES.has(norm)) return NONE;
    for (const reading of readings) {
      const found = matchTypo(reading, isCapitalWord(word));
      if (found.kind !== 'none') return found;
    }
    return NONE;
  };

  const candidatesOf = (match: NameMatch): string[] =>
    match.kind === 'member' ? [match.memberId] : match.kind === 'ambiguous' ? match.candidates : [];

  const combine = (first: NameMatch, second: NameMatch): NameMatch | undefined => {
    const shared = candidatesOf(first).filter((id) => candidatesOf(second).includes(id));
    return shared.length > 0 ? matchOf(shared) : undefined;
  };

  const matchName = (written: string): NameMatch => {
    const words = written.trim().split(/\s+/).filter(Boolean);
    // «М.»: an initial alone, each member whose first name starts with it.
    if (words.length === 1 && /^\p{L}\.$/u.test(words[0]!)) {
      const owners = firstInitials.get(normalizeWord(words[0]!.charAt(0)));
      return owners ? matchOf(owners) : NONE;
    }
    if (words.length <= 1) return matchWord(written.trim());
    const exact = fullNames.get(words.map(normalizeWord).join(' '));
    if (exact) return matchOf(exact);
    // "дима п": a first name and the initial of the last.
    const last = normalizeWord(words.at(-1)!.replace(/\.$/, ''));
    if (words.length === 2 && last.length === 1) {
      const first = matchWord(words[0]!);
      const byInitial = initials.get(last);
      if (byInitial) return combine(first, matchOf(byInitial)) ?? first;
    }
    return words.map(matchWord).reduce((joined, next) => combine(joined, next) ?? NONE);
  };

  const closest = (word: string): string[] => {
    const norm = normalizeWord(word);
    const scored = new Map<string, number>();
    const most = norm.length <= 4 ? 1 : 2;
    for (const [form, ids] of typoTargets) {
      const distance = editDistance(norm, form, most);
      if (distance > most) continue;
      for (const id of ids) scored.set(id, Math.min(scored.get(id) ?? 9, distance));
    }
    return memberIds
      .filter((id) => scored.has(id))
      .sort((a, b) => (scored.get(a) ?? 9) - (scored.get(b) ?? 9));
  };

  const casesOf = (word: string): ReadonlySet<GrammaticalCase> => {
    const norm = normalizeWord(word);
    const writer = WRITER_CASES[norm];
    if (writer) return new Set(writer);
    const capital = isCapitalWord(word) && !formCases.has(norm) ? capitalCases.get(norm) : undefined;
    if (capital) return capital;
    for (const reading of [norm, normalizeWord(unmixScripts(norm)), cyrillicReading(norm)]) {
      const cases = reading === undefined ? undefined : formCases.get(reading);
      // A name in Latin letters may be an English one, always in the nominative ("Kate").
      if (cases) return reading === norm || !/^[a-z]/.test(norm) ? cases : new Set([...cases, 'nominative']);
    }
    return new Set();
  };

  return {
    matchWord,
    matchName,
    combine,
    isUsername: (word) => usernames.has(normalizeWord(word)),
    closest,
    casesOf,
  };
}

/** The member a match stands for: the writer's own id for the writer's words. */
export function resolvedMemberId(match: NameMatch, writerId: string): string | undefined {
  if (match.kind === 'writer') return writerId;
  return match.kind === 'member' ? match.memberId : undefined;
}

function addOwner(map: Map<string, Set<string>>, key: string, id: string) {
  const owners = map.get(key) ?? new Set<string>();
  owners.add(id);
  map.set(key, owners);
}
