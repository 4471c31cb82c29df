import type { Cents } from '@dolya/domain';
import type { LogAction, LogEntry } from '../../lib/api-types';

/** Log entries carry an English sentence; every action is rendered in the interface language instead. */
const KEYS = {
  EXPENSE_CREATED: 'logExpenseCreated',
  EXPENSE_UPDATED: 'logExpenseUpdated',
  EXPENSE_DELETED: 'logExpenseDeleted',
  SETTLEMENT_CREATED: 'logSettlementCreated',
  SETTLEMENT_UPDATED: 'logSettlementUpdated',
  SETTLEMENT_DELETED: 'logSettlementDeleted',
  EXPENSE_RESTORED: 'logExpenseRestored',
  SETTLEMENT_RESTORED: 'logSettlementRestored',
  GROUP_CREATED: 'logGroupCreated',
  GROUP_UPDATED: 'logGroupUpdated',
  GROUP_DELETED: 'logGroupDeleted',
  MEMBER_ADDED: 'logMemberAdded',
  MEMBER_INVITED: 'logMemberInvited',
  MEMBER_REMOVED: 'logMemberRemoved',
  MEMBER_RENAMED: 'logMemberRenamed',
  ADMIN_GRANTED: 'logAdminGranted',
  ADMIN_REVOKED: 'logAdminRevoked',
  MEMBER_JOINED: 'logMemberJoined',
  MEMBER_DECLINED: 'logMemberDeclined',
  SEAT_CLAIMED: 'logSeatClaimed',
  INVITE_CREATED: 'logInviteCreated',
  INVITE_REVOKED: 'logInviteRevoked',
  CHAT_CONNECTED: 'logChatConnected',
  CHAT_DISCONNECTED: 'logChatDisconnected',
  SERIES_CREATED: 'logExpenseSeriesCreated',
  SERIES_PAUSED: 'logExpenseSeriesPaused',
  SERIES_RESUMED: 'logExpenseSeriesResumed',
  SERIES_STOPPED: 'logExpenseSeriesStopped',
  GROUP_IMPORTED: 'logGroupImported',
  ACCOUNT_DELETED: 'logAccountDeleted',
} as const satisfies Record<LogAction, string>;

/** CHAT_DISCONNECTED when the chat was moved to another group rather than disconnected. */
const CHAT_MOVED = 'logChatMoved';

/** GROUP_UPDATED with the changes listed: "Changed the settings: name “X”, currency EUR, shares (Anya: 2)". */
const GROUP_UPDATED_WITH = 'logGroupUpdatedWith';

/** Settlement entries that name who paid whom (older entries carry only the amount). */
const SETTLEMENT_BETWEEN = {
  SETTLEMENT_CREATED: 'logSettlementCreatedBetween',
  SETTLEMENT_UPDATED: 'logSettlementUpdatedBetween',
  SETTLEMENT_DELETED: 'logSettlementDeletedBetween',
  SETTLEMENT_RESTORED: 'logSettlementRestoredBetween',
} as const;

export type LogKey =
  | (typeof KEYS)[keyof typeof KEYS]
  | typeof GROUP_UPDATED_WITH
  | typeof CHAT_MOVED
  | (typeof SETTLEMENT_BETWEEN)[keyof typeof SETTLEMENT_BETWEEN];

export type LogEntryLike = Pick<LogEntry, 'action' | 'message' | 'details'>;

/** What GROUP_UPDATED changed, as far as its details tell. */
export interface SettingsChanges {
  name?: string;
  currency?: string;
  shares: { name: string; share: number }[];
}

export interface KeyedLogText {
  key: LogKey;
  name: string;
  amountCents: Cents | undefined;
  /** The amount's currency when the entry names it; otherwise the group's current one applies. */
  currency?: string;
  changes?: SettingsChanges;
  /** Payer and recipient of a settlement, as they were named when it was logged. */
  from?: string;
  to?: string;
  /** Issue 26: the amount as paid in another currency, shown before the converted one. */
  original?: { currency: string; amountCents: Cents };
  /** Issue 26: several payers, by their names when logged. */
  payers?: { name: string; amountCents: Cents }[];
  /** Issue 29: what an import wrote, and the app the file came from (its name is `name`). */
  counts?: { expenses: number; settlements: number };
}

export type LogText = KeyedLogText | { message: string };

/** What an expense's edit changed (EXPENSE_UPDATED, SETTLEMENT_UPDATED details.changes), as far as told. */
export interface EditChanges {
  name?: { from: string; to: string };
  amountCents?: { from: Cents; to: Cents };
  payer?: { from: string; to: string };
  date?: boolean;
  split?: boolean;
  notes?: boolean;
  category?: boolean;
}

const pair = <T>(value: unknown, ok: (x: unknown) => x is T): { from: T; to: T } | undefined => {
  if (value === null || typeof value !== 'object') return undefined;
  const { from, to } = value as { from?: unknown; to?: unknown };
  return ok(from) && ok(to) ? { from, to } : undefined;
};
const isText = (x: unknown): x is string => typeof x === 'string';
const isCents = (x: unknown): x is Cents => Number.isSafeInteger(x);

/** The changes an edit's entry lists; undefined for other entries and older ones without them. */
export function editChanges(entry: LogEntryLike): EditChanges | undefined {
  if (entry.action !== 'EXPENSE_UPDATED' && entry.action !== 'SETTLEMENT_UPDATED') return undefined;
  const raw = entry.details?.changes;
  if (raw === null || typeof raw !== 'object') return undefined;
  const c = raw as Record<string, unknown>;
  const changes: EditChanges = {};
  const name = pair(c.name, isText);
  const amount = pair(c.amountCents, isCents);
  const payer = pair(c.payer, isText);
  if (name) changes.name = name;
  if (amount) changes.amountCents = amount;
  if (payer) changes.payer = payer;
  for (const flag of ['date', 'split', 'notes', 'category'] as const)
    if (c[flag] === true) changes[flag] = true;
  return Object.keys(changes).length > 0 ? changes : undefined;
}

const NEEDS_NAME = /^log(Expense|GroupCreated|Member|Admin|SeatClaimed)/;
const NEEDS_AMOUNT = /^log(Expense|Settlement)/;

function settingsChanges(details: LogEntryLike['details']): SettingsChanges | undefined {
  if (!details) return undefined;
  const changes: SettingsChanges = { shares: [] };
  if (typeof details.name === 'string' && details.name.trim() !== '') changes.name = details.name;
  if (typeof details.currency === 'string' && details.currency !== '') changes.currency = details.currency;
  if (Array.isArray(details.shares)) {
    for (const item of details.shares as readonly unknown[]) {
      if (item === null || typeof item !== 'object') continue;
      const { name, to } = item as { name?: unknown; to?: unknown };
      if (typeof name === 'string' && typeof to === 'number' && Number.isFinite(to)) {
        changes.shares.push({ name, share: to });
      }
    }
  }
  return changes.name !== undefined || changes.currency !== undefined || changes.shares.length > 0
    ? changes
    : undefined;
}

function foreignAmount(value: unknown): KeyedLogText['original'] {
  if (value === null || typeof value !== 'object') return undefined;
  const { currency, amountCents } = value as { currency?: unknown; amountCents?: unknown };
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) && isCents(amountCents)
    ? { currency, amountCents }
    : undefined;
}

function payerList(value: unknown): KeyedLogText['payers'] {
  if (!Array.isArray(value) || value.length < 2) return undefined;
  const payers: NonNullable<KeyedLogText['payers']> = [];
  for (const item of value as readonly unknown[]) {
    if (item === null || typeof item !== 'object') return undefined;
    const { name, amountCents } = item as { name?: unknown; amountCents?: unknown };
    if (typeof name !== 'string' || !isCents(amountCents)) return undefined;
    payers.push({ name, amountCents });
  }
  return payers;
}

/** Text of one entry: a translation key with its values, or the server's own message as a fallback. */
export function logText(entry: LogEntryLike): LogText {
  const found: LogKey | undefined = KEYS[entry.action];
  const name = entry.details?.name;
  const amountCents = entry.details?.amountCents;
  const needsName = found !== undefined && NEEDS_NAME.test(found);
  const needsAmount = found !== undefined && NEEDS_AMOUNT.test(found);
  if (
    found === undefined ||
    (needsName && (typeof name !== 'string' || name === '')) ||
    (needsAmount && !Number.isSafeInteger(amountCents))
  ) {
    return { message: entry.message || entry.action };
  }
  if (entry.action === 'GROUP_UPDATED') {
    const changes = settingsChanges(entry.details);
    if (changes) return { key: GROUP_UPDATED_WITH, name: '', amountCents: undefined, changes };
  }
  const text: KeyedLogText = {
    key: entry.action === 'CHAT_DISCONNECTED' && entry.details?.moved === true ? CHAT_MOVED : found,
    name: typeof name === 'string' ? name : '',
    amountCents,
  };
  const currency = entry.details?.currency;
  if (needsAmount && typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) text.currency = currency;
  if (needsAmount) {
    const original = foreignAmount(entry.details?.original);
    if (original) text.original = original;
    const payers = payerList(entry.details?.payers);
    if (payers) text.payers = payers;
  }
  if (entry.action === 'GROUP_IMPORTED') {
    const { source, expenseCount, settlementCount } = entry.details ?? {};
    const counts = { expenses: Number(expenseCount ?? 0), settlements: Number(settlementCount ?? 0) };
    return { ...text, name: typeof source === 'string' ? source : '', counts };
  }
  const between = (SETTLEMENT_BETWEEN as Record<string, LogKey>)[entry.action];
  const from = entry.details?.fromName;
  const to = entry.details?.toName;
  if (between && typeof from === 'string' && from !== '' && typeof to === 'string' && to !== '') {
    return { ...text, key: between, from, to };
  }
  return text;
}

/** i18next's `t` for the group namespace, narrowed to what the log needs. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The message of one entry in the interface language. `money` formats the entry's cents in the
 * entry's currency when it names one, else in the group's.
 */
export function describeLog(
  entry: LogEntryLike,
  t: Translate,
  money: (cents: Cents, currency: string | undefined) => string,
): string {
  const text = logText(entry);
  if ('message' in text) return text.message;
  if (text.changes) {
    const { name, currency, shares } = text.changes;
    const parts: string[] = [];
    if (name !== undefined) parts.push(t('logChangeName', { name }));
    if (currency !== undefined) parts.push(t('logChangeCurrency', { currency }));
    if (shares.length > 0) {
      const list = shares.map((s) => t('logChangeShare', { name: s.name, share: s.share })).join(', ');
      parts.push(t('logChangeShares', { shares: list }));
    }
    return t(text.key, { changes: parts.join(', ') });
  }
  // Issue 26: «45,00 € → 4 218,75 ₽», and several payers named: «… · платили Оля 700,00 ₽, Паша 300,00 ₽».
  // A payment between two people already has its arrow (Боря → Аня): «50,00 € · 4 687,50 ₽», as
  // the list shows it.
  const converted = text.amountCents === undefined ? '' : money(text.amountCents, text.currency);
  const paid = text.original ? money(text.original.amountCents, text.original.currency) : undefined;
  const amount =
    paid === undefined
      ? converted
      : text.from !== undefined
        ? t('settlementForeign', { original: paid, converted })
        : `${paid} → ${converted}`;
  const line = t(text.key, {
    name: text.name,
    amount: text.payers
      ? t('paidBySeveral', {
          amount,
          payers: text.payers.map((p) => `${p.name} ${money(p.amountCents, text.currency)}`).join(', '),
        })
      : amount,
    from: text.from,
    to: text.to,
    ...text.counts,
  });
  // An edit says what it changed (issue 27): "… — amount €10.00 → €12.00, paid by Anya → Bob".
  const changes = editChanges(entry);
  if (!changes) return line;
  const parts: string[] = [];
  if (changes.name) parts.push(t('logEditName', changes.name));
  if (changes.amountCents) {
    const { from, to } = changes.amountCents;
    parts.push(t('logEditAmount', { from: money(from, text.currency), to: money(to, text.currency) }));
  }
  if (changes.payer) parts.push(t('logEditPayer', changes.payer));
  for (const flag of ['date', 'split', 'notes', 'category'] as const) {
    if (changes[flag]) parts.push(t(`logEdit${flag[0]!.toUpperCase()}${flag.slice(1)}`));
  }
  return t('logEdited', { line, changes: parts.join(', ') });
}
