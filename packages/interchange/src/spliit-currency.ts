/**
 * Currency symbols a Spliit group without a currency code writes, where the symbol names one
 * currency only ("$" and "¥" do not: give `currency` for them).
 */
export const SPLIIT_SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '₽': 'RUB',
  '₹': 'INR',
  '₺': 'TRY',
  '₴': 'UAH',
  '₸': 'KZT',
  '₩': 'KRW',
  '₪': 'ILS',
  '₫': 'VND',
  '₱': 'PHP',
  '฿': 'THB',
  '₾': 'GEL',
  '֏': 'AMD',
  zł: 'PLN',
  R$: 'BRL',
  Kč: 'CZK',
  Ft: 'HUF',
  CHF: 'CHF',
};

/** How many decimals a currency's minor unit has (ISO 4217 through Intl: JPY 0, EUR 2, KWD 3). */
export function minorDigits(code: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * An integer amount in a currency's minor units as Dolya's hundredths: ¥1000 (1000) -> 100000;
 * 1.250 KWD (1250) -> 125. Undefined when not a safe integer or not a whole hundredth.
 */
export function minorToHundredths(amount: number, digits: number): number | undefined {
  if (!Number.isSafeInteger(amount)) return undefined;
  if (digits <= 2) {
    const cents = amount * 10 ** (2 - digits);
    return Number.isSafeInteger(cents) ? cents : undefined;
  }
  const divisor = 10 ** (digits - 2);
  return amount % divisor === 0 ? amount / divisor : undefined;
}
