import type { RecurrenceUnit } from '@dolya/domain';
import type { TFunction } from 'i18next';

/** "Every month", "Каждые 2 недели": a series' rule in words (issue 28, the `recurring` texts). */
export function ruleText(t: TFunction<'recurring'>, every: number, unit: RecurrenceUnit): string {
  return t(`chipOn_${unit}`, { count: every });
}

/** A calendar day "YYYY-MM-DD" as "28.12" (ru) or "12/28" (en); with the year when it is not `thisYear`. */
export function formatDay(day: string, locale: string, thisYear?: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const withYear = thisYear !== undefined && year !== thisYear;
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}
