/**
 * Splitwise writes its export's header, its "Total balance" rows and the "Payment" category in
 * the language of the account that exported it. These are the words per language, compared
 * after `normalizeWord` (case, accents and spacing ignored), so "Währung" matches "wahrung" and
 * "Платёж" matches "платеж". Where a translation has had more than one wording, all are listed.
 */
export interface SplitwiseWords {
  date: string[];
  description: string[];
  category: string[];
  cost: string[];
  currency: string[];
  totalBalance: string[];
  payment: string[];
}

export const SPLITWISE_WORDS: Record<string, SplitwiseWords> = {
  en: {
    date: ['date'],
    description: ['description'],
    category: ['category'],
    cost: ['cost'],
    currency: ['currency'],
    totalBalance: ['total balance'],
    payment: ['payment'],
  },
  ru: {
    date: ['дата'],
    description: ['описание'],
    category: ['категория'],
    cost: ['стоимость', 'сумма', 'цена'],
    currency: ['валюта'],
    totalBalance: ['общий баланс', 'итоговый баланс', 'итого'],
    payment: ['платеж', 'оплата'],
  },
  de: {
    date: ['datum'],
    description: ['beschreibung'],
    category: ['kategorie'],
    cost: ['kosten', 'betrag'],
    currency: ['wahrung'],
    totalBalance: ['gesamtsaldo', 'gesamtbilanz', 'saldo gesamt'],
    payment: ['zahlung'],
  },
  fr: {
    date: ['date'],
    description: ['description'],
    category: ['categorie'],
    cost: ['cout', 'montant'],
    currency: ['devise', 'monnaie'],
    totalBalance: ['solde total', 'bilan total'],
    payment: ['paiement'],
  },
  es: {
    date: ['fecha'],
    description: ['descripcion'],
    category: ['categoria'],
    cost: ['coste', 'costo', 'importe'],
    currency: ['moneda', 'divisa'],
    totalBalance: ['saldo total', 'balance total'],
    payment: ['pago'],
  },
  it: {
    date: ['data'],
    description: ['descrizione'],
    category: ['categoria'],
    cost: ['costo', 'importo'],
    currency: ['valuta'],
    totalBalance: ['saldo totale', 'bilancio totale'],
    payment: ['pagamento'],
  },
  pt: {
    date: ['data'],
    description: ['descricao'],
    category: ['categoria'],
    cost: ['custo', 'valor'],
    currency: ['moeda'],
    totalBalance: ['saldo total', 'balanco total'],
    payment: ['pagamento'],
  },
};

/** Lower case, accents and diacritics dropped (ё -> е, ä -> a), spaces collapsed, trimmed. */
export function normalizeWord(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const allOf = (pick: (words: SplitwiseWords) => string[]) =>
  new Set(Object.values(SPLITWISE_WORDS).flatMap((words) => pick(words).map(normalizeWord)));

const PAYMENT = allOf((words) => words.payment);
const TOTAL_BALANCE = allOf((words) => words.totalBalance);

/** Splitwise's repayment category in any of the languages (an English one in any file). */
export function isPaymentCategory(category: string): boolean {
  return PAYMENT.has(normalizeWord(category));
}

export function isTotalBalance(description: string): boolean {
  return TOTAL_BALANCE.has(normalizeWord(description));
}

const HEADER_FIELDS = ['date', 'description', 'category', 'cost', 'currency'] as const;

/**
 * The language whose words name the most of the first five header cells, in Splitwise's fixed
 * order, and how many it named; undefined when no language names at least three.
 */
export function splitwiseLanguage(header: readonly string[]): string | undefined {
  let best: { language: string; score: number } | undefined;
  for (const [language, words] of Object.entries(SPLITWISE_WORDS)) {
    const score = HEADER_FIELDS.filter((field, index) =>
      words[field].includes(normalizeWord(header[index] ?? '')),
    ).length;
    if (!best || score > best.score) best = { language, score };
  }
  return best && best.score >= 3 ? best.language : undefined;
}

/**
 * The columns Dolya's own export adds after the people's: a row paid in another currency, as
 * paid. A reader takes them by these names, so they are never mistaken for people.
 */
export const DOLYA_EXTRA_COLUMNS = ['Original cost', 'Original currency', 'Conversion rate'] as const;

/** How many of the header's last cells are Dolya's extra columns (0 or all of them). */
export function dolyaExtraColumnCount(names: readonly string[]): number {
  const tail = names.slice(-DOLYA_EXTRA_COLUMNS.length).map(normalizeWord);
  const extras = DOLYA_EXTRA_COLUMNS.map(normalizeWord);
  return tail.length === extras.length && tail.every((name, index) => name === extras[index])
    ? extras.length
    : 0;
}
