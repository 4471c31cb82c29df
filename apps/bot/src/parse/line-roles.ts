import { isPerson, isWord, type Part, wordIs } from './line-parts';
import type { AmountToken } from './tokenize';
import { TIME_WORDS, UNIT_WORDS } from './vocabulary';

/** Largest bare number read as an hour after "в", "at": 24, in cents. */
const LARGEST_HOUR = 2400;
/** Largest bare number read as a count before a noun ("2 пиццы", "3 tickets"): 20, in cents. */
const LARGEST_COUNT = 2000;

/** "taxi 18 there and 22 back": words after a number that are no things counted. */
const NEVER_COUNTED = ['there', 'back', 'туда', 'обратно', 'назад', 'too', 'also', 'тоже'];

export function amountOf(part: Part | undefined): AmountToken | undefined {
  return part?.token.kind === 'amount' ? part.token : undefined;
}

/** Amounts still meaning money (not a time, a count or someone's part). */
export function moneyParts(parts: readonly Part[]): Part[] {
  return parts.filter((part) => amountOf(part) && !part.notMoney && !part.used);
}

/**
 * Bare numbers that count or tell the time rather than pay: "3 ночи", "6 человек", "10%",
 * "в 7", "at 8", and "2 пиццы" when the line has another amount.
 */
export function markNumbersThatAreNotMoney(parts: Part[]) {
  const amounts = parts.filter((part) => amountOf(part));
  parts.forEach((part, index) => {
    const amount = amountOf(part);
    if (!amount?.bare) return;
    const next = parts[index + 1];
    const previous = parts[index - 1];
    const ofUs = wordIs(next, 'of') && wordIs(parts[index + 2], 'us', 'them', 'you');
    // "Tom's 30th", "the 5th": an ordinal, no money.
    const ordinal = wordIs(next, 'st', 'nd', 'rd', 'th');
    const beforeUnit =
      ofUs ||
      ordinal ||
      (next?.token.kind === 'word' && UNIT_WORDS.has(next.token.norm)) ||
      (next?.token.kind === 'punct' && next.token.text === '%');
    const afterTimeWord =
      amount.cents <= LARGEST_HOUR && previous?.token.kind === 'word' && TIME_WORDS.has(previous.token.norm);
    const countOfThings =
      amount.cents <= LARGEST_COUNT &&
      amounts.length > 1 &&
      isWord(next, 'plain') &&
      !wordIs(next, ...NEVER_COUNTED) &&
      // "+ 5 delivery": an amount added is no count.
      !(previous?.token.kind === 'punct' && previous.token.text === '+') &&
      !wordIs(previous, 'plus', 'плюс') &&
      !next?.nameLike &&
      !isPerson(previous);
    if (beforeUnit || afterTimeWord || countOfThings) part.notMoney = true;
  });
}

/** "по 450", "15 each": marks the words; the amount that is per person, if any. */
export function markEachAmount(parts: Part[]): Part | undefined {
  let each: Part | undefined;
  parts.forEach((part, index) => {
    if (!amountOf(part) || part.notMoney || each) return;
    const previous = parts[index - 1];
    const next = parts[index + 1];
    if (previous && isWord(previous, 'each-before')) {
      previous.used = true;
      each = part;
    }
    if (next && isWord(next, 'each-after')) {
      next.used = true;
      each = part;
    }
    // «с человека», «с носа», «с каждого», "per person", "a head", "pp".
    const after = parts[index + 2];
    if (
      (wordIs(next, 'с', 'со') && wordIs(after, 'человека', 'носа', 'каждого', 'рыла', 'брата')) ||
      (wordIs(next, 'per', 'a') && wordIs(after, 'person', 'head', 'head.')) ||
      wordIs(next, 'pp', 'pax')
    ) {
      next!.used = true;
      if (after && !wordIs(next, 'pp', 'pax')) after.used = true;
      each = part;
    }
  });
  return each;
}

export interface PersonAmounts {
  pairs: { person: Part; amount: Part }[];
  /**
   * The amounts are what each paid, not each one's share: «Паша 700 и я 300 за продукты», «миша
   * 1200 я 800 за ужин» — the pairs open the message and what was bought follows «за»/"for".
   * «ужин: я 450, Боря 380», «я на 1200 катя на 900» are shares.
   */
  paid: boolean;
}

const centsOf = (part: Part): number => amountOf(part)?.cents ?? 0;
const sumOfCents = (parts: readonly Part[]): number => parts.reduce((sum, part) => sum + centsOf(part), 0);

/** A person, even one a verb already took as the one who paid. */
function namesSomeone(part: Part | undefined): boolean {
  return part !== undefined && (part.class === 'name' || part.nameLike);
}

/** «платили за дом я 10000 паша 8000», "we paid the bar tab, me 40 kirill 35": a plural payment. */
function paidByMany(parts: readonly Part[], verb: Part): boolean {
  if (verb.token.kind !== 'word') return false;
  if (/^(за|о)?платили$/.test(verb.token.norm)) return true;
  const before = parts[parts.indexOf(verb) - 1];
  return wordIs(before, 'мы', 'we');
}

/**
 * Per-person amounts: "я 450, Боря 380", "Anna 25 Bob 30", «я на 1200 катя на 900». Taken only
 * when at least two people are each followed by an amount; one such pair is a name next to the
 * total.
 */
export function takePerPersonAmounts(parts: Part[]): PersonAmounts {
  const pairs: { person: Part; amount: Part; on: boolean; paying: boolean }[] = [];
  parts.forEach((part, index) => {
    if (!amountOf(part) || part.notMoney || part.used) return;
    let before = index - 1;
    while (parts[before]?.token.kind === 'punct' && /^[:\-—–]$/.test(parts[before]?.token.text ?? ''))
      before--;
    const on = wordIs(parts[before], 'на', 'on');
    if (on) before--;
    // "i paid 40 and julia paid 30", «я заплатил 3000, Саня 1800»: a verb of paying between.
    const paying = parts[before]?.verb === 'pay' && namesSomeone(parts[before - 1]);
    if (paying) before--;
    const person = parts[before];
    // «платили я 3000 и саня 1800»: the verb took the first of them as the one who paid.
    const afterVerb = parts[before - 1]?.verb === 'pay';
    if (person && (paying || isPerson(person) || (afterVerb && namesSomeone(person))))
      pairs.push({ person, amount: part, on, paying });
  });
  // «Аня заплатила 1000: я 600, Боря 400»: the one who paid with the total, then the shares;
  // "dinner 90 - I paid 60, mike 30": what each paid.
  const paying = pairs.filter((pair) => pair.paying);
  const mixed = paying.length > 0 && paying.length < pairs.length;
  const totalThenShares =
    mixed &&
    paying.length === 1 &&
    centsOf(paying[0]!.amount) ===
      sumOfCents(pairs.filter((pair) => !pair.paying).map((pair) => pair.amount));
  if (totalThenShares) pairs.splice(0, pairs.length, ...pairs.filter((pair) => !pair.paying));
  if (pairs.length < 2) return { pairs: [], paid: false };
  for (const { person, amount } of pairs) {
    person.used = true;
    amount.used = true;
  }
  const firstPerson = parts.indexOf(pairs[0]!.person);
  const lastAmount = parts.indexOf(pairs.at(-1)!.amount);
  const opensMessage = parts.slice(0, firstPerson).every((part) => part.token.kind !== 'word' || part.used);
  const forFollows = isWord(parts[lastAmount + 1], 'for');
  // «мне 300, Ане 400» (datives) are shares; payers are named in the nominative.
  const nominative = pairs.every(({ person }) => person.cases.size === 0 || person.cases.has('nominative'));
  const paidBefore = parts
    .slice(0, firstPerson)
    .some((part) => part.verb === 'pay' && paidByMany(parts, part));
  const paid =
    !pairs.some((pair) => pair.on) &&
    nominative &&
    ((opensMessage && forFollows) || paidBefore || (pairs[0]!.paying && !totalThenShares));
  return { pairs: pairs.map(({ person, amount }) => ({ person, amount })), paid };
}
