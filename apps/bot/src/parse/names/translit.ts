/**
 * Latin spellings of Cyrillic names, as people type them without a Russian keyboard (Katya, Katia,
 * Pasha, Zhenya, Olya, Yulia) and the reverse for what a Russian writes of a Latin name. Each
 * letter has its usual spellings; a word gets every combination, capped, since a name has few
 * letters with more than one.
 */
const CYRILLIC_TO_LATIN: Record<string, string[]> = {
  а: ['a'],
  б: ['b'],
  в: ['v', 'w'],
  г: ['g'],
  д: ['d'],
  е: ['e', 'ye'],
  ё: ['yo', 'e', 'io'],
  ж: ['zh', 'j'],
  з: ['z'],
  и: ['i'],
  й: ['y', 'i', 'j'],
  к: ['k'],
  л: ['l'],
  м: ['m'],
  н: ['n'],
  о: ['o'],
  п: ['p'],
  р: ['r'],
  с: ['s'],
  т: ['t'],
  у: ['u'],
  ф: ['f'],
  х: ['kh', 'h'],
  ц: ['ts', 'c'],
  ч: ['ch'],
  ш: ['sh'],
  щ: ['shch', 'sch'],
  ъ: [''],
  ы: ['y', 'i'],
  ь: ['', "'"],
  э: ['e'],
  ю: ['yu', 'iu', 'ju'],
  я: ['ya', 'ia', 'ja'],
};

const MAX_SPELLINGS = 24;

/** Latin spellings of a lower-case Cyrillic word; [] when it has other letters. */
export function latinSpellings(word: string): string[] {
  let spellings = [''];
  for (const letter of word) {
    const options = CYRILLIC_TO_LATIN[letter];
    if (!options) return [];
    spellings = spellings.flatMap((start) => options.map((option) => start + option)).slice(0, MAX_SPELLINGS);
  }
  return spellings;
}

/** Latin digraphs first, so "zh" is read before "z" and "h". */
const LATIN_TO_CYRILLIC: [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'ё'],
  ['ye', 'е'],
  ['iu', 'ю'],
  ['ia', 'я'],
  ['ju', 'ю'],
  ['ja', 'я'],
  ['ee', 'и'],
  ['oo', 'у'],
  ['ph', 'ф'],
  ['th', 'т'],
  ['ck', 'к'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'й'],
  ['z', 'з'],
  ["'", 'ь'],
];

/**
 * One Cyrillic reading of a lower-case Latin word ("katya" -> "катя", "zhenya" -> "женя"); a final
 * "y" after a consonant reads as "и" ("dimy" is rare, "olgy" none), otherwise as "й" (Sergey).
 */
export function cyrillicReading(word: string): string | undefined {
  if (!/^[a-z']+$/.test(word)) return undefined;
  // Endings first: Sergei, Sergey -> Сергей; Vasiliy -> Василий; Dmitriy -> Дмитрий.
  const ending = /(ei|ey|iy|yi|ij|ai|ay|oi|oy)$/.exec(word)?.[0];
  if (ending) {
    const stem = cyrillicReading(word.slice(0, -ending.length));
    const tail = { ei: 'ей', ey: 'ей', iy: 'ий', yi: 'ый', ij: 'ий', ai: 'ай', ay: 'ай', oi: 'ой', oy: 'ой' }[
      ending
    ];
    return stem === undefined ? undefined : stem + tail;
  }
  let result = '';
  let at = 0;
  while (at < word.length) {
    const found = LATIN_TO_CYRILLIC.find(([latin]) => word.startsWith(latin, at));
    if (!found) return undefined;
    result += found[1];
    at += found[0].length;
  }
  return result;
}

/** Latin letters that look like Cyrillic ones, for words typed with two keyboards ("Makс"). */
const LOOKALIKES: Record<string, string> = {
  a: 'а',
  c: 'с',
  e: 'е',
  k: 'к',
  m: 'м',
  o: 'о',
  p: 'р',
  x: 'х',
  y: 'у',
  t: 'т',
  h: 'н',
  b: 'в',
};

/** A word mixing Latin and Cyrillic letters read as all Cyrillic ("Makс" -> "макс"); else as it is. */
export function unmixScripts(word: string): string {
  if (!/[a-z]/i.test(word) || !/[а-яё]/i.test(word)) return word;
  return [...word.toLowerCase()].map((letter) => LOOKALIKES[letter] ?? letter).join('');
}
