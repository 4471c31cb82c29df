/** Log entries carry an English sentence; known actions are rendered in the interface language instead. */
const KEYS = {
  EXPENSE_CREATED: 'logExpenseCreated',
  EXPENSE_UPDATED: 'logExpenseUpdated',
  EXPENSE_DELETED: 'logExpenseDeleted',
  SETTLEMENT_CREATED: 'logSettlementCreated',
  SETTLEMENT_UPDATED: 'logSettlementUpdated',
  SETTLEMENT_DELETED: 'logSettlementDeleted',
  GROUP_CREATED: 'logGroupCreated',
  GROUP_UPDATED: 'logGroupUpdated',
  GROUP_DELETED: 'logGroupDeleted',
} as const;

export type LogKey = (typeof KEYS)[keyof typeof KEYS];

export interface LogEntryLike {
  action: string;
  message: string;
  details: Record<string, unknown> | null;
}

/** Text of one entry: a translation key with its values, or the server's own message as a fallback. */
export function logText(
  entry: LogEntryLike,
): { key: LogKey; name: string; amount: string | undefined } | { message: string } {
  const key = (KEYS as Record<string, LogKey>)[entry.action];
  const name = entry.details?.name;
  const amount = entry.details?.amount;
  const needsName = key !== undefined && /^log(Expense|GroupCreated)/.test(key);
  const needsAmount = key !== undefined && /^log(Expense|Settlement)/.test(key);
  if (
    key === undefined ||
    (needsName && typeof name !== 'string') ||
    (needsAmount && typeof amount !== 'string' && typeof amount !== 'number')
  ) {
    return { message: entry.message || entry.action };
  }
  return {
    key,
    name: typeof name === 'string' ? name : '',
    amount: amount === undefined || amount === null ? undefined : String(amount),
  };
}
