import petrovich from 'petrovich';
import { normalizeWord } from './text';

const CASES = ['genitive', 'dative', 'accusative', 'instrumental', 'prepositional'] as const;
const GENDERS = ['male', 'female'] as const;

type NamePart = 'first' | 'last';

/**
 * The name and its Russian case forms (Аня, Ани, Ане, Аню, Аней), normalised. We do not know a
 * member's gender, so the forms of both genders are kept: for Саша only the female ones are
 * right and for Игорь only the male ones, and the wrong ones are not words anyone writes.
 * A name that is not Cyrillic is kept as it is.
 */
export function nameForms(name: string, part: NamePart = 'first'): string[] {
  const key = `${part}:${name}`;
  const known = cache.get(key);
  if (known) return known;
  const forms = formsOf(name, part);
  cache.set(key, forms);
  return forms;
}

const cache = new Map<string, string[]>();

function formsOf(name: string, part: NamePart): string[] {
  const forms = new Set([normalizeWord(name)]);
  if (!/^[а-яё-]+$/i.test(name)) return [...forms];
  for (const gender of GENDERS) {
    for (const grammaticalCase of CASES) {
      const inflected = petrovich({ gender, [part]: name }, grammaticalCase)[part];
      if (inflected) forms.add(normalizeWord(inflected));
    }
  }
  return [...forms];
}
