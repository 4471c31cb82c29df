/**
 * Amounts written in words, in both languages, turned into digits before the message is read:
 * «две с половиной тыщи» -> 2500, «триста пятьдесят» -> 350, «три двести» -> 3200 (thousands
 * left unsaid), «полтинник» -> 50, «a hundred and twenty» -> 120, «forty two fifty» -> 42.50,
 * «тридцать два евро пятьдесят» -> 32.50 евро. Values are kept as exact decimal text.
 */

const RU_UNITS: Record<string, number> = {
  ноль: 0,
  один: 1,
  одна: 1,
  одну: 1,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
  одиннадцать: 11,
  двенадцать: 12,
  тринадцать: 13,
  четырнадцать: 14,
  пятнадцать: 15,
  шестнадцать: 16,
  семнадцать: 17,
  восемнадцать: 18,
  девятнадцать: 19,
};
const RU_TENS: Record<string, number> = {
  двадцать: 20,
  тридцать: 30,
  сорок: 40,
  пятьдесят: 50,
  шестьдесят: 60,
  семьдесят: 70,
  восемьдесят: 80,
  девяносто: 90,
};
const RU_HUNDREDS: Record<string, number> = {
  сто: 100,
  двести: 200,
  триста: 300,
  четыреста: 400,
  пятьсот: 500,
  шестьсот: 600,
  семьсот: 700,
  восемьсот: 800,
  девятьсот: 900,
};
const EN_UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const EN_TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const THOUSAND =
  /^(тысяч[аиу]?|тыщ[аиу]?|тыс\.?|thousand|grand|k|косаря|косарей|косарика|косариков|штукаря|штукарей)$/;
const HUNDRED = /^(hundred)$/;
const MILLION = /^(миллион(а|ов)?|млн|million)$/;

/** Slang for round sums: one word, one value. */
const SLANG: Record<string, number> = {
  полтинник: 50,
  полтос: 50,
  полтишок: 50,
  стольник: 100,
  сотка: 100,
  сотку: 100,
  сотня: 100,
  сотню: 100,
  пятихатка: 500,
  пятихатку: 500,
  пятисотка: 500,
  пятисотку: 500,
  косарь: 1000,
  косарик: 1000,
  косаря: 1000,
  полтыщи: 500,
  полторашка: 1500,
  штукарь: 1000,
  червонец: 10,
  десятка: 10,
  десятку: 10,
  двадцатка: 20,
  двадцатку: 20,
  пятнашка: 15,
  пятнашку: 15,
  полтора: 1.5,
  полторы: 1.5,
  tenner: 10,
  fiver: 5,
  grand: 1000,
};

/** Words that carry a value in a number phrase; everything else ends it. */
function numberWordValue(word: string): number | undefined {
  return RU_UNITS[word] ?? RU_TENS[word] ?? RU_HUNDREDS[word] ?? EN_UNITS[word] ?? EN_TENS[word];
}

/** Words on their own: not a piece of a username or of a word with digits ("@priya_k", "2k"). */
const WORD = /(?<![\p{L}\d_@])[\p{L}]+(?:[-'][\p{L}]+)*(?![\p{L}\d_])/gu;

interface Found {
  start: number;
  end: number;
  value: string;
}

/** The message with every amount in words written in digits; the rest untouched. */
export function numbersInWords(text: string): string {
  // «пару сотен», «пару тысяч», "a couple hundred": roughly, which the reader asks about.
  text = text
    .replace(/(?<![\p{L}])пар[уа] сот(ен|ни)(?![\p{L}])/giu, 'около 200')
    .replace(/(?<![\p{L}])пар[уа] (тысяч|тыщ|косарей)(?![\p{L}])/giu, 'около 2000')
    .replace(/\ba couple (of )?hundred\b/gi, 'about 200')
    // «пол косаря», «полтыщи», «пол-штуки», "half a grand": half a thousand.
    .replace(/(?<![\p{L}])пол[\s-]?(косаря|тыщи|тысячи|штуки|штукаря)(?![\p{L}])/giu, '500')
    .replace(/\bhalf an? (grand|thousand|k)\b/gi, '500')
    // «2 с половиной тыщи», «3 с половиной к»: the digits and a half, in thousands.
    .replace(
      /(?<![\p{L}\d.,])(\d{1,3})\s+с\s+половиной\s+(?:тыщ\p{L}*|тысяч\p{L}*|тыс\.?|к|k|косар\p{L}*)(?![\p{L}])/giu,
      (_, digits: string) => `${Number(digits) * 1000 + 500}`,
    )
    // «такси 6оо»: the letter о typed for zeros.
    .replace(
      /(?<![\p{L}\d])(\d+)([оoОO]{2,})(?![\p{L}\d])/gu,
      (_, digits: string, zeros: string) => `${digits}${'0'.repeat(zeros.length)}`,
    );
  // «штука за аренду беседки», «три штуки за химчистку»: with no other number, thousands.
  if (!/\d/.test(text)) text = thousandsInPieces(text);
  const words = [...text.matchAll(WORD)].map((match) => ({
    text: match[0],
    norm: match[0].toLowerCase().replace(/ё/g, 'е'),
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
  }));
  const found: Found[] = [];
  let index = 0;
  while (index < words.length) {
    const phrase = readPhrase(words, index, text);
    if (phrase) {
      found.push(phrase.found);
      index = phrase.next;
    } else index += 1;
  }
  let result = text;
  for (const { start, end, value } of found.reverse()) {
    result = `${result.slice(0, start)}${value}${result.slice(end)}`;
  }
  return centsSaidApart(result);
}

const PIECES_OF_THOUSAND =
  /(?<![\p{L}])(?:(одна|одну|две|два|три|четыре|пять|шесть|семь|восемь|девять|десять)\s+)?(штук[аиу]?)(?![\p{L}])/iu;
const SMALL_NUMBERS: Record<string, number> = {
  одна: 1,
  одну: 1,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
};

function thousandsInPieces(text: string): string {
  return text.replace(PIECES_OF_THOUSAND, (whole, count: string | undefined, word: string) => {
    const times = count ? SMALL_NUMBERS[count.toLowerCase()]! : 1;
    // «штуки» alone is a count of things, not money («две штуки»  needs its number word).
    if (!count && !/^штук[ау]$/i.test(word)) return whole;
    return String(times * 1000);
  });
}

/** "46 dollars and 20 cents", «87 евро 50 центов», «300 рублей 50 копеек»: one amount with its cents. */
function centsSaidApart(text: string): string {
  return text.replace(
    /(?<![\d.,])(\d+) (dollars?|bucks?|euros?|евро|долларов|доллара|доллар|рублей|рубля|рубль|руб|р\.?) (?:and |и )?(\d{1,2}) (?:cents?|центов|цента|цент|копеек|копейки|копейка|коп\.?)(?![\p{L}])/giu,
    (_, whole: string, currency: string, cents: string) => `${whole}.${cents.padStart(2, '0')} ${currency}`,
  );
}

interface Word {
  text: string;
  norm: string;
  start: number;
  end: number;
}

/** Words next to each other: only spaces (and «и»/"and" handled by the caller) between them. */
function adjacent(text: string, a: Word, b: Word): boolean {
  return /^[\s-]*$/.test(text.slice(a.end, b.start));
}

function readPhrase(words: Word[], from: number, text: string): { found: Found; next: number } | undefined {
  const first = words[from]!;
  // «a hundred», «a grand», «a tenner»: "a" counts as one.
  let at = from;
  let leadingA = false;
  if (
    (first.norm === 'a' || first.norm === 'an') &&
    words[from + 1] &&
    adjacent(text, first, words[from + 1]!)
  ) {
    const next = words[from + 1]!.norm;
    if (
      HUNDRED.test(next) ||
      next === 'grand' ||
      next === 'thousand' ||
      next === 'tenner' ||
      next === 'fiver'
    ) {
      leadingA = true;
      at = from + 1;
    }
  }
  const slang = SLANG[words[at]!.norm];
  const afterDigits = /\d[\s\u00a0]*$/.test(text.slice(0, words[at]!.start));
  if (slang !== undefined && !(words[at]!.norm === 'grand' && afterDigits)) {
    const half = halfAfter(words, at, text);
    const thousand = !half && slang < 10 && words[at + 1] && THOUSAND.test(words[at + 1]!.norm) ? 1000 : 1;
    const value = (slang + (half ? 0.5 : 0)) * thousand;
    const next = at + 1 + (half ? 3 : 0) + (thousand > 1 ? 1 : 0);
    return { found: { start: first.start, end: words[next - 1]!.end, value: decimal(value) }, next };
  }

  // A number phrase: units, tens, hundreds, "thousand", "hundred", "и"/"and" between.
  let total = 0;
  let group = leadingA ? 1 : 0;
  let last = at;
  let count = leadingA ? 1 : 0;
  let index = at;
  while (index < words.length) {
    const word = words[index]!;
    if (index > at && !adjacent(text, words[index - 1]!, word) && !joined(text, words[index - 1]!, word))
      break;
    const value = numberWordValue(word.norm);
    if (value !== undefined && fits(group, value)) {
      group += value;
    } else if (HUNDRED.test(word.norm) && group > 0) {
      group *= 100;
    } else if (
      (THOUSAND.test(word.norm) || MILLION.test(word.norm)) &&
      (count > 0 || (word.norm !== 'k' && !/\d[\s\u00a0]*$/.test(text.slice(0, word.start))))
    ) {
      // «тысяча двести», «тыщу» alone: one thousand; «3 тыс», "2k" are the digits' multiplier.
      const scale = MILLION.test(word.norm) ? 1_000_000 : 1000;
      const half = halfAfter(words, index, text) || halfBefore(words, index, text);
      total += ((group || 1) + (half ? 0.5 : 0)) * scale;
      group = 0;
      if (halfAfter(words, index, text)) index += 2;
    } else if (
      (word.norm === 'и' || word.norm === 'and') &&
      count > 0 &&
      numberWordValue(words[index + 1]?.norm ?? '') !== undefined
    ) {
      index += 1;
      continue;
    } else if (word.norm === 'с' && words[index + 1]?.norm === 'половиной' && count > 0) {
      // «две с половиной тыщи»: the half is read with the thousand after it.
      index += 2;
      continue;
    } else break;
    count += 1;
    last = index;
    index += 1;
  }
  if (count === 0) return undefined;
  const colloquial = colloquialThousands(words, at, last);
  const value = colloquial ?? total + group;
  // "forty two fifty", «тридцать два евро пятьдесят»: a second small number is the cents.
  const cents =
    colloquial === undefined && total === 0 && value < 100 ? centsAfter(words, last + 1, text) : undefined;
  if (cents) {
    const written = `${decimal(value)}.${String(cents.value).padStart(2, '0')}${cents.currency ? ` ${cents.currency}` : ''}`;
    return { found: { start: first.start, end: cents.end, value: written }, next: cents.next };
  }
  // A lone "one" or «один» is rarely money: "one pizza 12", «один раз».
  if (count === 1 && value < 2 && !leadingA) return undefined;
  return { found: { start: first.start, end: words[last]!.end, value: decimal(value) }, next: last + 1 };
}

/**
 * Whether a number word can follow the ones before in the same group: hundreds first, then tens,
 * then units («сто двадцать три»). "forty two fifty" stops at "fifty": that is the cents.
 */
function fits(group: number, value: number): boolean {
  const belowHundred = group % 100;
  if (value >= 100) return group === 0;
  if (value >= 20) return belowHundred === 0;
  if (value >= 10) return belowHundred === 0;
  return belowHundred === 0 || (belowHundred >= 20 && belowHundred % 10 === 0);
}

/** «и»/"and" between two number words joins them. */
function joined(text: string, a: Word, b: Word): boolean {
  return /^\s+(и|and)\s+$/i.test(text.slice(a.end, b.start));
}

function halfAfter(words: Word[], index: number, text: string): boolean {
  const [withWord, half] = [words[index + 1], words[index + 2]];
  return (
    !!withWord &&
    !!half &&
    withWord.norm === 'с' &&
    half.norm === 'половиной' &&
    adjacent(text, words[index]!, withWord)
  );
}

function halfBefore(words: Word[], index: number, text: string): boolean {
  const [withWord, half] = [words[index - 2], words[index - 1]];
  return (
    !!withWord &&
    !!half &&
    withWord.norm === 'с' &&
    half.norm === 'половиной' &&
    adjacent(text, half, words[index]!)
  );
}

/**
 * «три двести», «шесть двести», «две восемьсот»: a number under ten, then hundreds: thousands
 * and hundreds, the thousand unsaid.
 */
function colloquialThousands(words: Word[], from: number, to: number): number | undefined {
  if (to !== from + 1 && to !== from + 2) return undefined;
  const head = RU_UNITS[words[from]!.norm];
  const hundreds = RU_HUNDREDS[words[from + 1]!.norm];
  if (head === undefined || head < 1 || head > 9 || hundreds === undefined) return undefined;
  const tail = to === from + 2 ? (RU_TENS[words[to]!.norm] ?? RU_UNITS[words[to]!.norm]) : 0;
  if (tail === undefined) return undefined;
  return head * 1000 + hundreds + tail;
}

/** Tens (and a unit) right after the first number, or after a currency word: the cents. */
function centsAfter(
  words: Word[],
  index: number,
  text: string,
): { value: number; end: number; next: number; currency: string | null } | undefined {
  let at = index;
  let currency: string | null = null;
  const named = words[at];
  if (named && /^(евро|euro|euros|dollars?|bucks?|долларов|доллара|рублей|рубля)$/.test(named.norm)) {
    currency = named.text;
    at += 1;
  }
  const tens = words[at];
  if (!tens || at === 0 || !adjacent(text, words[at - 1]!, tens)) return undefined;
  let value = RU_TENS[tens.norm] ?? EN_TENS[tens.norm];
  if (value === undefined) return undefined;
  let end = tens.end;
  let next = at + 1;
  const unit = words[next];
  const unitValue = unit ? (RU_UNITS[unit.norm] ?? EN_UNITS[unit.norm]) : undefined;
  if (unit && unitValue !== undefined && unitValue > 0 && unitValue < 10 && adjacent(text, tens, unit)) {
    value += unitValue;
    end = unit.end;
    next += 1;
  }
  return { value, end, next, currency };
}

/** A number said in words as digits: a whole number, or one and a half («полторы», «с половиной»). */
function decimal(value: number): string {
  return Number.isInteger(value) ? String(value) : `${Math.floor(value)}.5`;
}
