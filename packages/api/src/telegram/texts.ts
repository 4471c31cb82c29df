import { type Cents, moneyText } from '@dolya/domain';

/** The languages the server writes Telegram messages in (the bot's and the web's). */
export type MessageLanguage = 'ru' | 'en';

export function messageLanguage(code: string | null | undefined): MessageLanguage {
  return code?.toLowerCase().startsWith('en') ? 'en' : 'ru';
}

const LOCALES: Record<MessageLanguage, string> = { ru: 'ru-RU', en: 'en-GB' };

/** Cents in a currency through Intl, exact, no decimals on whole amounts (as the bot writes them). */
export function formatMoney(cents: Cents, currency: string, language: MessageLanguage): string {
  return moneyText(cents, currency, LOCALES[language]);
}

/** A day through Intl ("3 дек.", "3 Dec"). */
export function formatDay(date: Date, timeZone: string, language: MessageLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone, day: 'numeric', month: 'short' }).format(
    date,
  );
}

/** Every text the server sends through the bot; {name}s are filled in by `fill`. */
export const TEXTS = {
  ru: {
    reminder: '{creditor} напоминает: вы должны {amount} в группе «{group}».',
    reminderSettle: 'Рассчитаться',
    reminderMute: 'Не напоминать об этой группе',
    summaryTitle: 'Итоги недели в «{group}»',
    summaryBalances: 'Балансы:',
    summaryDebts: 'Кто кому должен:',
    summaryNoDebts: 'Все в расчёте.',
    summaryExpenses: 'Новые расходы за неделю:',
    summaryNoExpenses: 'Новых расходов за неделю не было.',
    summaryExpense: '{day} · {name} — {amount}',
    summaryMore: 'и ещё {count}',
    summaryOpen: 'Открыть группу',
  },
  en: {
    reminder: '{creditor} reminds you: you owe {amount} in “{group}”.',
    reminderSettle: 'Settle up',
    reminderMute: 'Mute reminders of this group',
    summaryTitle: 'Weekly summary of “{group}”',
    summaryBalances: 'Balances:',
    summaryDebts: 'Who owes whom:',
    summaryNoDebts: 'Everyone is settled up.',
    summaryExpenses: 'New expenses this week:',
    summaryNoExpenses: 'No new expenses this week.',
    summaryExpense: '{day} · {name} — {amount}',
    summaryMore: 'and {count} more',
    summaryOpen: 'Open the group',
  },
} as const satisfies Record<MessageLanguage, Record<string, string>>;

export type TextKey = keyof (typeof TEXTS)['ru'];

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
