import type { RouterOutputs } from '@dolya/api';
import { currencyName, type Language, type Translate } from '../i18n';
import { formatDay, formatMoney, formatOneUnit, formatRate } from './money';

/** The name the server gives a settlement saved without one. */
const SETTLEMENT_NAME = 'Settlement payment';

export type Draft = RouterOutputs['bot']['drafts']['create']['draft'];

/**
 * The expense exactly as it will be saved (BOT-CONTRACT.md, "Messages the user sees"):
 *   «Пицца» — 1 200,00 ₽                (another currency: «Ужин» — 45,00 € → 4 218,75 ₽,
 *                                        then «Курс: 1 € = 93,75 ₽ на 28.11.2026»)
 *   Кто платил: Демо                    (several: «Кто платил: Оля 700,00 ₽, Паша 300,00 ₽»)
 *   • Пицца 800,00 ₽ — Аня, Боря        (one line per receipt item)
 *   Делят: Демо 400,00 ₽ · Аня 400,00 ₽ · Боря 400,00 ₽
 *   🔁 Повторяется каждый месяц, следующий раз 28.12.2026   (a draft that repeats, issue 28)
 * A repayment: «Возврат долга — 50 € → 4 687,50 ₽», the rate line, then «Оля → Дима».
 */
export function draftText(
  draft: Draft,
  t: Translate,
  language: Language,
  /** How a draft without a rate asks for it: by its Edit button, in the app, or not (it is closed). */
  askRate: 'edit' | 'app' | 'none' = 'edit',
): string {
  const { expense, currency, memberNames } = draft;
  const money = (cents: number) => formatMoney(cents, currency, language);
  const nameOf = (memberId: string) => memberNames[memberId] ?? '?';
  const { original, payers, rateNeeded } = expense;
  // Issue 26: «45,00 € → 4 218,75 ₽» and the rate it took; several payers each with what they paid.
  // No rate to be had: every amount as the message said it, and a line asking for the rate.
  const inDraft = (cents: number) =>
    rateNeeded ? formatMoney(cents, rateNeeded.currency, language) : money(cents);
  const amount = original
    ? `${formatMoney(original.amountCents, original.currency, language)} → ${money(expense.amountCents)}`
    : inDraft(expense.amountCents);
  const rateLines = [
    ...(original
      ? [
          t('draft.rate', {
            one: formatOneUnit(original.currency, language),
            rate: formatRate(original.rate, currency, language),
            date: formatDay(original.rateDate, language),
          }),
        ]
      : []),
    ...(rateNeeded && askRate !== 'none'
      ? [
          t(
            askRate === 'edit'
              ? 'draft.noRate'
              : draft.settlement
                ? 'draft.noRateSettlementInApp'
                : 'draft.noRateInApp',
            {
              currency: currencyName(rateNeeded.currency, language),
              groupCurrency: currencyName(currency, language),
            },
          ),
        ]
      : []),
  ];
  if (draft.settlement) {
    // A repayment: «Возврат долга — 350 ₽ / Оля → Дима / За что: концерт», in another currency
    // like an expense (issue 26).
    const note = expense.name && expense.name !== SETTLEMENT_NAME ? expense.name : null;
    return [
      t('draft.settlementTitle', { amount }),
      ...rateLines,
      t('draft.settlementLine', { from: nameOf(draft.settlement.fromId), to: nameOf(draft.settlement.toId) }),
      ...(note ? [t('draft.settlementNote', { note })] : []),
    ].join('\n');
  }
  const paidBy =
    payers && payers.length > 1
      ? payers.map((p) => `${nameOf(p.memberId)} ${inDraft(p.amountCents)}`).join(', ')
      : nameOf(expense.payerId);
  const lines = [
    t('draft.title', { name: expense.name, amount }),
    ...rateLines,
    t('draft.paidBy', { name: paidBy }),
    ...expense.items.map((item) =>
      t('draft.item', {
        name: item.name,
        amount: inDraft(item.amountCents),
        people: item.participantIds.map(nameOf).join(', '),
      }),
    ),
    t('draft.sharedBy', {
      parts: Object.entries(expense.splitCents)
        .map(([memberId, cents]) => `${nameOf(memberId)} ${inDraft(cents)}`)
        .join(' · '),
    }),
    ...(expense.repeat ? [repeatLine(expense.repeat, t, language)] : []),
  ];
  return lines.join('\n');
}

type DraftRepeat = NonNullable<Draft['expense']['repeat']>;

const ONCE = { day: 'repeat.day', week: 'repeat.week', month: 'repeat.month', year: 'repeat.year' } as const;
const SEVERAL = {
  day: 'repeat.days',
  week: 'repeat.weeks',
  month: 'repeat.months',
  year: 'repeat.years',
} as const;

/** Issue 28: «🔁 Повторяется каждый месяц, следующий раз 28.12.2026». */
export function repeatLine(repeat: DraftRepeat, t: Translate, language: Language): string {
  const rule = repeat.every === 1 ? t(ONCE[repeat.unit]) : t(SEVERAL[repeat.unit], { count: repeat.every });
  return repeat.nextDate
    ? t('repeat.lineNext', { rule, date: formatDay(repeat.nextDate, language) })
    : t('repeat.line', { rule });
}

/** The draft's text with the line saying how it ended (saved, cancelled, expired) under it. */
export function closedDraftText(draft: Draft, t: Translate, language: Language): string {
  const ending =
    draft.status === 'saved'
      ? t('draft.saved', { group: draft.groupName })
      : draft.status === 'cancelled'
        ? t('draft.cancelled')
        : t('draft.expired');
  return `${draftText(draft, t, language, 'none')}\n\n${ending}`;
}
