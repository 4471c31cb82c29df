import petrovich from 'petrovich';
import { normalizeWord } from './text';

const CASES = ['genitive', 'dative', 'accusative', 'instrumental', 'prepositional'] as const;
const GENDERS = ['male', 'female'] as const;

export type GrammaticalCase = 'nominative' | (typeof CASES)[number];

type NamePart = 'first' | 'last';

/**
 * The name and its Russian case forms (Аня, Ани, Ане, Аню, Аней), normalised, each with the cases
 * it may be. We do not know a member's gender, so the forms of both genders are kept: for Саша only
 * the female ones are right and for Игорь only the male ones, and the wrong ones are not words
 * anyone writes. A name that is not Cyrillic is kept as it is, as a nominative.
 */
export function nameFormCases(
  name: string,
  part: NamePart = 'first',
): ReadonlyMap<string, ReadonlySet<GrammaticalCase>> {
  const key = `${part}:${name}`;
  const known = cache.get(key);
  if (known) return known;
  const forms = formsOf(name, part);
  cache.set(key, forms);
  return forms;
}

/** The name and its case forms, normalised. */
export function nameForms(name: string, part: NamePart = 'first'): string[] {
  return [...nameFormCases(name, part).keys()];
}

const cache = new Map<string, Map<string, Set<GrammaticalCase>>>();

function formsOf(name: string, part: NamePart): Map<string, Set<GrammaticalCase>> {
  const forms = new Map<string, Set<GrammaticalCase>>([[normalizeWord(name), new Set(['nominative'])]]);
  if (!/^[а-яё-]+$/i.test(name)) return forms;
  for (const gender of GENDERS) {
    for (const grammaticalCase of CASES) {
      const inflected = petrovich({ gender, [part]: name }, grammaticalCase)[part];
      if (!inflected) continue;
      const form = normalizeWord(inflected);
      const cases = forms.get(form) ?? new Set<GrammaticalCase>();
      cases.add(grammaticalCase);
      forms.set(form, cases);
    }
  }
  return forms;
}
