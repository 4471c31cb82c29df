import { InlineKeyboard } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import { formatMoney } from '../format/money';
import type { Language, Translate } from '../i18n';
import { CALLBACK } from '../keyboards';
import {
  genderOfName,
  isAmountToType,
  type Member,
  normalizeWord,
  type ParseHints,
  type ParseResult,
  type Question,
} from '../parse';
import { withQuote } from './quoted-text';

/** The question the writer must answer first, if any: the parser lists them, most important first. */
export function firstQuestion(result: ParseResult): Question | undefined {
  if (result.kind === 'expense') return result.proposal.questions[0];
  if (result.kind === 'settlement') return result.settlement.questions[0];
  return undefined;
}

const nameKey = (written: string) => written.split(/\s+/).map(normalizeWord).join(' ');

/** Records the writer's choice as a hint for reading the message again; false for no such choice. */
export function applyAnswer(question: Question, choice: number, hints: ParseHints): boolean {
  switch (question.kind) {
    case 'payer': {
      const memberId = question.candidates[choice];
      if (memberId === undefined) return false;
      hints.payerId = memberId;
      if (question.written) hints.names = { ...hints.names, [nameKey(question.written)]: memberId };
      return true;
    }
    case 'name': {
      const memberId = question.candidates[choice];
      if (memberId === undefined) return false;
      hints.names = { ...hints.names, [nameKey(question.written)]: memberId };
      return true;
    }
    case 'amount': {
      const cents = question.candidates[choice];
      if (cents === undefined) return false;
      hints.amountCents = cents;
      return true;
    }
    case 'kind': {
      const kind = question.candidates[choice];
      if (kind === undefined) return false;
      hints.kind = kind;
      return true;
    }
    case 'title': {
      const title = question.candidates[choice];
      if (title === undefined) return false;
      hints.title = title;
      return true;
    }
  }
}

/** The data of an answer's button: every answer so far and this one (64 bytes at most). */
export function answerData(answers: readonly number[], choice: number): string {
  return `${CALLBACK.answer}${[...answers, choice].join('.')}`;
}

/** Parses an answer button's data into the answers, in order; undefined for other data. */
export function answersOf(data: string): number[] | undefined {
  if (!data.startsWith(CALLBACK.answer)) return undefined;
  const list = data.slice(CALLBACK.answer.length);
  if (!/^\d{1,2}(\.\d{1,2}){0,19}$/.test(list)) return undefined;
  return list.split('.').map(Number);
}

/**
 * The draft as far as it is known, the doubtful field marked with ❓, the question, and a button
 * per candidate (best first), then «none of them» for people.
 */
export function questionReply(
  result: ParseResult,
  question: Question,
  answers: readonly number[],
  members: readonly Member[],
  currency: string,
  t: Translate,
  language: Language,
  /** The message read, quoted at the start when the answer is typed or the text was put together. */
  quote?: string,
): { text: string; keyboard: InlineKeyboard; entities?: MessageEntity[] } {
  const nameOf = (id: string) => members.find((member) => member.id === id)?.name ?? id;
  const money = (cents: number) => formatMoney(cents, currency, language);
  const unsure = t('question.unsure');
  const lines: string[] = [];
  if (result.kind === 'expense') {
    const { proposal } = result;
    const amount = question.kind === 'amount' ? unsure : money(proposal.amountCents);
    lines.push(t('draft.title', { name: question.kind === 'title' ? unsure : proposal.name, amount }));
    if (question.kind === 'payer') lines.push(t('draft.paidBy', { name: unsure }));
  } else if (result.kind === 'settlement') {
    const amount = question.kind === 'amount' ? unsure : money(result.settlement.amountCents);
    lines.push(t('draft.settlementTitle', { amount }));
  }
  lines.push('', questionText(question, nameOf, t));

  const keyboard = new InlineKeyboard();
  const labels = buttonLabels(question, nameOf, money, t);
  labels.forEach((label, index) => {
    keyboard.text(label, answerData(answers, index)).row();
  });
  if (question.kind === 'payer' || question.kind === 'name')
    keyboard.text(t('question.noneOfThem'), CALLBACK.retype);
  if (question.kind === 'title') keyboard.text(t('question.titleOther'), CALLBACK.retitle);
  if (quote === undefined) return { text: lines.join('\n'), keyboard };
  return { ...withQuote(quote, lines.join('\n')), keyboard };
}

function questionText(question: Question, nameOf: (id: string) => string, t: Translate): string {
  switch (question.kind) {
    case 'payer':
      if (!question.written) return t('question.payer');
      return genderOfName(question.written) === 'f'
        ? t('question.payerUnknownFemale', { name: question.written })
        : t('question.payerUnknownMale', { name: question.written });
    case 'name':
      if (question.candidates.length === 1)
        return t('question.nameIs', { written: question.written, name: nameOf(question.candidates[0]!) });
      return genderOfName(question.written) === 'f'
        ? t('question.nameFemale', { name: question.written })
        : t('question.nameMale', { name: question.written });
    case 'amount':
      return isAmountToType(question) ? t('question.amountToType') : t('question.amount');
    case 'kind':
      return t('question.kind');
    case 'title':
      return t('question.title');
  }
}

function buttonLabels(
  question: Question,
  nameOf: (id: string) => string,
  money: (cents: number) => string,
  t: Translate,
): string[] {
  switch (question.kind) {
    case 'payer':
    case 'name':
      return question.candidates.map(nameOf);
    case 'amount':
      return question.candidates.map((cents) => t('question.amountOption', { amount: money(cents) }));
    case 'kind':
      return question.candidates.map((kind) =>
        kind === 'expense' ? t('question.kindExpense') : t('question.kindSettlement'),
      );
    case 'title':
      return [...question.candidates];
  }
}
