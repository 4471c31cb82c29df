import { isPerson, isWord, type Part, wordIs } from './line-parts';
import type { GrammaticalCase } from './name-forms';
import { normalizeWord } from './text';
import { isPluralVerb } from './verbs';
import { PAYER_FILLERS, THANKS_WORDS } from './vocabulary';

/** Someone named in the message, or the writer ("я", or nobody named where someone acts). */
export type Actor = Part | 'writer';

export interface VerbRoles {
  /** A repayment: from -> to; `to` null when the message does not say whom. */
  settlement?: { from: Actor; to: Actor | null };
  /** Who paid: one, or several ("Катя и я заплатили"); empty when nobody is named. */
  payers: Part[];
  /** The payers were named together with a plural verb ("заплатили", "paid" of two). */
  jointPayers: boolean;
  /** «маша или миша платили»: one of these paid, the message does not say which. */
  payerAlternatives: boolean;
  /** «перевёл 500»: money sent, to no one the message names. */
  sentNowhere: boolean;
  /** "Tom and I got pizza, I paid": those who bought it together, one of whom paid; they share. */
  buyers: Part[];
  /** Someone owes: "i owe priya 30", "we owe the landlord 150". */
  debt: { creditorNamed: boolean; byWriter: boolean } | null;
}

const CLAUSE_END = /^[.;!?]$/;
const REFLEXIVE = new Set(['себя', 'себе', 'собой']);

/**
 * Who paid, and whether the message is a repayment, from its verbs:
 * - «вернула», «отдал», «рассчитался с», «repaid», «paid … back»: a repayment, from the one who
 *   acts (else the one who owed: «Катя мне должна была 600, отдала») to the one named in the
 *   dative, after «с», or after "to"/right after the verb in English (else the writer);
 * - «перевёл», «скинула», «sent», «venmoed» with a recipient: a repayment too; without one, a payment;
 * - every other verb of paying: the one who acts paid («Катя скинула 540», «платила Саша»).
 * The one who acts is the nearest person before the verb in the nominative, outside lists opened
 * by «за», «с», «кроме» («Катя за меня заплатила»), else the one right after it.
 */
export function takeVerbRoles(parts: Part[], receiptLine = false): VerbRoles {
  const roles: VerbRoles = {
    payers: [],
    jointPayers: false,
    payerAlternatives: false,
    sentNowhere: false,
    buyers: [],
    debt: null,
  };
  const verbs = parts.flatMap((part, index) =>
    part.verb && part.verb !== 'chip-in' && part.verb !== 'exchange' ? [index] : [],
  );
  let debt: { subject: Actor; creditor: Actor | null } | undefined;

  const arrow = arrowBetween(parts);
  if (arrow) {
    roles.settlement = arrow;
    return roles;
  }
  const paidHalves = paidEvenlyWith(parts);
  if (paidHalves) {
    // «баню мы с Саней оплатили поровну»: both paid half of what everyone shares.
    markUsed(paidHalves, undefined);
    roles.payers = paidHalves;
    roles.jointPayers = true;
    return roles;
  }
  const chippedIn = chipInWith(parts) ?? chippedInTogether(parts);
  if (chippedIn) {
    // «мы с Кириллом скинулись по 25»: the writer and those named paid together; the «с» list
    // still says who shares, so they are not marked used.
    roles.payers = chippedIn;
    roles.jointPayers = true;
    return roles;
  }
  for (const index of verbs) {
    const verb = parts[index]!;
    if (promisedBack(parts, index)) {
      // "i'll pay her back later": a promise, nothing paid yet; "her" shares nothing.
      verb.used = true;
      if (isPerson(parts[index + 1])) parts[index + 1]!.used = true;
      continue;
    }
    const kind = backAfter(parts, index) ? 'return' : paidForSomething(parts, index) ? 'pay' : verb.verb;
    verb.used = true;
    takeReflexiveIdiom(parts, index);
    const subjects = subjectsOf(parts, index);
    const subject: Actor = subjects[0] ? actorOf(subjects[0]) : 'writer';
    if (kind === 'debt') {
      const creditor = recipientOf(parts, index, subjects);
      if (creditor) creditor.used = true;
      debt = { subject, creditor: creditor ? actorOf(creditor) : null };
      roles.debt = {
        creditorNamed: creditor !== undefined,
        byWriter: subject === 'writer' || wordIs(subjects[0], 'мы', 'we'),
      };
      continue;
    }
    if ((kind === 'return' || kind === 'settle') && !paidSomethingAway(parts, index, subjects)) {
      const to = recipientOf(parts, index, subjects, kind === 'settle');
      const from: Actor = subjects[0] ? subject : debt && debt.subject !== 'writer' ? debt.subject : 'writer';
      const recipient = to
        ? actorOf(to)
        : debt?.creditor
          ? debt.creditor
          : from === 'writer'
            ? null
            : 'writer';
      markUsed(subjects, to);
      roles.settlement = { from, to: recipient };
      return roles;
    }
    if (kind === 'pay' && isEnglish(verb) && wordIs(verb, ...TRANSFERS)) {
      // "paid Tom 25": money handed to a person is a repayment; "paid 25 for Tom" is not.
      const next = parts[index + 1];
      // "paid Alex what I owed him, 33": the debt said after the verb.
      const owedAfter = parts.slice(index + 2).some((part) => part.verb === 'debt');
      if (next && isPerson(next) && !next.used && (amountFollows(parts, index + 2) || owedAfter)) {
        markUsed(subjects, next);
        roles.settlement = { from: subject, to: actorOf(next) };
        return roles;
      }
    }
    if (kind === 'pay' && wordIs(verb, ...PAID_TO)) {
      // «Олег заплатил мне 500 за билет», «Олег заплатил Диме 700»: money paid to a person.
      const next = parts[index + 1];
      if (next && isPerson(next) && !next.used && isDative(next) && amountFollows(parts, index + 2)) {
        markUsed(subjects, next);
        roles.settlement = { from: subject, to: actorOf(next) };
        return roles;
      }
    }
    const giver = receivedFrom(parts, index);
    if (giver) {
      // "got 30 from Mike", «получила от Кати 500»: a repayment to the one who got it.
      markUsed(subjects, giver);
      // «Ваня, 20 получил»: the one spoken to gave it; the writer got it.
      roles.settlement = { from: actorOf(giver), to: subjects[0] === giver ? 'writer' : subject };
      return roles;
    }
    if (kind === 'send') {
      const to = recipientOf(parts, index, subjects);
      if (to && actorOf(to) !== subject) {
        markUsed(subjects, to);
        roles.settlement = { from: subject, to: actorOf(to) };
        return roles;
      }
      if (debt?.creditor && debt.subject !== debt.creditor) {
        // "I owe Alex 10, sending now... sent": what was owed, sent.
        roles.settlement = { from: debt.subject, to: debt.creditor };
        roles.debt = null;
        return roles;
      }
      if (squaredUp(parts)) {
        // «Саня перевёл 400, мы в расчёте»: money sent that squares a debt, to the writer.
        markUsed(subjects, undefined);
        roles.settlement = { from: subject, to: subject === 'writer' ? null : 'writer' };
        return roles;
      }
      roles.sentNowhere = true;
    }
    if (roles.payers.length > 1 && subjects.length === 1 && sameMemberAmong(subjects[0]!, roles.payers)) {
      // «катюша с олегом взяли вино, платила катя»: of those who bought it, Катя paid.
      markUsed(subjects, undefined);
      roles.buyers = roles.payers;
      roles.payers = subjects;
      roles.jointPayers = false;
      roles.payerAlternatives = false;
    }
    if (roles.payers.length === 0 && subjects.length > 0) {
      markUsed(subjects, undefined);
      roles.payers = subjects;
      roles.payerAlternatives = subjects.length > 1 && alternatives(parts, subjects);
      roles.jointPayers =
        subjects.length > 1 && (isPluralVerb(verb.token.text) || isEnglish(verb) || roles.payerAlternatives);
    }
  }
  const paidTo = verbs.length === 0 ? amountGivenTo(parts) : undefined;
  if (paidTo) {
    // «Максу 780 за такси», «Соколову 1200 за обед»: money given to them.
    paidTo.used = true;
    roles.settlement = { from: 'writer', to: actorOf(paidTo) };
    return roles;
  }
  const backTo = verbs.length === 0 ? sentBackTo(parts) : undefined;
  if (backTo) {
    // "Alex, 30 back to you for the electrician": the writer paid it back.
    roles.settlement = { from: 'writer', to: actorOf(backTo) };
    return roles;
  }
  if (verbs.length === 0 && owesWriter(parts)) {
    roles.debt = { creditorNamed: true, byWriter: false };
    return roles;
  }
  if (roles.payers.length === 0 && verbs.length === 0) {
    // «катька за меня в маке 420»: a name and «за» someone open the message, with no verb.
    const [first, forWord, person] = parts;
    if (first && mayAct(first) && isWord(forWord, 'for') && isPerson(person)) {
      first.used = true;
      roles.payers = [first];
    }
  }
  if (roles.payers.length === 0 && !receiptLine) takeTrailingWriter(parts);
  if (roles.payers.length === 0) {
    // «Катя: 450 за чай»: a name, a colon and the amount open the message.
    const [first, colon, amount] = parts;
    if (
      first &&
      isPerson(first) &&
      colon?.token.kind === 'punct' &&
      colon.token.text === ':' &&
      amount?.token.kind === 'amount'
    ) {
      first.used = true;
      roles.payers = [first];
    }
  }
  if (debt) {
    // "Боря должен мне 500": the creditor paid, the debtor takes part (line-names lists them).
    const creditor = debt.creditor;
    if (creditor && creditor !== 'writer') roles.payers = [creditor];
  }
  return roles;
}

/**
 * «пиво 1200 + закуски 650, я», «сходили в кафе, 2650 я»: a lone «я» closing the message after
 * the amount or a comma says who paid, not who shares.
 */
function takeTrailingWriter(parts: readonly Part[]) {
  const words = parts.filter((part) => part.token.kind !== 'punct' || part.token.text === ',');
  const last = words.at(-1);
  const before = words.at(-2);
  if (!last || !wordIs(last, 'я', 'i', 'me') || last.used) return;
  if (before?.token.kind !== 'amount' && !(before?.token.kind === 'punct' && before.token.text === ','))
    return;
  if (parts.some((part) => part !== last && isPerson(part) && part.class === 'name')) return;
  last.used = true;
}

/** "tom → me 25", «Макс → Аня 2000»: money from the one before the arrow to the one after. */
function arrowBetween(parts: readonly Part[]): VerbRoles['settlement'] | undefined {
  const at = parts.findIndex((part) => part.token.kind === 'punct' && part.token.text === '→');
  const [from, to] = [parts[at - 1], parts[at + 1]];
  if (at < 0 || !from || !to || !isPerson(from) || !isPerson(to)) return undefined;
  parts[at]!.used = true;
  markUsed([from], to);
  return { from: actorOf(from), to: actorOf(to) };
}

/** «мы с Кириллом скинулись», «мы с Катей и Олегом скинулись»: the writer and the people after «с». */
function chipInWith(parts: readonly Part[]): Part[] | undefined {
  const verb = parts.findIndex((part) => part.verb === 'chip-in');
  const we = parts.findIndex((part) => wordIs(part, 'мы', 'we'));
  if (verb < 0 || we < 0 || we > verb || !isWord(parts[we + 1], 'with')) return undefined;
  const people = parts.slice(we + 2, verb).filter((part) => isPerson(part));
  return people.length > 0 ? [parts[we]!, ...people] : undefined;
}

/** «мы с Саней оплатили поровну», "we paid half each with Ben": the writer and those after «с» paid evenly. */
function paidEvenlyWith(parts: readonly Part[]): Part[] | undefined {
  const verb = parts.findIndex((part) => part.verb === 'pay' && isPluralVerb(part.token.text));
  const evenly = parts.some((part) => wordIs(part, 'поровну', 'пополам', 'напополам'));
  if (verb < 0 || !evenly) return undefined;
  const we = parts.findIndex((part) => wordIs(part, 'мы'));
  if (we < 0 || !isWord(parts[we + 1], 'with')) return undefined;
  const end = we < verb ? verb : parts.length;
  const people = [];
  for (let at = we + 2; at < end; at++) {
    const part = parts[at]!;
    if (isPerson(part)) people.push(part);
    else if (!(part.class === 'joint' || (part.token.kind === 'punct' && part.token.text === ','))) break;
  }
  return people.length > 0 ? [parts[we]!, ...people] : undefined;
}

/** «Максу 780 за такси»: a member in the dative opens the message, the amount and what for right after. */
function amountGivenTo(parts: readonly Part[]): Part | undefined {
  // «Олежек, тебе 450 за пиццу»: the one spoken to, then «тебе» standing for them.
  const [person, amount, forWord] = parts.filter(
    (part) => !part.used && !(part.token.kind === 'punct' && part.token.text === ','),
  );
  if (!person || !isPerson(person) || person.match.kind !== 'member' || !isDative(person)) return undefined;
  // «Ане 500» alone may be either way: the bot asks (see line-reader's bareName).
  return amount?.token.kind === 'amount' && isWord(forWord, 'for') ? person : undefined;
}

/** "30 back to you", "20 back to Tom": the person after "back to", marked used with the words. */
function sentBackTo(parts: readonly Part[]): Part | undefined {
  const at = parts.findIndex(
    (part, index) => wordIs(part, 'back') && wordIs(parts[index + 1], 'to') && isPerson(parts[index + 2]),
  );
  if (at < 0 || !parts.some((part) => part.token.kind === 'amount')) return undefined;
  parts[at]!.used = true;
  parts[at + 1]!.used = true;
  parts[at + 2]!.used = true;
  return parts[at + 2];
}

/** «Олег, ты мне 500 за бензин», «Катя мне 300 за кино»: someone owes the writer; «мне» is no share. */
function owesWriter(parts: readonly Part[]): boolean {
  const at = parts.findIndex((part) => !part.used && part.token.kind !== 'punct');
  const [debtor, me, amount] = [parts[at], parts[at + 1], parts[at + 2]];
  if (!debtor || !mayAct(debtor) || debtor.match.kind === 'writer') return false;
  if (me?.match.kind !== 'writer' || !wordIs(me, 'мне') || amount?.token.kind !== 'amount') return false;
  me.used = true;
  return true;
}

/** «Катя и Олег скинулись по 500»: those named before the verb paid together and share. */
function chippedInTogether(parts: readonly Part[]): Part[] | undefined {
  const verb = parts.findIndex((part) => part.verb === 'chip-in');
  if (verb < 0) return undefined;
  const people: Part[] = [];
  for (let at = verb - 1; at >= 0; at--) {
    const part = parts[at]!;
    if (mayAct(part)) people.unshift(part);
    else if (!(part.class === 'joint' || (part.token.kind === 'punct' && part.token.text === ','))) break;
  }
  return people.length > 1 ? people : undefined;
}

/** Russian verbs of paying that take the one paid in the dative («заплатил мне»); «оплатил» does not. */
const PAID_TO = ['заплатил', 'заплатила', 'заплатили', 'платил', 'платила', 'отдал', 'отдала'];

/** English verbs that hand money to the person after them. */
const TRANSFERS = ['paid', 'pays', 'payed'];
const RECEIVING = ['got', 'received', 'получил', 'получила', 'получили'];

function amountFollows(parts: readonly Part[], from: number): boolean {
  const next = parts[from];
  return (
    next?.token.kind === 'amount' || (wordIs(next, 'the', 'a') && parts[from + 1]?.token.kind === 'amount')
  );
}

/** The person money came from: "got 30 from Mike", «получила 500 от Кати». */
function receivedFrom(parts: readonly Part[], verb: number): Part | undefined {
  if (!wordIs(parts[verb], ...RECEIVING)) return undefined;
  for (let at = verb + 1; at < Math.min(parts.length, verb + 5); at++) {
    if (wordIs(parts[at], 'from', 'от') && isPerson(parts[at + 1])) return parts[at + 1];
  }
  // «Ваня, 20 за Tresor получил», "ty alex, got your 18.5": from the one spoken to.
  const spokenTo = vocativeBefore(parts, verb);
  if (!spokenTo || (wordIs(parts[verb], 'got') && !wordIs(parts[verb + 1], 'your'))) return undefined;
  return spokenTo;
}

/** A member greeted by name and a comma at the start («Ваня, …», "ty alex, …"), the only person named. */
function vocativeBefore(parts: readonly Part[], verb: number): Part | undefined {
  const at = wordIs(parts[0], ...THANKS_WORDS) ? 1 : 0;
  const person = parts[at];
  const comma = parts[at + 1];
  // The one thanked («ty alex,») is already taken as no list of people, and still the one spoken to.
  if (!person || at + 1 >= verb || person.class !== 'name' || person.match.kind !== 'member')
    return undefined;
  if (comma?.token.kind !== 'punct' || comma.token.text !== ',') return undefined;
  const others = parts.some(
    (part, index) => index !== at && part.class === 'name' && part.match.kind !== 'none',
  );
  return others ? undefined : person;
}

function markUsed(subjects: Part[], recipient: Part | undefined) {
  for (const subject of subjects) subject.used = true;
  if (recipient) recipient.used = true;
}

/** «за ужин отдал 4500»: «отдал» for something, to nobody, is paying for it. */
function paidSomethingAway(parts: readonly Part[], verb: number, subjects: readonly Part[]): boolean {
  const word = parts[verb]!;
  if (word.token.kind !== 'word' || !/^отдал[аи]?$/.test(word.token.norm)) return false;
  if (recipientOf(parts, verb, subjects)) return false;
  return parts.some(
    (part, index) =>
      wordIs(part, 'за') && parts[index + 1]?.token.kind === 'word' && !isPerson(parts[index + 1]),
  );
}

/** «мы в расчёте», «квиты», "we're even", "all square": the money squared a debt. */
function squaredUp(parts: Part[]): boolean {
  const at = parts.findIndex(
    (part, index) =>
      (wordIs(part, 'в') && wordIs(parts[index + 1], 'расчете', 'расчёте')) ||
      wordIs(part, 'квиты', 'even', 'square', 'squared'),
  );
  if (at < 0) return false;
  parts[at]!.used = true;
  if (wordIs(parts[at], 'в')) parts[at + 1]!.used = true;
  return true;
}

/** «расплатился за парковку»: paying for something, not squaring accounts with someone. */
function paidForSomething(parts: readonly Part[], verb: number): boolean {
  return parts[verb]?.verb === 'settle' && isWord(parts[verb + 1], 'for');
}

const FUTURE = ["i'll", 'i’ll', 'will', "'ll", 'gonna', 'to', 'буду', 'верну', 'отдам'];

function promisedBack(parts: readonly Part[], verb: number): boolean {
  return backAfter(parts, verb) && wordIs(parts[verb - 1], ...FUTURE);
}

/** English "paid Tom back", "paying back": a return. */
function backAfter(parts: readonly Part[], verb: number): boolean {
  if (parts[verb]?.verb !== 'pay' && parts[verb]?.verb !== 'send') return false;
  return [1, 2, 3].some((step) => wordIs(parts[verb + step], 'back'));
}

/** «взял на себя», «взяла на себя такси»: the idiom, not a list of people. */
function takeReflexiveIdiom(parts: Part[], verb: number) {
  const on = parts[verb + 1];
  const self = parts[verb + 2];
  if (on && self && wordIs(on, 'на') && wordIs(self, ...REFLEXIVE)) {
    on.used = true;
    self.used = true;
  }
}

const hasCase = (part: Part, grammaticalCase: GrammaticalCase) => part.cases.has(grammaticalCase);

/** A person who may be the one acting: a nominative, or a name whose case is unknown (Latin, a typo). */
function mayAct(part: Part): boolean {
  if (!isPerson(part)) return false;
  if (part.class === 'pronoun') return false;
  return part.cases.size === 0 || hasCase(part, 'nominative');
}

/** Whether a person stands in a list opened by «за», «с», «кроме», «для» (or their English words). */
function inOpenedList(parts: readonly Part[], index: number): boolean {
  // «за меня Лена заплатила»: a Russian nominative is never inside such a list.
  if (nominativeOnly(parts[index]!)) return false;
  for (let at = index - 1; at >= 0; at--) {
    const part = parts[at]!;
    if (isWord(part, 'for') || isWord(part, 'with') || isWord(part, 'except')) return true;
    const continues =
      isPerson(part) ||
      part.class === 'joint' ||
      (part.token.kind === 'punct' && part.token.text === ',') ||
      (part.class === 'name' && part.used);
    if (!continues) return false;
  }
  return false;
}

function skipFillers(parts: readonly Part[], from: number, step: 1 | -1): number {
  let index = from;
  while (wordIs(parts[index], ...PAYER_FILLERS, 'пополам', 'поровну')) index += step;
  return index;
}

/** «оплачено Аней», «paid by Anna»: the one who paid comes after, in the instrumental or after "by". */
const PASSIVE = /^оплачен[оаы]?$/;

/** The one (or ones: «Катя и я заплатили») acting with the verb at `verb`. */
function subjectsOf(parts: readonly Part[], verb: number): Part[] {
  const by = wordIs(parts[verb + 1], 'by') ? parts[verb + 2] : undefined;
  if (by && isPerson(by)) {
    parts[verb + 1]!.used = true;
    // "paid by Anna and me": everyone of the list after "by" paid.
    return [by, ...joinedAfter(parts, verb + 2)];
  }
  if (PASSIVE.test(parts[verb]?.token.kind === 'word' ? parts[verb]!.token.norm : '')) {
    const agent = parts[skipFillers(parts, verb + 1, 1)];
    return agent && isPerson(agent) ? [agent] : [];
  }
  // «Бен и Ваня по 15 за пиццу, платила я»: a clause opening with the verb names its own subject.
  const before = parts[skipFillers(parts, verb - 1, -1)];
  const opensClause = before?.token.kind === 'punct' && /^[,—–-]$/.test(before.token.text);
  const right = parts[skipFillers(parts, verb + 1, 1)];
  if (opensClause && !isEnglish(parts[verb]) && right && mayAct(right) && !right.used && !isDative(right))
    return [right, ...coordinatedAfter(parts, parts.indexOf(right), verb)];
  for (let at = skipFillers(parts, verb - 1, -1); at >= 0; at--) {
    const part = parts[at]!;
    if (part.token.kind === 'punct' && CLAUSE_END.test(part.token.text)) break;
    if (part.verb) break;
    if (!mayAct(part) || part.used || inOpenedList(parts, at)) continue;
    return [...coordinatedBefore(parts, at), part, ...togetherWith(parts, at, verb)];
  }
  // Russian may put the one who acts after the verb («платила Саша»); English does not.
  if (isEnglish(parts[verb])) return [];
  const after = parts[skipFillers(parts, verb + 1, 1)];
  if (after && mayAct(after) && !after.used && !(after.token.kind === 'word' && isDative(after)))
    return [after, ...coordinatedAfter(parts, parts.indexOf(after), verb)];
  return [];
}

/** «платили я и Дима», «платили пополам я и Игорь»: with a plural verb, those joined after the first. */
function coordinatedAfter(parts: readonly Part[], first: number, verb: number): Part[] {
  const verbPart = parts[verb];
  if (!verbPart || !isPluralVerb(verbPart.token.text)) return [];
  return joinedAfter(parts, first);
}

/** The people joined by «и», "and" or commas to the one at `first`. */
function joinedAfter(parts: readonly Part[], first: number): Part[] {
  const joined: Part[] = [];
  for (let at = first + 1; at + 1 < parts.length; at += 2) {
    const joint = parts[at]!;
    const person = parts[at + 1]!;
    const joins = joint.class === 'joint' || (joint.token.kind === 'punct' && joint.token.text === ',');
    if (!joins || !mayAct(person) || person.used) break;
    joined.push(person);
  }
  return joined;
}

function sameMemberAmong(person: Part, others: readonly Part[]): boolean {
  if (person.match.kind === 'writer') return others.some((other) => other.match.kind === 'writer');
  const id = person.match.kind === 'member' ? person.match.memberId : undefined;
  return (
    id !== undefined && others.some((other) => other.match.kind === 'member' && other.match.memberId === id)
  );
}

/** «паша с олей платили», «Анька с Пашкой взяли»: the one after «с» acted too (a plural verb). */
function togetherWith(parts: readonly Part[], subject: number, verb: number): Part[] {
  const withWord = parts[subject + 1];
  const other = parts[subject + 2];
  const verbPart = parts[verb];
  if (!isWord(withWord, 'with') || !wordIs(withWord, 'с', 'со') || !other || !isPerson(other)) return [];
  if (!hasCase(other, 'instrumental') || verb !== subject + 3 || !verbPart) return [];
  if (!isPluralVerb(verbPart.token.text)) return [];
  withWord!.used = true;
  return [other];
}

function isEnglish(part: Part | undefined): boolean {
  return /^[a-z'’]+$/i.test(part?.token.text ?? '');
}

/** «Катя и я», «Аня, Маша»: the people joined to a subject before it. */
function coordinatedBefore(parts: readonly Part[], subject: number): Part[] {
  const joined: Part[] = [];
  let at = subject - 1;
  while (at >= 1) {
    const joint = parts[at]!;
    const isJoint =
      joint.class === 'joint' ||
      wordIs(joint, ...OR) ||
      (joint.token.kind === 'punct' && joint.token.text === ',');
    // «олег саша и я»: names may also simply follow each other.
    const person = isJoint ? parts[at - 1]! : joint;
    if (!mayAct(person) || person.used) break;
    joined.unshift(person);
    at -= isJoint ? 2 : 1;
  }
  return joined;
}

function nominativeOnly(part: Part): boolean {
  return (
    hasCase(part, 'nominative') &&
    !hasCase(part, 'accusative') &&
    !hasCase(part, 'genitive') &&
    !hasCase(part, 'instrumental')
  );
}

const OR = ['или', 'or', 'либо'];

/** Subjects joined by «или», "or". */
function alternatives(parts: readonly Part[], subjects: readonly Part[]): boolean {
  const from = parts.indexOf(subjects[0]!);
  const to = parts.indexOf(subjects.at(-1)!);
  return parts.slice(from, to).some((part) => wordIs(part, ...OR));
}

function isDative(part: Part): boolean {
  return hasCase(part, 'dative') && !hasCase(part, 'nominative');
}

/**
 * Whom the money went to: a person in the dative («Оле», «мне», «Олегу») outside «за»/«для»
 * lists; after «с» for a settlement («рассчитался с Олегом»); in English after "to", or the person
 * right after the verb ("sent Tom 20", "paid Tom back", "zelle'd mike").
 */
function recipientOf(
  parts: readonly Part[],
  verb: number,
  subjects: readonly Part[],
  settle = false,
): Part | undefined {
  const candidates = parts
    .map((part, index) => ({ part, index }))
    .filter(({ part }) => isPerson(part) && !part.used && !subjects.includes(part));
  if (settle) {
    const withWhom = candidates.find(({ index }) => isWord(parts[index - 1], 'with'));
    if (withWhom) return withWhom.part;
  }
  const dative = candidates
    .filter(({ part, index }) => isDative(part) && !inForList(parts, index))
    .sort((a, b) => Math.abs(a.index - verb) - Math.abs(b.index - verb))[0];
  if (dative) return dative.part;
  const to = candidates.find(({ index }) => wordIs(parts[index - 1], 'to'));
  if (to) return to.part;
  const next = parts[verb + 1];
  if (isEnglish(parts[verb]) && next && isPerson(next) && !next.used && !subjects.includes(next)) return next;
  return undefined;
}

function inForList(parts: readonly Part[], index: number): boolean {
  for (let at = index - 1; at >= 0; at--) {
    const part = parts[at]!;
    if (isWord(part, 'for')) return true;
    const continues =
      isPerson(part) || part.class === 'joint' || (part.token.kind === 'punct' && part.token.text === ',');
    if (!continues) return false;
  }
  return false;
}

function actorOf(part: Part): Actor {
  return part.match.kind === 'writer' ? 'writer' : part;
}

export function isReflexive(written: string): boolean {
  return REFLEXIVE.has(normalizeWord(written));
}
