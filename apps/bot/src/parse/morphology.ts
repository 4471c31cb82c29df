import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Az from 'az';

/**
 * Russian morphology through az (OpenCorpora's dictionary): a word's part of speech and case, and
 * its forms. Loaded once, synchronously, the first time a description needs it (about 2 s and
 * 12 MB of dictionaries on disk): az reads its files with callbacks, so its loader is replaced by
 * one that queues each file and the queue is run as soon as every file has been asked for.
 */
let ready = false;

function load() {
  if (ready) return;
  const dicts = join(dirname(createRequire(import.meta.url).resolve('az/package.json')), 'dicts');
  const queued: (() => void)[] = [];
  Az.load = (url, responseType, callback) => {
    const data = readFileSync(url);
    queued.push(() =>
      callback(
        null,
        responseType === 'json' ? JSON.parse(data.toString('utf8')) : new Uint8Array(data).buffer,
      ),
    );
  };
  let failure: unknown;
  Az.Morph.init(dicts, (error) => {
    failure = error;
  });
  while (queued.length > 0) queued.shift()!();
  if (failure) throw failure;
  ready = true;
}

export interface WordForm {
  /** NOUN, ADJF, VERB, PREP, … (OpenCorpora). */
  partOfSpeech: string;
  /** nomn, gent, datv, accs, ablt, loct, … */
  grammaticalCase: string | undefined;
  number: string | undefined;
}

/** The likeliest reading of a Cyrillic word; undefined for any other. */
export function analyse(word: string): WordForm | undefined {
  if (!/^[а-яё-]+$/i.test(word)) return undefined;
  load();
  const [best] = Az.Morph(word.toLowerCase());
  if (!best) return undefined;
  return { partOfSpeech: best.tag.POS, grammaticalCase: best.tag.CAse, number: best.tag.NMbr };
}

/** The case a preposition wants of the noun after it, where it decides between readings. */
const CASE_AFTER: Record<string, string[]> = {
  за: ['accs', 'ablt'],
  на: ['accs', 'loct'],
  в: ['loct', 'accs'],
  во: ['loct', 'accs'],
  для: ['gent'],
  без: ['gent'],
  у: ['gent'],
  из: ['gent'],
  от: ['gent'],
  до: ['gent'],
  к: ['datv'],
  по: ['datv'],
  с: ['ablt', 'gent'],
  со: ['ablt', 'gent'],
};

/**
 * The head of a description put in the nominative, its number kept: «за пиццу» -> «пицца», «в
 * пекарне» -> «пекарня», «новую шину» -> «новая шина». Words before the first noun (adjectives) and
 * the noun change; the rest stays as written. Only Cyrillic words are touched.
 */
export function nominativePhrase(words: readonly string[], preposition?: string): string[] {
  if (!words.some((word) => /^[а-яё-]+$/i.test(word))) return [...words];
  load();
  // «за полку и лампу»: each of the things joined, in the case the preposition gave them all.
  const joint = words.findIndex((word, index) => index > 0 && /^(и|,)$/i.test(word));
  if (joint > 0 && joint < words.length - 1) {
    return [
      ...nominativePhrase(words.slice(0, joint), preposition),
      words[joint]!,
      ...nominativePhrase(words.slice(joint + 1), preposition),
    ];
  }
  const preferred = preposition ? CASE_AFTER[preposition.toLowerCase()] : undefined;
  const readings = words.map((word) => (/^[а-яё-]+$/i.test(word) ? reading(word, preferred) : undefined));
  const head = readings.findIndex((parse) => parse?.tag.POS === 'NOUN');
  if (head < 0 && preferred && words.length === 1) return [placeNamedByAdjective(words[0]!, readings[0])];
  if (head < 0 || readings[head]?.tag.CAse === 'nomn') return [...words];
  // Without a preposition a word that may be a nominative is one: «квест», «цветы», «такси».
  const written = words[head]!.toLowerCase();
  const nominativeAlready = Az.Morph(written).some(
    (parse) => parse.tag.CAse === 'nomn' || parse.normalize().word === written,
  );
  // Nor a genitive: without a preposition it is more often a word the dictionary lacks («квест»).
  if (!preferred && (nominativeAlready || readings[head]?.tag.CAse === 'gent')) return [...words];
  // «на цветы», «за билеты»: an accusative that is also a nominative is the word as written.
  if (readings[head]?.tag.CAse === 'accs' && Az.Morph(written).some((parse) => parse.tag.CAse === 'nomn'))
    return [...words];
  const number = readings[head]!.tag.NMbr;
  const gender = (readings[head]!.tag as unknown as { GNdr?: string }).GNdr;
  return words.map((word, index) => {
    const parse = readings[index];
    if (!parse || index > head || !['NOUN', 'ADJF'].includes(parse.tag.POS)) return word;
    const grammemes = [
      'nomn',
      ...(number ? [number] : []),
      ...(parse.tag.POS === 'ADJF' && gender && number !== 'plur' ? [gender] : []),
    ];
    const inflected = parse.inflect(grammemes);
    // az guesses the paradigm of a word it does not know, sometimes wildly («хостел» -> «телефон»):
    // a form must keep the word's beginning.
    if (!inflected || inflected.word.slice(0, 3) !== word.toLowerCase().slice(0, 3)) return word;
    return keepCapital(word, inflected.word);
  });
}

/** «в столовой», «в пельменной»: an adjective standing for a place, feminine: «столовая». */
function placeNamedByAdjective(word: string, parse: ReturnType<typeof reading>): string {
  if (parse?.tag.POS !== 'ADJF' || parse.tag.CAse === 'nomn') return word;
  if (Az.Morph(word.toLowerCase()).some((other) => other.tag.CAse === 'nomn')) return word;
  const gender = (parse.tag as unknown as { GNdr?: string }).GNdr ?? 'femn';
  const inflected = parse.inflect(['nomn', 'sing', gender]);
  return inflected && inflected.word.slice(0, 3) === word.toLowerCase().slice(0, 3)
    ? keepCapital(word, inflected.word)
    : word;
}

/** The reading of a word: the likeliest in a case the preposition wants, else the likeliest. */
function reading(word: string, preferred: string[] | undefined) {
  const parses = Az.Morph(word.toLowerCase());
  const best = parses[0];
  if (!best || !preferred) return best;
  const close = parses.filter((parse) => parse.score >= best.score - 0.15);
  return close.find((parse) => parse.tag.CAse !== undefined && preferred.includes(parse.tag.CAse)) ?? best;
}

function keepCapital(written: string, word: string): string {
  return written.charAt(0) !== written.charAt(0).toLowerCase()
    ? word.charAt(0).toUpperCase() + word.slice(1)
    : word;
}
