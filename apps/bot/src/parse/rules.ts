import type { ParseContext } from './context';
import { spellDollarPrefixes } from './currency-words';
import { type LineRead, readLine } from './line-reader';
import { maskNonMoney } from './non-money';
import { numbersInWords } from './number-words';
import { rateTimesDuration } from './rate-times-duration';
import type { ReceiptReading } from './reading';
import { readWithRepeat } from './repeat/with-repeat';
import { proposalFromReading, proposalFromReceipt, settlementFromReading } from './resolve';
import { normalizeWord } from './text';
import type { ParseResult } from './types';
import { QUESTION_WORDS } from './vocabulary';
import { readWithoutAmount } from './without-amount';

const QUESTION_END = /\?(?:[\s\p{Extended_Pictographic})!.]|\uFE0F)*$/u;

/**
 * «я тебе вернула за билеты? 2000»: a question, and after it only the amount it is about; «маша или
 * миша платили? 600» is the writer not knowing the payer, which the bot asks about.
 */
const QUESTION_THEN_AMOUNT = /\?\s*[\d\s.,]+\s*(?:₽|р|руб|\$|€)?\.?\s*$/u;

export function isQuestion(text: string): boolean {
  const firstWord = /[\p{L}]+/u.exec(text)?.[0] ?? '';
  return (
    QUESTION_END.test(text) ||
    (QUESTION_THEN_AMOUNT.test(text) && !/\s(?:или|or)\s/iu.test(text)) ||
    QUESTION_WORDS.has(normalizeWord(firstWord))
  );
}

/** «скинь мне 500 плиз», «Миш, верни 400 за вход», "send me 20": asking for money, nothing paid. */
const REQUEST =
  /(?<![\p{L}])(?:скинь|скиньте|скиньтесь|переведи|переведите|верни|верните|отдай|отдайте|закинь|закиньте|send\s+me|pay\s+me|venmo\s+me|can\s+you\s+(?:send|pay))(?![\p{L}])/iu;
/** «го в субботу на каток? билет 600», «давайте скинемся», "let's split the cab": a plan. */
const PLAN = /(?<![\p{L}])(?:го|давайте|давай\s+скинемся|let['’]?s|lets)\s/iu;
/** «купил себе кроссовки», «это моё личное, не считайте», «цветы мне Макс подарил»: nobody else's. */
const PERSONAL =
  /(?<![\p{L}])(?:купил[а]?\s+себе|(?<!(?:взял[аи]?|взяли|беру|и|and)\s+)на\s+себя(?!\s*(?:и|,|\+))|никому\s+не\s+говорите|личное|не\s+считай(?:те)?|не\s+считать|не\s+записывай(?:те)?|не\s+записывать|мне\s+(?:\p{L}+\s+){0,2}подарил[а]?|подарил[а]?\s+мне|just\s+for\s+me|for\s+myself|personal|don['’]?t\s+count|not\s+shared)(?![\p{L}])/iu;
/** «на всех», «делим», "split": shared, whatever else the message says. */
const SHARED =
  /(?<![\p{L}])(?:на\s+всех|всем|делим|пополам|на\s+двоих|на\s+троих|split|everyone|all\s+of\s+us)(?![\p{L}])/iu;

/**
 * «ставлю косарь что Саня опоздает», «итого: с каждого 21 350», «итого за поездку вышло 120к», "took
 * $60 from the atm": money talked about — a bet, a sum worked out from what is already recorded,
 * cash taken out — with nothing paid.
 */
const TALK =
  /(?<![\p{L}])(?:ставлю|ставки|ставка|спорим|поспорим|забьёмся|забьемся|i\s+bet|wanna\s+bet|wette|(?:выходит|получается|выйдет|итого|в\s+итоге)(?![\p{L}])[^\n]{0,40}?(?:с\s+(?:каждого|человека|носа|рыла)|на\s+(?:человека|нос|каждого))|(?:works\s+out|comes\s+to)[^\n]{0,30}?(?:each|per\s+person|a\s+head)|(?:итого|в\s+итоге|всего)(?![\p{L}])[^\n]{0,30}?(?:вышло|получилось|набежало)|(?:from|at)\s+(?:the\s+)?atm|в\s+банкомате|снял[аи]?\s+(?:\S+\s+)?налич\p{L}*|курс\s+(?:лари|лиры|евро|доллара|бакса|рубля|юаня|тенге|драма|злотого|франка|фунта)|exchange\s+rate|(?:премия|зарплата|зп|аванс|кешбэк|кэшбек|cashback|salary|bonus|paycheck)\s+(?:\S+\s+)?(?:пришл[аи]|пришёл|пришел|упал[аи]?|came\s+in|arrived)|(?:пришл[аи]|пришёл|пришел|упал[аи]?)\s+(?:\S+\s+)?(?:премия|зарплата|зп|аванс|кешбэк|кэшбек))(?![\p{L}])/iu;

const FUTURE_PAYMENT =
  /(?<![\p{L}])(?:надо\s+(?:за|о)платить|нужно\s+(?:за|о)платить|is\s+due|starting\s+next\s+(?:month|week)|raising\s+(?:the\s+)?\p{L}+\s+to|со\s+следующего\s+месяца|поднима\p{L}+\s+(?:\p{L}+\s+)?до|due\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|overdue|просрочен[аоы]?|due\s+(?:on|by|tomorrow|today)|заплатит|заплатят|оплатит|оплатят|заплачу|оплачу|заплатим|оплатим|верну|вернёт|вернет|отдам|отдаст|will\s+pay|will\s+cover|(?:i|he|she|we|they)['’]ll\s+(?:pay|cover)|gonna\s+pay|going\s+to\s+pay)(?![\p{L}])/iu;
const PAST_PAYMENT =
  /(?<![\p{L}])(?:заплатил[аи]?|оплатил[аи]?|платил[аи]?|скинул[аи]?|перевел[аи]?|перевёл|купил[аи]?|вернул[аи]?|отдал[аи]?|paid|bought|spent|covered|sent)(?![\p{L}])/iu;

/** "Tom will pay for netflix every month": a standing payment, recorded as it comes. */
const RECURRING =
  /(?<![\p{L}])(?:кажд(?:ый|ую|ое)|ежемесячно|раз\s+в\s+месяц|every|monthly|weekly|per\s+month|a\s+month)(?![\p{L}])/iu;

/** «Макс заплатит за отель 9000 потом», "Ben will pay for the hotel, 180": nothing is paid yet. */
export function isStillToPay(text: string): boolean {
  return FUTURE_PAYMENT.test(text) && !PAST_PAYMENT.test(text) && !RECURRING.test(text);
}

/**
 * The rule-based reader for Russian and English: always available, and the whole answer when
 * no model is configured or the model fails. Several lines with an amount each are a receipt.
 */
export function parseWithRules(context: ParseContext): ParseResult {
  return readWithRepeat(context, readWithRules);
}

function readWithRules(context: ParseContext): ParseResult {
  const text = rateTimesDuration(
    correctedAmounts(
      numbersInWords(spellDollarPrefixes(eachAfterAmount(timesAsX(arrowsAsOne(context.text.trim()))))),
    ),
  );
  if (!/[\p{L}\d]/u.test(text)) return { kind: 'not-expense', reason: 'EMPTY', source: 'rules' };
  if (isQuestion(text)) return { kind: 'not-expense', reason: 'QUESTION', source: 'rules' };
  if (isStillToPay(text)) return { kind: 'not-expense', reason: 'NOT_YET', source: 'rules' };
  if (!PAST_PAYMENT.test(text)) {
    if (REQUEST.test(text)) return { kind: 'not-expense', reason: 'REQUEST', source: 'rules' };
    if (PLAN.test(text)) return { kind: 'not-expense', reason: 'QUESTION', source: 'rules' };
  }
  if (TALK.test(text) && !PAST_PAYMENT.test(text))
    return { kind: 'not-expense', reason: 'TALK', source: 'rules' };
  if (PERSONAL.test(text) && !SHARED.test(text))
    return { kind: 'not-expense', reason: 'PERSONAL', source: 'rules' };

  const masked = linesOf(text).map(maskNonMoney);
  const lines = masked.map((line) => line.line).filter(Boolean);
  const reads = lines.map((line) => readLine(line, context, lines.length > 1));
  if (areReceiptLines(reads)) {
    return { kind: 'expense', proposal: proposalFromReceipt(receiptOf(reads), context), source: 'rules' };
  }

  if (lines.length === 0) return { kind: 'not-expense', reason: 'NOT_MONEY', source: 'rules' };
  if (reads.some((read) => read.reading.exchange))
    return { kind: 'not-expense', reason: 'NOT_MONEY', source: 'rules' };
  const whole = lines.length === 1 ? (reads[0] as LineRead) : readLine(lines.join(', '), context);
  const settlement = settlementFromReading(whole.reading, context);
  if (settlement) return { kind: 'settlement', settlement, source: 'rules' };
  const proposal = proposalFromReading(whole.reading, context);
  if (proposal) return { kind: 'expense', proposal, source: 'rules' };
  const reason = whole.zeroAmount
    ? 'ZERO_AMOUNT'
    : whole.badAmount
      ? 'INVALID_AMOUNT'
      : masked.some((line) => line.masked)
        ? 'NOT_MONEY'
        : 'NO_AMOUNT';
  const unpriced = reason === 'NO_AMOUNT' ? readWithoutAmount(text, whole.reading, context) : undefined;
  if (unpriced) return unpriced;
  return { kind: 'not-expense', reason, source: 'rules' };
}

/** "tom -> me 25", «Ваня => Бен 20», "me ➡️ sarah": one arrow the reader knows. */
function arrowsAsOne(text: string): string {
  // "split w/ Oleg": the shorthand of "with"; «заплатил(а)»: a verb for either gender.
  return text
    .replace(/(?<=\p{L})\((?:а|ла|и|ась)\)/gu, '')
    .replace(/\s*(?:->|=>|→|⟶|➔|➡️|➡)\s*/gu, ' → ')
    .replace(/(?<![\p{L}])w\/\s*/giu, 'with ');
}

/**
 * «такси 500, ой 550», «обед 1200... а нет, 1400», «3000 с копейками, точнее 3046», "dinner 45 —
 * sorry, 54": an amount corrected as it was written; the correction stands.
 */
function correctedAmounts(text: string): string {
  return text.replace(
    /(?<![\p{L}\d.,])\d[\d\s.,]*(?:к|k|тыс\.?|тыщ\p{L}*)?(?:[^\S\n]*(?:₽|р\.?|руб\.?|\$|€))?(?:[^\S\n]+\p{L}+){0,2}[\s,.…—–-]*(?<![\p{L}])(?:ой|ой,?\s*нет|а\s+нет|нет|точнее|вернее|то\s+есть|sorry|i\s+mean|oops|no\s+wait|correction)[\s,.:…—–-]+(?=\d)/giu,
    '',
  );
}

/** «350×7», «6*220», «4 × 19,99»: a count and a price, said the way the reader knows ("350 x 7"). */
function timesAsX(text: string): string {
  return text.replace(/(?<=\d)\s*[×*]\s*(?=\d)/gu, ' x ');
}

/** "Tom and I each paid 60": said the way the reader knows, "paid 60 each". */
function eachAfterAmount(text: string): string {
  return text.replace(
    /\beach\s+(paid|covered|spent|put\s+in|chipped\s+in)\s+([$€£]?\s?\d[\d.,]*(?:\s?(?:[$€£]|bucks|euros?|dollars?))?)/giu,
    '$1 $2 each',
  );
}

/** Several lines with an amount each, none of them per-person amounts: receipt lines. */
export function isReceipt(context: ParseContext): boolean {
  return areReceiptLines(
    linesOf(numbersInWords(context.text)).map((line) => readLine(maskNonMoney(line).line, context, true)),
  );
}

function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function areReceiptLines(reads: LineRead[]): boolean {
  return reads.filter(isPosition).length >= 2 && reads.every((read) => read.reading.splits.length === 0);
}

function isPosition(read: LineRead): boolean {
  return read.reading.amount !== null && !read.isTotal;
}

/** A first line without an amount is the title; the payer may be named on any line. */
function receiptOf(reads: LineRead[]): ReceiptReading {
  const first = reads[0];
  const title = first && !isPosition(first) && !first.isTotal ? first.reading.description : null;
  return {
    title,
    payer: reads.find((read) => read.reading.payer)?.reading.payer ?? null,
    items: reads.filter(isPosition).map((read) => read.reading),
  };
}
