import petrovich from 'petrovich';
import type { Language } from '../i18n';
import { genderOfName } from '../parse';

/** «Боря» -> «Бори»: a first name in the genitive (petrovich), for «все кроме Бори»; others as written. */
export function genitiveOf(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? name;
  if (!/^[а-яё-]+$/i.test(first)) return name;
  const gender = genderOfName(first) === 'f' ? 'female' : 'male';
  return petrovich({ gender, first }, 'genitive').first ?? name;
}

/** A Russian past verb agreeing with a name: «платил» / «платила». English needs none. */
export function pastForm(name: string, masculine: string, language: Language): string {
  if (language !== 'ru') return masculine;
  return genderOfName(name) === 'f' ? `${masculine}а` : masculine;
}

/** Two names for the examples of help and hints: the group's own (not the writer), else Аня and Боря. */
export function exampleNames(others: readonly string[], language: Language): [string, string] {
  const defaults: [string, string] = language === 'ru' ? ['Аня', 'Боря'] : ['Anna', 'Bob'];
  const firstNames = others.map((name) => name.trim().split(/\s+/)[0]!).filter(Boolean);
  return [
    firstNames[0] ?? defaults[0],
    firstNames[1] ?? (firstNames[0] === defaults[1] ? defaults[0] : defaults[1]),
  ];
}
