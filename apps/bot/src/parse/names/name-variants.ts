import { type GrammaticalCase, nameFormCases } from '../name-forms';
import { normalizeWord } from '../text';
import { NOT_NAMES } from '../vocabulary';
import { ENGLISH_NAMES } from './english-names';
import { GIVEN_NAMES } from './given-names';
import { latinSpellings } from './translit';

/**
 * Every way a first name may be written in a chat, derived from the data of given-names.ts and
 * english-names.ts: the full name and its familiar forms both ways, their -ка/-ька forms («Светка»,
 * «Катька»), their Russian case forms, and their Latin spellings.
 */

/** Names that go together: a full name, its familiar forms, and the other full names they share. */
const families = new Map<string, Set<string>>();

function link(words: string[]) {
  const all = new Set<string>();
  for (const word of words) {
    for (const member of families.get(word) ?? []) all.add(member);
    all.add(word);
  }
  for (const word of all) families.set(word, all);
}

function readData() {
  for (const line of GIVEN_NAMES.trim().split('\n')) {
    const match = /^[мж]\s+([^:]+):\s*(.*)$/.exec(line.trim());
    if (!match) continue;
    const full = normalizeWord(match[1]!.trim());
    const familiar = match[2]!.trim().split(/\s+/).filter(Boolean).map(normalizeWord);
    // A familiar form shared by two full names (Саша) joins their families only through itself:
    // Александр and Александра must not become forms of each other.
    for (const form of [full, ...familiar]) {
      const family = ownFamilies.get(form) ?? new Set<string>();
      for (const other of [full, ...familiar]) family.add(other);
      ownFamilies.set(form, family);
    }
  }
  for (const line of ENGLISH_NAMES.trim().split('\n')) {
    const match = /^([^:]+):\s*([^/]*)\/\s*(.*)$/.exec(line.trim());
    if (!match) continue;
    const words = [match[1]!, ...match[2]!.split(/\s+/), ...match[3]!.split(/\s+/)]
      .map((word) => normalizeWord(word.trim()))
      .filter(Boolean);
    link(words);
  }
}

/** Familiar/full form -> every name it may stand for (its own family of forms). */
const ownFamilies = new Map<string, Set<string>>();
let loaded = false;

function load() {
  if (loaded) return;
  loaded = true;
  readData();
}

/**
 * The names a written first name may stand for, itself included: «Паша» -> Павел, Пашка, Павлик…;
 * «Саша» -> Александр and Александра and their forms; «Mike» -> Michael, Майк….
 */
export function relatedNames(name: string): string[] {
  load();
  const norm = normalizeWord(name);
  const related = new Set<string>([norm]);
  for (const form of ownFamilies.get(norm) ?? []) related.add(form);
  for (const form of families.get(norm) ?? []) related.add(form);
  return [...related];
}

/** Whether a word is a given name of the data (any of its forms, nominative). */
export function isGivenName(word: string): boolean {
  load();
  const norm = normalizeWord(word);
  return ownFamilies.has(norm) || families.has(norm);
}

/** «Света» -> «светка», «Катя» -> «катька»: the familiar -ка form of a name ending in а or я. */
export function kaForm(name: string): string | undefined {
  const norm = normalizeWord(name);
  if (/[^аеиоуыэюяй]а$/.test(norm)) return `${norm.slice(0, -1)}ка`;
  if (/[^аеиоуыэюяй]я$/.test(norm)) return `${norm.slice(0, -1)}ька`;
  return undefined;
}

/**
 * «Света» -> «Светочка», «Светуля», «Светусик»; «Оля» -> «Оленька», «Олюша»: the tender forms
 * people make of any familiar name ending in а or я, too many to list for every name.
 */
export function affectionateForms(name: string): string[] {
  const norm = normalizeWord(name);
  if (norm.length > 5 || !isGivenName(norm)) return [];
  const stem = norm.slice(0, -1);
  if (/[^аеиоуыэюяй]а$/.test(norm))
    return ['очка', 'ечка', 'енька', 'уля', 'уся', 'усик'].map((end) => stem + end);
  if (/[^аеиоуыэюяй]я$/.test(norm))
    return ['ечка', 'енька', 'юша', 'юля', 'юся', 'юсик'].map((end) => stem + end);
  return [];
}

/**
 * Every written form of one name with the cases it may be: case forms of both genders, -ка forms
 * and their case forms, and Latin spellings of the nominatives (Latin writers do not decline
 * Russian names, so a Latin form may stand in any case).
 */
export function writtenFormCases(name: string): ReadonlyMap<string, ReadonlySet<GrammaticalCase>> {
  const norm = normalizeWord(name);
  const known = formsCache.get(norm);
  if (known) return known;
  const forms = formsOf(norm);
  for (const form of [...forms.keys()]) if (NOT_NAMES.has(form)) forms.delete(form);
  formsCache.set(norm, forms);
  return forms;
}

/**
 * The forms of a name that are also common words («жене» of Женя, «маме»…), left out of
 * writtenFormCases: a name only when written with a capital.
 */
export function capitalOnlyFormCases(name: string): [string, ReadonlySet<GrammaticalCase>][] {
  return [...formsOf(normalizeWord(name))].filter(([form]) => NOT_NAMES.has(form));
}

/** Every written form of one name (see writtenFormCases). */
export function writtenForms(name: string): string[] {
  return [...writtenFormCases(name).keys()];
}

const formsCache = new Map<string, Map<string, Set<GrammaticalCase>>>();
const ANY_CASE: GrammaticalCase[] = [
  'nominative',
  'genitive',
  'dative',
  'accusative',
  'instrumental',
  'prepositional',
];

function formsOf(norm: string): Map<string, Set<GrammaticalCase>> {
  const forms = new Map<string, Set<GrammaticalCase>>();
  const add = (form: string, cases: Iterable<GrammaticalCase>) => {
    const known = forms.get(form) ?? new Set<GrammaticalCase>();
    for (const grammaticalCase of cases) known.add(grammaticalCase);
    forms.set(form, known);
  };
  const ka = kaForm(norm);
  // «Санёк», «Игорёк», «Сашок»: the vowel drops in every other case («Саньку», «Игорьком»),
  // which petrovich does not know.
  const fleeting = /^(.+?)(е|о)к$/.exec(norm);
  if (fleeting && isGivenName(norm)) {
    const stem = fleeting[1]!;
    for (const soft of ['ь', '']) {
      add(`${stem}${soft}ка`, ['genitive', 'accusative']);
      add(`${stem}${soft}ку`, ['dative']);
      add(`${stem}${soft}ком`, ['instrumental']);
      add(`${stem}${soft}ке`, ['prepositional']);
    }
  }
  for (const base of [norm, ...(ka ? [ka] : []), ...affectionateForms(norm)]) {
    for (const [form, cases] of nameFormCases(base)) add(form, cases);
    for (const spelling of latinSpellings(base)) add(spelling, ANY_CASE);
  }
  return forms;
}
