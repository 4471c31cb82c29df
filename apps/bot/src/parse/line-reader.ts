import type { ParseContext } from './context';
import { type LineAmount, readLineAmount, takeProduct } from './line-amounts';
import { describe } from './line-description';
import { takeNameLists } from './line-names';
import { isPerson, type Part, partsOf, wordIs } from './line-parts';
import { takeRecipients } from './line-recipients';
import { amountOf, markEachAmount, markNumbersThatAreNotMoney, takePerPersonAmounts } from './line-roles';
import { type Actor, isReflexive, takeVerbRoles } from './line-verbs';
import { emptyReading, type ReadAmount, type Reading, WRITER } from './reading';
import { TOTAL_WORDS } from './vocabulary';

export interface LineRead {
  reading: Reading;
  /** Something looked like money but was zero or too large. */
  badAmount: boolean;
  /** The only money written was zero ("такси 0"). */
  zeroAmount: boolean;
  /** "итого 2500", "total 68": a receipt's total, not a position. */
  isTotal: boolean;
}

/**
 * One line read by rules (`receiptLine`: one of several lines, where «десерт 350 я» says whose it
 * is, not who paid), in a fixed order: numbers that are no money, the payer, per-person
 * amounts, lists of people, then the total and the description from what is left.
 */
export function readLine(line: string, context: ParseContext, receiptLine = false): LineRead {
  const parts = partsOf(line, context);
  const product = takeProduct(parts);
  markNumbersThatAreNotMoney(parts);
  const eachPart = markEachAmount(parts);
  const abstainers = takeAbstainers(parts);
  const roles = takeVerbRoles(parts, receiptLine);
  const recipients = takeRecipients(parts);
  const pairs = takePerPersonAmounts(parts);
  // «я за обоих», "for both" in a group of two: both share.
  const both = context.members.length === 2 && forBoth(parts);
  const lists = takeNameLists(parts);

  const amount = withTip(readLineAmount(parts, product, eachPart), parts);
  const namedCurrency = parts.find((part) => part.currency !== null);
  if (namedCurrency) namedCurrency.used = true;

  const payer = roles.payers.length === 1 ? roles.payers[0] : undefined;
  // «для себя и Кати» after «Лена перевела»: the one who paid, not the writer.
  const self = (written: string) => (payer && isReflexive(written) ? payer.written : written);
  const participants = lists.participants.map((part) => self(part.written));
  // «с нами были Дима и Олег», "Tom and Mike were with us": the writer with those named.
  const withUs = parts.some(
    (part, index) => wordIs(part, 'с', 'со', 'with') && wordIs(parts[index + 1], 'нами', 'us'),
  );
  if (lists.withWriter || (withUs && participants.length > 0)) participants.unshift(WRITER);
  if (both) participants.splice(0, participants.length, ...context.members.map((member) => member.name));
  if (lists.payerPronoun && payer) participants.push(payer.written);
  // «Света заплатила за нас двоих», "Tom paid for both of us": the writer and the one who paid.
  if (participants.length === 0 && payer && payer.match.kind !== 'writer' && usTwo(parts))
    participants.push(WRITER, payer.written);
  // "Tom and I got pizza, I paid": the writer and those they bought it with; «Катя с Олегом взяли
  // вино, платила Катя» is bought for everyone.
  const writerBought = roles.buyers.some((part) => part.match.kind === 'writer');
  if (participants.length === 0 && !lists.everyone && writerBought)
    participants.push(...roles.buyers.map((part) => (part.match.kind === 'writer' ? WRITER : part.written)));
  const firstWord = parts.find((part) => part.token.kind === 'word');
  const description = describe(parts, recipients);
  const hasVerb = parts.some((part) => part.verb !== null);
  // «оля 500»: a name and an amount, nothing else; «перевёл 500»: money sent, to nobody named.
  const bareName =
    !hasVerb && !description && lists.participants.length === 1 && !lists.withWriter && !lists.opened;
  const sentNowhere = roles.sentNowhere && !description && roles.payers.length === 0;
  // "i owe priya 30": a debt for nothing named may be an old one; "we owe the landlord": to no member.
  // «Света, ты мне 500 должна за билет»: said to the debtor, a reminder as often as a new expense.
  const debtUnclear =
    (roles.debt !== null &&
      (!description || (!roles.debt.creditorNamed && roles.debt.byWriter) || saidToDebtor(parts))) ||
    // «Беня, с тебя 4,20»: what the one spoken to owes, an old debt or a new expense.
    parts.some((part, index) => wordIs(part, 'с', 'со') && wordIs(parts[index + 1], 'тебя', 'вас'));
  // «диван 56к, я заплатил 40 Аня 16»: the parts in the thousands of the total.
  const paidParts = inThousandsOf(
    pairs.pairs.map(({ amount: part }) => readAmountOf(part)),
    amount.total,
  );
  // «да 300», "yep 30": a reply to something said before, which the message does not repeat.
  const bareReply = isBareReply(parts);
  const written = (actor: Actor | null) =>
    actor === null ? null : actor === 'writer' ? WRITER : actor.written;
  return {
    reading: {
      ...emptyReading(),
      // «заплатила 2000, не помню за что»: what for is unknown, whatever words are left.
      description: FORGOTTEN.test(line) ? null : description,
      kindUnclear: bareName || sentNowhere || debtUnclear || bareReply,
      exchange: parts.some((part) => part.verb === 'exchange'),
      payersEvenly: parts.some(
        (part, index) =>
          wordIs(part, 'пополам', 'напополам', 'поровну', 'evenly', 'halves', '50/50') ||
          // "Tom and I each paid half", "paid by Anna and me, half each".
          (wordIs(part, 'half') && (wordIs(parts[index + 1], 'each') || wordIs(parts[index - 2], 'each'))),
      ),
      payerAlternatives: roles.payerAlternatives,
      payerUnknown: parts.some((part) => wordIs(part, ...SOMEONE)),
      amount: pairs.paid ? sumOf(paidParts) : amount.total,
      amountIsEach: eachPart !== undefined && (amount.each === undefined || amount.total === null),
      eachAmount: amount.each ?? null,
      payer: payer?.written ?? null,
      participants,
      everyone: lists.everyone,
      excluded: [
        ...lists.excluded.map((part) => part.written),
        ...abstainers.map((part) => (part.match.kind === 'writer' ? WRITER : part.written)),
        ...(lists.excludedPronoun
          ? (recipients.length > 0 ? recipients : payer ? [payer] : []).map((part) => part.written)
          : []),
      ],
      recipients: recipients.map((part) => part.written),
      splits: pairs.paid
        ? []
        : pairs.pairs.map(({ person, amount }) => ({ name: person.written, amount: readAmountOf(amount) })),
      currency: namedCurrency?.currency ?? null,
      settlement: roles.settlement
        ? { from: written(roles.settlement.from), to: written(roles.settlement.to) }
        : null,
      payers: pairs.paid
        ? pairs.pairs.map(({ person }, index) => ({ name: person.written, amount: paidParts[index]! }))
        : roles.jointPayers
          ? roles.payers.map((part) => ({
              name: wordIs(part, 'мы', 'we') ? WRITER : part.written,
              amount: null,
            }))
          : [],
      product: amount.product ?? null,
      sum: amount.sum ?? null,
      amountCandidates: amount.candidates ?? null,
    },
    badAmount: parts.some((part) => part.token.kind === 'bad-amount'),
    zeroAmount: parts.some((part) => part.token.kind === 'bad-amount' && part.token.zero),
    isTotal: firstWord?.token.kind === 'word' && TOTAL_WORDS.has(firstWord.token.norm),
  };
}

const FORGOTTEN =
  /(?<![\p{L}])(?:не\s+помню|забыл[аи]?\s+(?:за\s+|на\s+)?что|don['’]?t\s+remember|forgot\s+what|что-то|something)(?![\p{L}])/iu;
const SOMEONE = ['кто-то', 'someone', 'somebody', 'кто-нибудь', 'jemand'];
const REPLY_WORDS = ['да', 'ага', 'угу', 'ок', 'ok', 'okay', 'yes', 'yep', 'yeah', 'yup', 'ja', 'ну'];

/** Only a word of assent and an amount («да 300», "yep 30", "ok €20"). */
function isBareReply(parts: readonly Part[]): boolean {
  const said = parts.filter((part) => part.token.kind !== 'punct' && part.class !== 'currency');
  return said.length === 2 && wordIs(said[0], ...REPLY_WORDS) && said[1]?.token.kind === 'amount';
}

function saidToDebtor(parts: readonly Part[]): boolean {
  return (
    parts.some((part) => wordIs(part, 'ты', 'you', 'du')) &&
    parts.some((part) => part.verb === 'debt' || wordIs(part, 'мне'))
  );
}

/** «за обоих», «за двоих», "for both": marked used; whether the message says it. */
function forBoth(parts: readonly Part[]): boolean {
  const at = parts.findIndex(
    (part, index) => wordIs(part, 'за', 'for') && wordIs(parts[index + 1], 'обоих', 'двоих', 'both'),
  );
  if (at < 0) return false;
  parts[at]!.used = true;
  parts[at + 1]!.used = true;
  return true;
}

/** «за нас двоих», "for both of us": marked used; whether the message says it. */
function usTwo(parts: readonly Part[]): boolean {
  const at = parts.findIndex(
    (part, index) =>
      (wordIs(part, 'нас') && wordIs(parts[index + 1], 'двоих', 'обоих')) ||
      (wordIs(part, 'both', 'two') && wordIs(parts[index + 1], 'of') && wordIs(parts[index + 2], 'us')),
  );
  if (at < 0) return false;
  const words = wordIs(parts[at], 'нас') ? 2 : 3;
  for (const part of parts.slice(at, at + words)) part.used = true;
  if (wordIs(parts[at - 1], 'за', 'for', 'на')) parts[at - 1]!.used = true;
  return true;
}

const TIP = /^(чаевые|чаевых|чай|tip|tips|gratuity|сервис|service|обслуживание|обслуживания)$/;

/** «7 800 + чаевые 10%», "dinner 86 plus 20% tip": the total with the tip, rounded half up to the cent. */
function withTip(amount: LineAmount, parts: readonly Part[]): LineAmount {
  const percentAt = parts.findIndex((part) => part.token.kind === 'punct' && part.token.text === '%');
  const number = parts[percentAt - 1];
  if (percentAt < 0 || !amount.total || number?.token.kind !== 'amount') return amount;
  const near = parts.slice(Math.max(0, percentAt - 4), percentAt + 3);
  if (!near.some((part) => part.token.kind === 'word' && TIP.test(part.token.norm))) return amount;
  const percent = number.token.cents;
  if (percent % 100 !== 0 || percent <= 0 || percent > 10000) return amount;
  const cents = amount.total.cents;
  const withTipCents = Math.floor((cents * (100 + percent / 100) + 50) / 100);
  return { ...amount, total: { ...amount.total, cents: withTipCents } };
}

/** Verbs of taking part that, negated, leave someone out: «я не ел», "Mike didn't drink". */
const TAKING_PART =
  /^(ел|ела|ели|пил|пила|пили|ездил|ездила|ходил|ходила|был|была|участвовал|участвовала|ехал|ехала|платит|платят|скидывается|участвует|eat|drink|come|go|join|have|ate|pay|pays)$/;
/** "Masha and I skipped", «Олег пропустил»: no negation needed. */
const SKIPPED = /^(skipped|passed|пропустил|пропустила|пропустили)$/;

function listBefore(parts: readonly Part[], index: number): Part[] {
  const people: Part[] = [];
  for (let at = index - 1; at >= 1; at -= 2) {
    const joint = parts[at]!;
    const person = parts[at - 1]!;
    const joins = joint.class === 'joint' || (joint.token.kind === 'punct' && joint.token.text === ',');
    if (!joins || !isPerson(person) || person.used) break;
    people.unshift(person);
  }
  return people;
}

/** «ужин 3000, я не ел», «Олег не пил», "Mike didn't eat", "Priya wasn't there": those who took no part, marked used. */
function takeAbstainers(parts: Part[]): Part[] {
  const abstainers: Part[] = [];
  parts.forEach((part, index) => {
    if (!isPerson(part) || part.used) return;
    const after = parts.slice(index + 1, index + 4);
    const [first, second, third] = after;
    const verb = wordIs(first, 'не', "didn't", 'didn’t', 'didnt', "doesn't", 'doesn’t', 'doesnt')
      ? second
      : wordIs(first, 'did', 'does') && wordIs(second, 'not')
        ? third
        : undefined;
    const tookNoPart =
      (verb?.token.kind === 'word' && TAKING_PART.test(verb.token.norm)) ||
      (first?.token.kind === 'word' && SKIPPED.test(first.token.norm)) ||
      (wordIs(first, "wasn't", 'wasn’t', 'wasnt', "weren't", 'weren’t') && wordIs(second, 'there'));
    if (!tookNoPart) return;
    // «Олег и я не ели», "Masha and I skipped": everyone of the list before.
    for (const person of [...listBefore(parts, index), part]) {
      person.used = true;
      abstainers.push(person);
    }
  });
  return abstainers;
}

function readAmountOf(part: Part): ReadAmount {
  const amount = amountOf(part);
  return { cents: amount?.cents ?? 0, currency: amount?.currency ?? null };
}

/** Parts written without their thousands («56к … 40 и 16»): scaled when that makes them the total. */
function inThousandsOf(parts: ReadAmount[], total: ReadAmount | null | undefined): ReadAmount[] {
  const sum = sumOf(parts).cents;
  if (!total || parts.length < 2 || sum * 1000 !== total.cents) return parts;
  return parts.map((part) => ({ ...part, cents: part.cents * 1000 }));
}

function sumOf(amounts: readonly ReadAmount[]): ReadAmount {
  return {
    cents: amounts.reduce((sum, amount) => sum + amount.cents, 0),
    currency: amounts.find((amount) => amount.currency)?.currency ?? null,
  };
}
