import { type Cents, DomainError, isCurrencyCode, parseAmount } from '@dolya/domain';

/** A cell's amount in cents, negatives allowed; blank is zero. Undefined when unreadable. */
export function readCents(cell: string | undefined): Cents | undefined {
  const text = (cell ?? '').trim();
  if (text === '') return 0;
  try {
    return parseAmount(text, { min: 'any' });
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;

/** "YYYY-MM-DD" (a time after it is ignored) of a real calendar day, else undefined. */
export function readDate(cell: string | undefined): string | undefined {
  const match = ISO_DATE.exec((cell ?? '').trim());
  if (!match) return undefined;
  const [, year = '', month = '', day = ''] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const text = `${year}-${month}-${day}`;
  return date.toISOString().slice(0, 10) === text ? text : undefined;
}

/** An ISO 4217 code in any case ("eur" -> "EUR"), else undefined. */
export function readCurrency(cell: string | undefined): string | undefined {
  const code = (cell ?? '').trim().toUpperCase();
  return isCurrencyCode(code) ? code : undefined;
}
