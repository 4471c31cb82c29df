import type { Cents } from '@dolya/domain';
import { isPerson, isWord, type Part, wordIs } from './line-parts';
import { amountOf } from './line-roles';
import type { ReadAmount } from './reading';

/** What the amounts of a line add up to, and how. */
export interface LineAmount {
  total: ReadAmount | null;
  /** "3 пива по 250", "7x350", "4 at 7": a count times a price. */
  product?: { count: number; each: ReadAmount };
  /** "пиво 1к + чипсы 500": the parts summed, with their own words when they have them. */
  sum?: { amount: ReadAmount; words: string | null }[];
  /** "500 или 600", "80ish", "пару сотен": the amount is unclear; these are the candidates. */
  candidates?: ReadAmount[];
  /** «2400 … по 600»: the per-person amount written beside the total. */
  each?: ReadAmount;
}

const TIMES = new Set(['x', 'х', '×', '*']);
const JOINING = new Set(['и', 'еще', 'ещё', 'плюс', 'and', 'plus', 'also', 'а']);
const OR = new Set(['или', 'либо', 'or', 'ли']);
const ROUGHLY_BEFORE = new Set([
  'около',
  'примерно',
  'приблизительно',
  'где-то',
  'почти',
  'вроде',
  'like',
  'about',
  'around',
  'roughly',
  'approx',
  'approximately',
  'maybe',
]);
const ROUGHLY_AFTER = new Set(['ish', 'something', 'с', 'примерно', 'где-то', 'вроде', 'or']);
/** Words that only say the count is of pieces. */
const UNITS = ['шт', 'штук', 'штуки', 'штука', 'pcs', 'pieces', 'x'];

/** Largest count read before a price ("40 шт по 2"). */
const LARGEST_COUNT = 1000;

const bareCount = (part: Part | undefined): number | undefined => {
  const amount = amountOf(part);
  if (!amount?.bare || amount.currency) return undefined;
  const count = amount.cents / 100;
  return count >= 1 && count <= LARGEST_COUNT ? count : undefined;
};

const readOf = (part: Part): ReadAmount => {
  const amount = amountOf(part)!;
  return { cents: amount.cents, currency: amount.currency };
};

/** The count and the price of "N x P", "P x N", "N по P", "N шт по P", "N at P": marked used. */
export function takeProduct(parts: Part[]): LineAmount['product'] {
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (!amountOf(part) || part.used) continue;
    // N x P / P x N
    const sign = parts[index + 1];
    const other = parts[index + 2];
    const isTimes =
      (sign?.token.kind === 'word' || sign?.token.kind === 'punct') &&
      TIMES.has(sign.token.text.toLowerCase());
    if (isTimes && other && amountOf(other) && !other.used) {
      const [count, price] =
        bareCount(part) !== undefined &&
        (bareCount(other) === undefined || amountOf(part)!.cents <= amountOf(other)!.cents)
          ? [part, other]
          : [other, part];
      const times = bareCount(count);
      if (times !== undefined) {
        for (const used of [part, sign, other]) used!.used = true;
        part.notMoney = true;
        other.notMoney = true;
        return { count: times, each: readOf(price) };
      }
    }
    // N [words] по P, N at P
    const count = bareCount(part);
    if (count === undefined) continue;
    for (let gap = 1; gap <= 3; gap++) {
      const word = parts[index + gap];
      const price = parts[index + gap + 1];
      if (!word || word.used) break;
      const joins =
        isWord(word, 'each-before') ||
        wordIs(word, 'at', '@', 'à') ||
        (word.token.kind === 'punct' && word.token.text === '@');
      // "2 pizzas 14.99 each": the price, then "each".
      const priceThenEach =
        word.token.kind === 'word' && amountOf(price) && isWord(parts[index + gap + 2], 'each-after');
      if (priceThenEach && gap <= 2 && !price!.used) {
        part.used = true;
        part.notMoney = true;
        for (const unit of parts.slice(index + 1, index + gap + 1))
          if (wordIs(unit, ...UNITS)) unit.used = true;
        price!.used = true;
        price!.notMoney = true;
        parts[index + gap + 2]!.used = true;
        return { count, each: readOf(price!) };
      }
      if (joins && price && amountOf(price) && !price.used) {
        const between = parts.slice(index + 1, index + gap);
        if (between.some((middle) => isPerson(middle) || middle.token.kind !== 'word')) break;
        part.used = true;
        part.notMoney = true;
        word.used = true;
        for (const unit of between) if (wordIs(unit, ...UNITS)) unit.used = true;
        price.used = true;
        price.notMoney = true;
        const each = parts[index + gap + 2];
        if (isWord(each, 'each-after')) each!.used = true;
        return { count, each: readOf(price) };
      }
      if (word.token.kind !== 'word' || isPerson(word)) break;
    }
  }
  return undefined;
}

/** Whether one of these words (or "+", for joining words) stands between two amounts. */
function joinedBy(between: readonly Part[], words: Set<string>): boolean {
  return between.some(
    (part) =>
      (words === JOINING && part.token.kind === 'punct' && part.token.text === '+') ||
      (part.token.kind === 'word' && words.has(part.token.norm)),
  );
}

/** The words right before an amount, as its own ("пиво" in "пиво 1к + чипсы 500"). */
function ownWords(parts: readonly Part[], index: number): string | null {
  const words: string[] = [];
  for (let at = index - 1; at >= 0; at--) {
    const part = parts[at]!;
    if (part.token.kind !== 'word' || part.used || isPerson(part) || JOINING.has(part.token.norm)) break;
    if (part.class !== 'plain' && part.class !== 'filler') break;
    words.unshift(part.written);
  }
  return words.length > 0 ? words.join(' ') : null;
}

/**
 * The amount of a line from what is still money in it: a count times a price, several amounts
 * summed when they are joined ("+", «и ещё», "and") or each has its own words («свет 1850 газ
 * 640»), candidates when it is unclear ("500 или 600", "80ish"); else the first amount that
 * names a currency or a multiplier, else the first.
 */
export function readLineAmount(parts: Part[], product: LineAmount['product'], eachPart?: Part): LineAmount {
  let money = parts
    .map((part, index) => ({ part, index }))
    .filter(({ part }) => amountOf(part) && !part.notMoney && !part.used);
  for (const { part } of money) part.used = true;
  // «квест 2400 я, Катя, Олег, Света по 600»: the total, and beside it what each pays.
  const eachEntry = eachPart && money.length === 2 ? money.find(({ part }) => part === eachPart) : undefined;
  if (eachEntry) {
    money = money.filter((entry) => entry !== eachEntry);
    return { total: readOf(money[0]!.part), each: readOf(eachEntry.part) };
  }

  const first = money[0];
  const roughly = first ? roughlyAround(parts, first.index) : false;
  if (money.length === 0) {
    return product ? { total: timesOf(product), product } : { total: null };
  }
  if (money.length === 2 && joinedBy(parts.slice(money[0]!.index + 1, money[1]!.index), OR)) {
    return { total: readOf(money[0]!.part), candidates: money.map(({ part }) => readOf(part)) };
  }
  if (product) {
    const terms = [
      { amount: timesOf(product), words: null },
      ...money.map(({ part, index }) => ({ amount: readOf(part), words: ownWords(parts, index) })),
    ];
    return terms.length > 1
      ? { total: totalOf(terms.map((term) => term.amount)), product, sum: terms }
      : { total: timesOf(product), product };
  }
  if (money.length > 1) {
    const terms = money.map(({ part, index }) => ({ amount: readOf(part), words: ownWords(parts, index) }));
    const joined = money.every(
      ({ index }, at) => at === 0 || joinedBy(parts.slice(money[at - 1]!.index + 1, index), JOINING),
    );
    const itemised = terms.every((term) => term.words !== null);
    if (joined || itemised) return { total: totalOf(terms.map((term) => term.amount)), sum: terms };
    const picked = money.find(({ part }) => amountOf(part)?.currency || amountOf(part)?.scaled) ?? first!;
    return {
      total: readOf(picked.part),
      candidates: [readOf(picked.part), totalOf(terms.map((term) => term.amount))],
    };
  }
  const total = readOf(first!.part);
  return roughly ? { total, candidates: [total] } : { total };
}

function roughlyAround(parts: readonly Part[], index: number): boolean {
  const before = parts[index - 1];
  const after = parts[index + 1];
  const amount = amountOf(parts[index]);
  const ish = amount && /ish$/i.test(amount.text);
  return (
    !!ish ||
    (before?.token.kind === 'word' && ROUGHLY_BEFORE.has(before.token.norm)) ||
    (after?.token.kind === 'word' &&
      ROUGHLY_AFTER.has(after.token.norm) &&
      after.token.norm !== 'с' &&
      after.token.norm !== 'or')
  );
}

function timesOf(product: NonNullable<LineAmount['product']>): ReadAmount {
  return { cents: product.each.cents * product.count, currency: product.each.currency };
}

function totalOf(amounts: readonly ReadAmount[]): ReadAmount {
  const cents: Cents = amounts.reduce((sum, amount) => sum + amount.cents, 0);
  return { cents, currency: amounts.find((amount) => amount.currency)?.currency ?? null };
}
