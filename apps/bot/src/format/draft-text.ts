import type { RouterOutputs } from '@dolya/api';
import type { Language, Translate } from '../i18n';
import { formatMoney } from './money';

/** The name the server gives a settlement saved without one. */
const SETTLEMENT_NAME = 'Settlement payment';

export type Draft = RouterOutputs['bot']['drafts']['create']['draft'];

/**
 * The expense exactly as it will be saved (BOT-CONTRACT.md, "Messages the user sees"):
 *   «Пицца» — 1 200,00 ₽
 *   Кто платил: Демо
 *   • Пицца 800,00 ₽ — Аня, Боря        (one line per receipt item)
 *   Делят: Демо 400,00 ₽ · Аня 400,00 ₽ · Боря 400,00 ₽
 */
export function draftText(draft: Draft, t: Translate, language: Language): string {
  const { expense, currency, memberNames } = draft;
  const money = (cents: number) => formatMoney(cents, currency, language);
  const nameOf = (memberId: string) => memberNames[memberId] ?? '?';
  if (draft.settlement) {
    // A repayment: «Возврат долга — 350 ₽ / Оля → Дима / За что: концерт».
    const note = expense.name && expense.name !== SETTLEMENT_NAME ? expense.name : null;
    return [
      t('draft.settlementTitle', { amount: money(expense.amountCents) }),
      t('draft.settlementLine', { from: nameOf(draft.settlement.fromId), to: nameOf(draft.settlement.toId) }),
      ...(note ? [t('draft.settlementNote', { note })] : []),
    ].join('\n');
  }
  const lines = [
    t('draft.title', { name: expense.name, amount: money(expense.amountCents) }),
    t('draft.paidBy', { name: nameOf(expense.payerId) }),
    ...expense.items.map((item) =>
      t('draft.item', {
        name: item.name,
        amount: money(item.amountCents),
        people: item.participantIds.map(nameOf).join(', '),
      }),
    ),
    t('draft.sharedBy', {
      parts: Object.entries(expense.splitCents)
        .map(([memberId, cents]) => `${nameOf(memberId)} ${money(cents)}`)
        .join(' · '),
    }),
  ];
  return lines.join('\n');
}

/** The draft's text with the line saying how it ended (saved, cancelled, expired) under it. */
export function closedDraftText(draft: Draft, t: Translate, language: Language): string {
  const ending =
    draft.status === 'saved'
      ? t('draft.saved', { group: draft.groupName })
      : draft.status === 'cancelled'
        ? t('draft.cancelled')
        : t('draft.expired');
  return `${draftText(draft, t, language)}\n\n${ending}`;
}
