import type { Proposal } from '../types';

/** How often an expense repeats (issue 28): every `every` `unit`s from its day. */
export type Repeat = NonNullable<Proposal['repeat']>;

/** A message's repeat and the message without the words that said it. */
export interface FoundRepeat {
  repeat: Repeat;
  rest: string;
}

type Unit = Repeat['unit'];

/** Spaces within a line: a phrase never runs over a line break (receipt lines stay lines). */
const S = '[^\\S\\n]+';
const START = '(?<![\\p{L}\\d])';
const END = '(?![\\p{L}])';

const COUNT_WORDS: Record<string, number> = {
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
  other: 2,
};
const COUNT = `(\\d{1,2}|${Object.keys(COUNT_WORDS).join('|')})`;

/** A unit as written -> the rule's unit and how many of it one stands for («квартал»: 3 months). */
const UNITS: [RegExp, Unit, number][] = [
  [/^(?:день|дня|дней|day|days)$/, 'day', 1],
  [/^(?:неделя|неделю|недели|недель|нед|week|weeks|wk|woche)$/, 'week', 1],
  [/^(?:fortnight)$/, 'week', 2],
  [/^(?:месяц|месяца|месяцев|мес|month|months|mo|mth|monat)$/, 'month', 1],
  [/^(?:квартал|квартала|кварталов|quarter|quarters)$/, 'month', 3],
  [/^(?:полгода|полугода)$/, 'month', 6],
  [/^(?:год|года|лет|year|years|yr|jahr)$/, 'year', 1],
];
const UNIT =
  '(день|дня|дней|неделя|неделю|недели|недель|месяц|месяца|месяцев|квартал|квартала|кварталов|полгода|полугода|год|года|лет|days?|weeks?|fortnight|months?|quarters?|years?)';

const RU_WEEKDAYS = 'понедельник|вторник|среду|четверг|пятницу|субботу|воскресенье';
const RU_WEEKDAYS_PLURAL = 'понедельникам|вторникам|средам|четвергам|пятницам|субботам|воскресеньям';
const EN_WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';

/** Words that say it all: «ежемесячно», "monthly", "biweekly". */
const ADVERBS: [string, Unit, number][] = [
  ['ежедневно', 'day', 1],
  ['еженедельно', 'week', 1],
  ['ежемесячно|ежемес\\.?|помесячно', 'month', 1],
  ['ежеквартально', 'month', 3],
  ['ежегодно', 'year', 1],
  // «ежемесячный платёж», «ежегодная страховка»; not «ежедневные расходы», which name a kind of spending.
  ['еженедельн(?:ый|ая|ое|ые|ого|ую|ой|ых)', 'week', 1],
  ['ежемесячн(?:ый|ая|ое|ые|ого|ую|ой|ых)', 'month', 1],
  ['ежеквартальн(?:ый|ая|ое|ые|ого|ую|ой|ых)', 'month', 3],
  ['ежегодн(?:ый|ая|ое|ые|ого|ую|ой|ых)', 'year', 1],
  ['daily', 'day', 1],
  ['weekly', 'week', 1],
  ['bi-?weekly|fortnightly', 'week', 2],
  ['monthly', 'month', 1],
  ['quarterly', 'month', 3],
  ['yearly|annually', 'year', 1],
  // German, in the Berlin flat: «Strom 95€ monatlich».
  ['wöchentlich', 'week', 1],
  ['monatlich', 'month', 1],
  ['vierteljährlich', 'month', 3],
  ['jährlich', 'year', 1],
];

/** An amount just before: «45000 в месяц», "$999/mo", «45к в месяц», «600 руб в месяц». */
const AFTER_AMOUNT =
  '(?<=\\d(?:[^\\S\\n]?(?:₽|р\\.?|руб\\.?|рублей|к|k|тыс\\.?|\\$|€|£|eur|usd|rub|euros?|dollars?|bucks))?)';

interface Pattern {
  regex: RegExp;
  /** The rule a match says. */
  rule(match: RegExpMatchArray): Repeat | null;
}

const ruleOf = (count: string | undefined, unitWord: string | undefined): Repeat | null => {
  const unit = UNITS.find(([pattern]) => pattern.test((unitWord ?? '').toLowerCase()));
  if (!unit) return null;
  const written = count?.toLowerCase();
  const times = written === undefined ? 1 : (COUNT_WORDS[written] ?? Number(written));
  // «каждые полгода»: a count before «полгода» or "fortnight" is no rule anyone writes.
  if (!Number.isInteger(times) || times < 1 || (written !== undefined && unit[2] !== 1)) return null;
  return { every: times * unit[2], unit: unit[1] };
};

const PATTERNS: Pattern[] = [
  // «каждый месяц», «каждые 2 недели», «каждые три месяца», «каждую неделю», «5-го числа каждого
  // месяца»; not «каждый день рождения», nor «кроссовки на каждый день».
  {
    regex: new RegExp(
      `(?<!(?:^|[^\\p{L}])на${S})${START}(?:\\d{1,2}(?:-?го)?${S}числа${S})?кажд(?:ый|ую|ое|ые|ого|ой)${S}(?:${COUNT}${S})?${UNIT}${END}(?!${S}рождени)`,
      'giu',
    ),
    rule: (match) => ruleOf(match[1], match[2]),
  },
  // «каждое 10-е число», «каждое 5 число»: a day of every month.
  {
    regex: new RegExp(`${START}кажд(?:ое|ого)${S}\\d{1,2}(?:-?(?:е|ое|го))?${S}числ(?:о|а)${END}`, 'giu'),
    rule: () => ({ every: 1, unit: 'month' }),
  },
  // German: «jeden Monat», «jede Woche», «im Monat», «pro Monat», «39,99 €/Monat».
  {
    regex: new RegExp(
      `${START}(?:jeden|jede|jedes|im|pro)${S}(monat|woche|jahr)${END}|(?<=\\d[^\\S\\n]?€?)[^\\S\\n]?\\/[^\\S\\n]?(monat)${END}`,
      'giu',
    ),
    rule: (match) => ruleOf(undefined, match[1] ?? match[2]),
  },
  // «раз в месяц», «раз в две недели», «один раз в год», «раз в полгода».
  {
    regex: new RegExp(`${START}(?:(?:один|1)${S})?раз${S}в${S}(?:${COUNT}${S})?${UNIT}${END}`, 'giu'),
    rule: (match) => ruleOf(match[1], match[2]),
  },
  // "every month", "every 2 weeks", "every other week", "each month", "once a month", "once every 3 months".
  {
    regex: new RegExp(
      `${START}(?:once${S}(?:a|per|every)|every(?:${S}single)?|each)${S}(?:${COUNT}${S})?${UNIT}${END}`,
      'giu',
    ),
    rule: (match) => ruleOf(match[1], match[2]),
  },
  // "per month", "per week", "per year" anywhere; not "per day", which prices a stay or a rental.
  {
    regex: new RegExp(`${START}per${S}(week|month|year)${END}`, 'giu'),
    rule: (match) => ruleOf(undefined, match[1]),
  },
  // «в месяц», «аренда в месяц 45000»; not «2 раза в месяц».
  {
    regex: new RegExp(`(?<!раза${S})${START}в${S}(месяц|мес)${END}\\.?`, 'giu'),
    rule: (match) => ruleOf(undefined, match[1]),
  },
  // After an amount: «5000 в неделю», "999 a month", "$999/mo", «600/мес»; not «уложились в неделю»,
  // "a month ago", "for a month", nor «в день», "a day" (a day's price: «отель 5000 в день»).
  {
    regex: new RegExp(
      `${AFTER_AMOUNT}(?:${S}(?:в|a)${S}|[^\\S\\n]?\\/[^\\S\\n]?)(неделю|месяц|мес|год|week|wk|month|mo|mth|year|yr)${END}\\.?(?!${S}ago)`,
      'giu',
    ),
    rule: (match) => ruleOf(undefined, match[1]),
  },
  // A weekday said as a habit: «каждую пятницу», «по пятницам», "every Friday", "on Fridays". The
  // series falls on the day its expense is saved (the draft shows the next date), usually that day.
  {
    regex: new RegExp(
      `${START}(?:(?:кажд(?:ый|ую|ое)${S}(?:${RU_WEEKDAYS}))|(?:по${S}(?:${RU_WEEKDAYS_PLURAL}))|(?:(?:every|each)${S}(?:${EN_WEEKDAYS}))|(?:on${S}(?:${EN_WEEKDAYS})s))${END}`,
      'giu',
    ),
    rule: () => ({ every: 1, unit: 'week' }),
  },
  ...ADVERBS.map(
    ([words, unit, every]): Pattern => ({
      regex: new RegExp(`${START}(?:${words})${END}`, 'giu'),
      rule: () => ({ every, unit }),
    }),
  ),
];

/**
 * How often the message says the expense repeats, and the message without those words (so they
 * end up in no title); null when it says nothing of it. «каждый из нас», "each", «по 500 с
 * каждого», «каждый раз», «2 раза в месяц» name no rule and are no repeat. With several repeat
 * phrases the first one written is the rule; all are taken out.
 */
export function findRepeat(text: string): FoundRepeat | null {
  const spans: { start: number; end: number; repeat: Repeat }[] = [];
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern.regex)) {
      const repeat = pattern.rule(match);
      const start = match.index;
      const end = start + match[0].length;
      if (repeat && !spans.some((span) => start < span.end && span.start < end))
        spans.push({ start, end, repeat });
    }
  }
  if (spans.length === 0) return null;
  spans.sort((a, b) => a.start - b.start);
  let rest = '';
  let from = 0;
  for (const span of spans) {
    rest += `${text.slice(from, span.start)}${CUT}`;
    from = span.end;
  }
  return { repeat: spans[0]!.repeat, rest: tidy(rest + text.slice(from)) };
}

/** Where a phrase was taken out; only those lines are tidied. */
const CUT = '\u0000';

/** What taking a phrase out leaves: empty brackets, doubled spaces, a comma before a comma or at a line's ends. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      !line.includes(CUT)
        ? line
        : line
            .replaceAll(CUT, ' ')
            .replace(/\(\s*\)|\[\s*\]/g, ' ')
            .replace(/[^\S\n]+/g, ' ')
            .replace(/\s+([,.;!)])/g, '$1')
            .replace(/([,;])(?:\s*[,;])+/g, '$1')
            .replace(/^[\s,;:—–-]+|[\s,;:—–-]+$/g, ''),
    )
    .join('\n');
}
