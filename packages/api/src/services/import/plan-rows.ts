import { type Cents, cleanExternalName, convertCents, type ExpenseInput } from '@dolya/domain';
import { dolyaCategory, type PlannedExpense, type PlannedSettlement } from '@dolya/interchange';
import { convertParts } from './convert';
import type { ImportRates } from './rates';

/** A row as an expense input of the group (money in the group's currency, people as seats). */
export interface ImportedRow {
  line: number;
  input: ExpenseInput;
}

const noon = (date: string) => `${date}T12:00:00.000Z`;

/**
 * A planned expense as the expense input Dolya stores: amounts split exactly as planned, in the
 * group's currency. A row in another currency is converted at its rate (its payers and shares
 * apportioned from the converted cost); a row the file already converted (Spliit) keeps its
 * original amount and rate when they give its cost. Undefined when the converted cost is zero.
 */
export function expenseRow(
  expense: PlannedExpense,
  seatOf: (key: string) => string,
  groupCurrency: string,
  rates: ImportRates,
): ImportedRow | undefined {
  let payers = expense.payers.map((p) => ({ key: p.memberId, cents: p.cents }));
  let shares = Object.entries(expense.splitCents).map(([key, cents]) => ({ key, cents }));
  let amountCents = expense.amountCents;
  let original: ExpenseInput['original'];
  if (expense.currency !== groupCurrency) {
    const rate = rates.rateOf(expense.currency, expense.date);
    const converted = convertParts(expense.amountCents, rate.rate, payers, shares);
    if (converted.amountCents <= 0) return undefined;
    ({ amountCents, payers, shares } = converted);
    original = {
      currency: expense.currency,
      amountCents: expense.amountCents,
      rate: rate.rate,
      rateDate: rate.date,
      rateSource: rate.source,
    };
  } else {
    original = fileOriginal(expense, groupCurrency);
  }
  const splitCents: Record<string, Cents> = {};
  for (const { key, cents } of shares) if (cents > 0) splitCents[seatOf(key)] = cents;
  const category = dolyaCategory(expense.category);
  return {
    line: expense.line,
    input: {
      name: rowName(expense.name || expense.category),
      amountCents,
      payers: payers.map((p) => ({ memberId: seatOf(p.key), amountCents: p.cents })),
      paidById: seatOf(payers[0]!.key),
      splitMethod: 'amounts',
      splitCents,
      settlement: false,
      date: noon(expense.date),
      ...(category ? { category } : {}),
      ...(expense.notes ? { notes: expense.notes.slice(0, 5000) } : {}),
      ...(original ? { original } : {}),
    },
  };
}

/** A repayment as a settlement payment, converted like an expense when in another currency. */
export function settlementRow(
  settlement: PlannedSettlement,
  seatOf: (key: string) => string,
  groupCurrency: string,
  rates: ImportRates,
): ImportedRow | undefined {
  let amountCents = settlement.amountCents;
  let original: ExpenseInput['original'];
  if (settlement.currency !== groupCurrency) {
    const rate = rates.rateOf(settlement.currency, settlement.date);
    amountCents = convertCents(settlement.amountCents, rate.rate);
    if (amountCents <= 0) return undefined;
    original = {
      currency: settlement.currency,
      amountCents: settlement.amountCents,
      rate: rate.rate,
      rateDate: rate.date,
      rateSource: rate.source,
    };
  }
  return {
    line: settlement.line,
    input: {
      name: settlement.name ? rowName(settlement.name) : '',
      amountCents,
      settlement: true,
      settlementFromId: seatOf(settlement.fromKey),
      settlementToId: seatOf(settlement.toKey),
      splitMethod: 'amounts',
      date: noon(settlement.date),
      ...(original ? { original } : {}),
    },
  };
}

/** Spliit's own conversion, kept when it is exactly what Dolya's rule gives for the cost. */
function fileOriginal(expense: PlannedExpense, groupCurrency: string): ExpenseInput['original'] {
  const original = expense.original;
  if (!original || original.currency === groupCurrency || original.amountCents <= 0) return undefined;
  try {
    if (convertCents(original.amountCents, original.rate) !== expense.amountCents) return undefined;
  } catch {
    return undefined;
  }
  return {
    currency: original.currency,
    amountCents: original.amountCents,
    rate: original.rate,
    rateDate: expense.date,
    rateSource: 'manual',
  };
}

/** A row's text as an expense name: unsafe characters dropped, at most 200 characters. */
function rowName(text: string): string {
  return cleanExternalName(text).slice(0, 200) || '—';
}
