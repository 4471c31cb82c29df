import { editDistance } from './edit-distance';
import { isKnownFirstName } from './known-names';
import { nameForms } from './name-forms';
import { normalizeWord } from './text';
import type { Member } from './types';
import { WRITER_WORDS } from './vocabulary';

export type NameMatch =
  | { kind: 'writer' }
  | { kind: 'member'; memberId: string }
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'none' };

export interface MemberMatcher {
  /** One word as written: "Аню", "@borya", "мне", "Chralie". */
  matchWord(word: string): NameMatch;
  /** A name as written, of one word or more: "Дима Петров", "me", "Борей". */
  matchName(written: string): NameMatch;
  /** Two neighbouring matches that are parts of one member's name ("Дима" + "Петров"), else undefined. */
  combine(first: NameMatch, second: NameMatch): NameMatch | undefined;
  isUsername(word: string): boolean;
}

/** A typo is forgiven only in a word this long, and never in its first letter. */
const TYPO_MIN_LENGTH = 5;
const TWO_TYPOS_MIN_LENGTH = 8;

const NONE: NameMatch = { kind: 'none' };

/**
 * Names to members, in three steps, each only when the one before found nothing: a username or
 * the writer's own words; the name, any part of a longer name, and their Russian case forms;
 * then one typo (two in long words) in a name as registered. Several members fitting the same
 * step make the match ambiguous: it is reported, never decided.
 */
export function createMemberMatcher(members: readonly Member[]): MemberMatcher {
  const usernames = new Map<string, string>();
  const formOwners = new Map<string, Set<string>>();
  // Typos are forgiven against the names as registered, not their case forms: a form like
  // "Димой" is one letter from "домой", and such collisions would put people in by accident.
  const typoTargets = new Map<string, Set<string>>();
  const fullNames = new Map<string, Set<string>>();
  const memberIds = members.map((member) => member.id);

  for (const member of members) {
    if (member.username) usernames.set(normalizeWord(member.username), member.id);
    const words = member.name.trim().split(/\s+/).filter(Boolean);
    addOwner(fullNames, words.map(normalizeWord).join(' '), member.id);
    words.forEach((word, index) => {
      for (const form of nameForms(word, index === 0 ? 'first' : 'last'))
        addOwner(formOwners, form, member.id);
      addOwner(typoTargets, normalizeWord(word), member.id);
    });
  }

  const matchOf = (ids: Iterable<string>): NameMatch => {
    const candidates = memberIds.filter((id) => new Set(ids).has(id));
    if (candidates.length === 0) return NONE;
    if (candidates.length === 1) return { kind: 'member', memberId: candidates[0] ?? '' };
    return { kind: 'ambiguous', candidates };
  };

  const matchTypo = (word: string): NameMatch => {
    if (word.length < TYPO_MIN_LENGTH || isKnownFirstName(word)) return NONE;
    const allowed = word.length >= TWO_TYPOS_MIN_LENGTH ? 2 : 1;
    let best = allowed + 1;
    let owners = new Set<string>();
    for (const [form, ids] of typoTargets) {
      if (form[0] !== word[0]) continue;
      const distance = editDistance(word, form, allowed);
      if (distance < best) {
        best = distance;
        owners = new Set(ids);
      } else if (distance === best) {
        for (const id of ids) owners.add(id);
      }
    }
    return best <= allowed ? matchOf(owners) : NONE;
  };

  const matchWord = (word: string): NameMatch => {
    const norm = normalizeWord(word);
    if (norm === '') return NONE;
    if (WRITER_WORDS.has(norm)) return { kind: 'writer' };
    const byUsername = usernames.get(norm);
    if (byUsername) return { kind: 'member', memberId: byUsername };
    if (word.startsWith('@')) return NONE;
    const owners = formOwners.get(norm);
    return owners ? matchOf(owners) : matchTypo(norm);
  };

  const candidatesOf = (match: NameMatch): string[] =>
    match.kind === 'member' ? [match.memberId] : match.kind === 'ambiguous' ? match.candidates : [];

  const combine = (first: NameMatch, second: NameMatch): NameMatch | undefined => {
    const shared = candidatesOf(first).filter((id) => candidatesOf(second).includes(id));
    return shared.length > 0 ? matchOf(shared) : undefined;
  };

  const matchName = (written: string): NameMatch => {
    const words = written.trim().split(/\s+/).filter(Boolean);
    if (words.length <= 1) return matchWord(written.trim());
    const exact = fullNames.get(words.map(normalizeWord).join(' '));
    if (exact) return matchOf(exact);
    return words.map(matchWord).reduce((joined, next) => combine(joined, next) ?? NONE);
  };

  return {
    matchWord,
    matchName,
    combine,
    isUsername: (word) => usernames.has(normalizeWord(word)),
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
