import { normalizeWord } from './text';

/**
 * What a verb says about money:
 * - pay: someone paid for something («заплатила», «оплатил», «купили», «взял», «paid», «covered»);
 * - send: money went to someone («перевёл», «скинула», «закинул», «sent», «venmoed») — with a
 *   recipient a repayment, without one a payment («Катя скинула 540 за пиццу»);
 * - return: a debt paid back («вернула», «отдал», «repaid»);
 * - settle: accounts squared with someone («рассчитался с», «settled up with»);
 * - debt: someone owes («должен», «owes»);
 * - chip-in: everyone put money in («скинулись», «chipped in»);
 * - exchange: money changed into another currency («обменял 100 долларов по 90»): no expense.
 */
export type VerbKind = 'pay' | 'send' | 'return' | 'settle' | 'debt' | 'chip-in' | 'exchange';

/** Russian past forms: a stem and the gender/number endings. */
const past = (stems: string) => stems.trim().split(/\s+/).join('|');

const PATTERNS: [VerbKind, RegExp][] = [
  ['exchange', /^(обменял[аи]?|поменял[аи]?|разменял[аи]?|exchanged)$/],
  ['chip-in', /^(скинулись|скидыва(емся|ются|лись)|скинемся|скинутся|складыва(емся|лись)|сложились)$/],
  ['settle', /^(рассчитал(ся|ась|ись)|расчитал(ся|ась|ись)|рассчитываемся|расплатил(ся|ась|ись))$/],
  ['return', new RegExp(`^(${past('вернул отдал возвратил')})(а|и|о)?$`)],
  [
    'send',
    new RegExp(
      `^(${past('перевел перевела перевели скинул закинул кинул перекинул подкинул отправил сбросил перечислил')})(а|и|о)?$|^(лови|держи|ловите|держите)$`,
    ),
  ],
  [
    'pay',
    /^((за|о|про|до|у)?пл[ао]ти(л|ла|ло|ли|т|ть|м|те)|плач(у|ено)|оплачива(ю|ет|ем)|заказыва(ю|ет|ем)|покупа(ю|ет|ем)|оплачен[аоы]?|(за|при|до)?куп(ил|ила|или|ило)|(по|ис)?трати(л|ла|ли)|внес(ла|ли|ло)?|угости(л|ла|ли)|взял[аи]?|брал[аи]?|заказ(ал|ала|али)|заправил(ся|ась|ись)|оформил[аи]?|получил[аи]?|одолжил[аи]?|(от|за)?башлял[аи]?|проспонсировал[аи]?|оставил[аи]?|скинул(ся|ась)|скидывается)$/,
  ],
  ['debt', /^(должен|должна|должны|должно|задолжал[аи]?)$/],
];

const ENGLISH: Record<string, VerbKind> = {
  paid: 'pay',
  pays: 'pay',
  payed: 'pay',
  pay: 'pay',
  covered: 'pay',
  covers: 'pay',
  bought: 'pay',
  buys: 'pay',
  got: 'pay',
  grabbed: 'pay',
  picked: 'pay',
  spent: 'pay',
  treated: 'pay',
  footed: 'pay',
  fronted: 'pay',
  sprang: 'pay',
  ordered: 'pay',
  booked: 'pay',
  handled: 'pay',
  sorted: 'pay',
  took: 'pay',
  spotted: 'pay',
  lent: 'pay',
  loaned: 'pay',
  received: 'pay',
  bezahlt: 'pay',
  gezahlt: 'pay',
  zahlt: 'pay',
  geholt: 'pay',
  gekauft: 'pay',
  zahle: 'pay',
  bezahlte: 'pay',
  überwiesen: 'send',
  geschickt: 'send',
  gesendet: 'send',
  zurückgegeben: 'return',
  zurückgezahlt: 'return',
  zurücküberwiesen: 'return',
  "cashapp'd": 'send',
  cashapped: 'send',
  sent: 'send',
  gave: 'send',
  paying: 'pay',
  cover: 'pay',
  covering: 'pay',
  transferred: 'send',
  wired: 'send',
  venmoed: 'send',
  "venmo'd": 'send',
  zelled: 'send',
  "zelle'd": 'send',
  zelleed: 'send',
  paypaled: 'send',
  "paypal'd": 'send',
  etransferred: 'send',
  repaid: 'return',
  returned: 'return',
  reimbursed: 'return',
  settled: 'settle',
  squared: 'settle',
  owe: 'debt',
  owes: 'debt',
  schuldest: 'debt',
  schuldet: 'debt',
  schulde: 'debt',
  owed: 'debt',
  chipped: 'chip-in',
};

export function verbKindOf(word: string): VerbKind | undefined {
  const norm = normalizeWord(word);
  const english = ENGLISH[norm];
  if (english) return english;
  return PATTERNS.find(([, pattern]) => pattern.test(norm))?.[0];
}

/** Plural verb forms: "заплатили", "paid" said of two people makes them both payers. */
export function isPluralVerb(word: string): boolean {
  return /(ли|лись|ем|им|ут|ют|ят|ат)$/.test(normalizeWord(word));
}
