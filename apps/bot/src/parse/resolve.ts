import { type Cents, splitExpense, splitItems, sumCents } from '@dolya/domain';
import { inGroupOrder, type ParseContext } from './context';
import { DEFAULT_NAMES, emojiTitle, TITLE_CHOICES } from './default-names';
import { nominativePhrase } from './morphology';
import { createNameResolver, type NameResolver, nameQuestions } from './name-resolver';
import { partsPaidByThem } from './parts-paid';
import { type Reading, type ReceiptReading, WRITER } from './reading';
import { capitalizeFirst } from './text';
import type { AmountNote, Proposal, ProposalItem, Question, SettlementProposal } from './types';

/**
 * A reading made into a proposal by the conventions: nobody named as payer -> the writer; nobody
 * named as participant -> every active member; per-person amounts -> an amounts split; the
 * group's currency unless another is named. Undefined when the reading holds no amount.
 */
export function proposalFromReading(written: Reading, context: ParseContext): Proposal | undefined {
  const reading = partsPaidByThem(written);
  const names = createNameResolver(context);
  const payerId =
    context.hints.payerId ?? ((reading.payer && names.resolve(reading.payer)) || context.writerId);
  const jointPayers = reading.payers.map((payer) => names.resolve(payer.name));
  let eachMismatch: [Cents, Cents] | undefined;

  let amountCents: Cents;
  let participantIds: string[];
  let splits: Record<string, Cents> | undefined;
  if (reading.splits.length > 0) {
    const amounts = perPersonAmounts(reading, names);
    splits = splitExpense({
      amountCents: sumCents(Object.values(amounts)),
      payerId,
      memberOrder: context.memberOrder,
      method: 'amounts',
      amounts,
    });
    participantIds = Object.keys(splits);
    // Every written part counts toward the total, an unknown person's too.
    amountCents = reading.amount?.cents ?? sumCents(reading.splits.map((split) => split.amount.cents));
  } else if (reading.amount) {
    participantIds = participantsOf(reading, names, context);
    const each = reading.amount.cents;
    if (reading.amountIsEach && jointPayers.length > 1) {
      // «Катя и я заплатили по 500»: each payer's part, not each participant's.
      amountCents = sumCents(jointPayers.map(() => each));
    } else {
      // Per person, times the people; while nobody is known yet, the amount as written.
      amountCents =
        reading.amountIsEach && participantIds.length > 0 ? sumCents(participantIds.map(() => each)) : each;
    }
  } else {
    return undefined;
  }

  const currency =
    reading.amount?.currency ??
    reading.splits.find((split) => split.amount.currency)?.amount.currency ??
    null;
  if (reading.eachAmount && reading.amount && !context.hints.amountCents) {
    // The total and a per-person amount: they must agree, else the writer says which is right.
    const people = jointPayers.length > 1 ? jointPayers.length : participantIds.length;
    const timesPeople = reading.eachAmount.cents * people;
    if (timesPeople !== reading.amount.cents) eachMismatch = [reading.amount.cents, timesPeople];
  }
  if (context.hints.amountCents !== undefined) amountCents = context.hints.amountCents;
  let payers = payersOf(reading, jointPayers, amountCents, context);
  let writerPaid = false;
  const together = jointPayers.length > 1 && !reading.payerAlternatives;
  if (together && !payers && jointPayers.every((id) => id !== undefined)) {
    if (reading.payersEvenly) {
      // «Катя и Олег платили пополам»: each paid an equal part, exactly, by the domain.
      payers = splitExpense({
        amountCents,
        payerId: jointPayers[0]!,
        memberOrder: context.memberOrder,
        method: 'shares',
        shares: Object.fromEntries(jointPayers.map((id) => [id!, 1])),
      });
    } else if (jointPayers.includes(context.writerId) && !context.hints.payerId) {
      // «я и Олег взяли пиво»: those named did it together; the writer, who says so, paid.
      writerPaid = true;
      if (reading.participants.length === 0 && !reading.everyone) {
        participantIds = inGroupOrder(jointPayers as string[], context);
      }
    }
  }
  const questions: Question[] = nameQuestions(names, context, reading.payer);
  if (eachMismatch) questions.push({ kind: 'amount', candidates: eachMismatch });
  if (reading.kindUnclear && !context.hints.kind)
    questions.push({ kind: 'kind', candidates: ['expense', 'settlement'] });
  if (reading.amountCandidates && context.hints.amountCents === undefined) {
    const candidates = [...new Set(reading.amountCandidates.map((amount) => amount.cents))];
    questions.push({ kind: 'amount', candidates });
  }
  if (jointPayers.length > 1 && !payers && !writerPaid && !context.hints.payerId) {
    const known = jointPayers.filter((id): id is string => id !== undefined);
    questions.push({ kind: 'payer', written: null, candidates: inGroupOrder(known, context) });
  }
  if (reading.payerUnknown && !reading.payer && !payers && !context.hints.payerId)
    questions.push({ kind: 'payer', written: null, candidates: context.members.map((member) => member.id) });
  const described =
    sumTitle(reading, context) ?? reading.description ?? emojiTitle(context.text, context.language) ?? null;
  // Only a draft otherwise complete asks what it was for, and only before any other answer.
  const untitled = !described?.trim() && questions.length === 0 && !reading.kindUnclear;
  if (untitled && Object.keys(context.hints).length === 0)
    questions.push({ kind: 'title', candidates: TITLE_CHOICES[context.language] });
  return {
    name: context.hints.title ?? nameOf(described, DEFAULT_NAMES[context.language].expense),
    amountCents,
    ...currencyFields(currency ?? reading.currency, context),
    payerId: payers ? mostPaid(payers, context) : writerPaid ? context.writerId : payerId,
    ...(payers ? { payers } : {}),
    ...amountNoteOf(reading, participantIds, jointPayers.length),
    participantIds,
    ...(splits ? { splits } : {}),
    unknownNames: names.unknownNames,
    ambiguousNames: names.ambiguousNames,
    questions,
  };
}

/**
 * Several payers: with «по 500» each paid that; with their own amounts, those. Undefined when the
 * message names several payers but not what each paid (a question), or one payer only.
 */
function payersOf(
  reading: Reading,
  ids: readonly (string | undefined)[],
  amountCents: Cents,
  context: ParseContext,
): Record<string, Cents> | undefined {
  if (ids.length < 2 || ids.some((id) => id === undefined)) return undefined;
  const parts = reading.payers.map(
    // «Brunch 64, Julia and I paid 32 each»: each one's part beside the total.
    (payer) => payer.amount?.cents ?? (reading.amountIsEach ? reading.amount : reading.eachAmount)?.cents,
  );
  if (parts.some((part) => part === undefined)) return undefined;
  const payers: Record<string, Cents> = {};
  ids.forEach((id, index) => {
    payers[id!] = (payers[id!] ?? 0) + parts[index]!;
  });
  if (sumCents(Object.values(payers)) !== amountCents) return undefined;
  return Object.fromEntries(inGroupOrder(Object.keys(payers), context).map((id) => [id, payers[id]!]));
}

/** «пиво 1к + чипсы 500» -> «Пиво и чипсы»: a sum whose parts each have their words. */
function sumTitle(reading: Reading, context: ParseContext): string | null {
  const labels = reading.sum?.map((part) => part.words);
  if (!labels || labels.length < 2 || labels.some((label) => !label)) return null;
  const named = labels.map((label) => nominativePhrase(label!.split(' ')).join(' '));
  const and = context.language === 'ru' ? ' и ' : ' and ';
  return `${named.slice(0, -1).join(', ')}${and}${named.at(-1)}`;
}

/** How the total was made, for the draft to say: a count times a price, or a sum of parts. */
function amountNoteOf(
  reading: Reading,
  participantIds: readonly string[],
  payerCount: number,
): { amountNote?: AmountNote } {
  if (reading.product) {
    return {
      amountNote: {
        kind: 'each',
        eachCents: reading.product.each.cents,
        count: reading.product.count,
        per: 'unit',
      },
    };
  }
  if (reading.sum && reading.sum.length > 1) {
    return {
      amountNote: {
        kind: 'sum',
        partsCents: reading.sum.map((part) => part.amount.cents),
        labels: reading.sum.map((part) => part.words),
      },
    };
  }
  const people = payerCount > 1 ? payerCount : participantIds.length;
  const each = reading.amountIsEach ? reading.amount : reading.eachAmount;
  if (each && people > 1) {
    return { amountNote: { kind: 'each', eachCents: each.cents, count: people, per: 'person' } };
  }
  return {};
}

/** The payer of record among several: who paid the most, the first in group order on a tie. */
function mostPaid(payers: Record<string, Cents>, context: ParseContext): string {
  return inGroupOrder(Object.keys(payers), context).reduce((best, id) =>
    (payers[id] ?? 0) > (payers[best] ?? 0) ? id : best,
  );
}

/**
 * A repayment: from the one named (else the writer) to the one named (else a question, with every
 * other member as a candidate). Undefined without an amount.
 */
export function settlementFromReading(
  reading: Reading,
  context: ParseContext,
): SettlementProposal | undefined {
  if (!reading.amount) return undefined;
  if (!reading.settlement && reading.kindUnclear && context.hints.kind === 'settlement') {
    // The writer said it is a repayment: «оля 500» from Оля to the writer; «перевёл 500» to someone.
    const named = reading.participants[0];
    return settlementFromReading(
      {
        ...reading,
        kindUnclear: false,
        settlement: named ? { from: named, to: WRITER } : { from: null, to: null },
      },
      context,
    );
  }
  if (!reading.settlement) return undefined;
  const names = createNameResolver(context);
  const fromId = (reading.settlement.from && names.resolve(reading.settlement.from)) || context.writerId;
  const toWritten = reading.settlement.to;
  const toId = toWritten ? names.resolve(toWritten) : undefined;
  const questions: Question[] = nameQuestions(names, context);
  const others = context.memberOrder.filter((id) => id !== fromId);
  // «вернула 1200» in a group of two: there is only one person to give it back to.
  const onlyOther = !toWritten && others.length === 1 ? others[0] : undefined;
  if (!toWritten && !onlyOther) questions.push({ kind: 'name', written: '', candidates: others });
  return {
    fromId,
    toId: toId ?? onlyOther ?? fromId,
    amountCents: reading.amount.cents,
    ...currencyFields(reading.amount.currency ?? reading.currency, context),
    note: reading.description?.trim() ? capitalizeFirst(reading.description.trim()) : null,
    unknownNames: names.unknownNames,
    ambiguousNames: names.ambiguousNames,
    questions,
  };
}

/** Receipt lines: each item split equally among its people, exactly, by the domain. */
export function proposalFromReceipt(receipt: ReceiptReading, context: ParseContext): Proposal {
  const names = createNameResolver(context);
  const payerId = (receipt.payer && names.resolve(receipt.payer)) || context.writerId;
  const items: ProposalItem[] = receipt.items.map((item, index) => ({
    name: nameOf(item.description, `${DEFAULT_NAMES[context.language].item} ${index + 1}`),
    amountCents: item.amount?.cents ?? 0,
    participantIds: participantsOf(item, names, context),
  }));
  const { totals, totalCents } = splitItems(items, context.memberOrder);
  const currency = receipt.items.find((item) => item.amount?.currency)?.amount?.currency ?? null;
  return {
    name: nameOf(receipt.title, DEFAULT_NAMES[context.language].receipt),
    amountCents: totalCents,
    ...currencyFields(currency ?? receipt.items.find((item) => item.currency)?.currency ?? null, context),
    payerId,
    participantIds: inGroupOrder(Object.keys(totals), context),
    splits: totals,
    items,
    unknownNames: names.unknownNames,
    ambiguousNames: names.ambiguousNames,
    questions: nameQuestions(names, context, receipt.payer),
  };
}

/** Named people, else everyone (less the excluded); names that resolve to nobody take no part. */
function participantsOf(reading: Reading, names: NameResolver, context: ParseContext): string[] {
  const named = reading.participants.map((written) => names.resolve(written));
  // A gift's recipient shares only when named among those who do.
  const recipients = reading.recipients
    .map((written) => names.resolve(written))
    .filter((id) => !named.includes(id));
  const excluded = new Set([...reading.excluded.map((written) => names.resolve(written)), ...recipients]);
  const chosen =
    reading.everyone || reading.participants.length === 0
      ? context.memberOrder
      : named.filter((id): id is string => id !== undefined);
  return inGroupOrder(
    chosen.filter((id) => !excluded.has(id)),
    context,
  );
}

function perPersonAmounts(reading: Reading, names: NameResolver): Record<string, Cents> {
  const byMember = new Map<string, Cents[]>();
  for (const { name, amount } of reading.splits) {
    const id = names.resolve(name);
    if (id !== undefined) byMember.set(id, [...(byMember.get(id) ?? []), amount.cents]);
  }
  return Object.fromEntries([...byMember].map(([id, parts]) => [id, sumCents(parts)]));
}

function currencyFields(named: string | null, context: ParseContext) {
  const currency = named ?? context.currency;
  return currency === context.currency ? { currency } : { currency, foreignCurrency: currency };
}

function nameOf(description: string | null, fallback: string): string {
  const trimmed = description?.trim();
  return trimmed ? capitalizeFirst(trimmed) : fallback;
}
