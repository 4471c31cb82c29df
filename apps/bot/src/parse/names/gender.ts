import { normalizeWord } from '../text';
import { GIVEN_NAMES } from './given-names';
import { cyrillicReading } from './translit';

export type Gender = 'm' | 'f';

let genders: Map<string, Set<Gender>> | undefined;

function load(): Map<string, Set<Gender>> {
  if (genders) return genders;
  genders = new Map();
  for (const line of GIVEN_NAMES.trim().split('\n')) {
    const match = /^([мж])\s+([^:]+):\s*(.*)$/.exec(line.trim());
    if (!match) continue;
    const gender: Gender = match[1] === 'ж' ? 'f' : 'm';
    for (const form of [match[2]!, ...match[3]!.split(/\s+/)].map((word) => normalizeWord(word.trim()))) {
      if (!form) continue;
      const known = genders.get(form) ?? new Set<Gender>();
      known.add(gender);
      genders.set(form, known);
    }
  }
  return genders;
}

/**
 * Whether a first name (or a familiar form of one) is a woman's, for the grammar of a reply
 * («кто такая Маша», «кто такой Паша»): the names table decides; a name it lacks, or one of
 * both (Саша, Женя), is read by its ending (-а, -я: a woman's), as Russian speakers would.
 */
export function genderOfName(name: string): Gender {
  const first = normalizeWord(name.trim().split(/\s+/)[0] ?? '');
  const known = load().get(first) ?? load().get(cyrillicReading(first) ?? '');
  if (known?.size === 1) return [...known][0]!;
  if (/^[a-z]+$/.test(first))
    return /[aey]$/.test(first) && !/^(mike|joe|dave|steve|jesse)$/.test(first) ? 'f' : 'm';
  return /[ая]$/.test(first) && !/^(никита|илья|кузьма|фома|лука)$/.test(first) ? 'f' : 'm';
}
