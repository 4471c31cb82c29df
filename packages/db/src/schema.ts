import type { ExpenseInput, ItemSplit, RecurrenceUnit, SnapshotItem } from '@dolya/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money is integer minor units; mode 'number' is exact up to 2^53 cents, far above the 1e12 cap. */
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    telegramUsername: text('telegram_username'),
    createdAt: createdAt(),
    /** Set by an admin: the account cannot sign in, and its sessions and bot access end. */
    blockedAt: moment('blocked_at'),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

/** An external sign-in method (GOOGLE, YANDEX, TELEGRAM) linked to a user. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    displayName: text('display_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identities_provider_subject_key').on(t.provider, t.subject), index().on(t.userId)],
);

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    name: text('name'),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
  },
  (t) => [index().on(t.userId)],
);

/** Opaque session tokens; only a keyed hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    lastSeenAt: moment('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

export const groups = pgTable('groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastActivityAt: moment('last_activity_at').notNull().defaultNow(),
  deletedAt: moment('deleted_at'),
  /** The group's calendar (IANA name): which day it is for its recurring expenses (issue 28). */
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
});

export const memberStatuses = ['ACTIVE', 'PENDING', 'REMOVED'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/**
 * Group-owned tables (a NOT NULL group_id) are keyed by (group_id, id) and point at each other with
 * (group_id, ...) foreign keys, so the schema can be distributed by group_id (SCALING.md): a row and
 * everything it refers to always share a group. Every query of them names the group.
 * packages/db/test/group-keys.test.ts checks this on the catalog, with its few exceptions.
 */
const groupId = () =>
  uuid('group_id')
    .notNull()
    .references(() => groups.id, { onDelete: 'cascade' });
/** The id of a group-owned row: unique with its group_id, which leads the primary key. */
const rowId = () => uuid('id').notNull().defaultRandom();

/** A seat in a group. Expenses point at members, never at users; user_id is null for a seat without an account. */
export const groupMembers = pgTable(
  'group_members',
  {
    id: rowId(),
    groupId: groupId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    share: integer('share').notNull().default(1),
    status: text('status').$type<MemberStatus>().notNull().default('ACTIVE'),
    /** Group order: the order members were added, used to place rounding remainders deterministically. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    uniqueIndex('group_members_group_user_key').on(t.groupId, t.userId),
    index().on(t.userId),
    // One seat per position: position decides who gets a rounding remainder.
    uniqueIndex('group_members_group_position_key').on(t.groupId, t.position),
  ],
);

/** Default categories have group_id null; a group may add its own later. */
export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  nameRu: text('name_ru').notNull(),
  position: integer('position').notNull().default(0),
});

export const splitMethods = ['shares', 'amounts', 'percentages'] as const;

/** A seat of the row's own group: (group_id, column) -> group_members (group_id, id). */
const seatOfGroup = (
  name: string,
  groupColumn: AnyPgColumn<{ tableName: string }>,
  column: AnyPgColumn<{ tableName: string }>,
) =>
  foreignKey({
    name,
    columns: [groupColumn, column],
    foreignColumns: [groupMembers.groupId, groupMembers.id],
  });

export const seriesStatuses = ['active', 'paused', 'stopped'] as const;
export type SeriesStatus = (typeof seriesStatuses)[number];

/**
 * What each occurrence of a series repeats: the expenses.create input of the expense it was made
 * from, money in the group's cents (payers, split, items), without its date. Checked again by
 * the expense rules for every occurrence, against the seats of that day.
 */
export type SeriesTemplate = Pick<
  ExpenseInput,
  | 'paidById'
  | 'payers'
  | 'participants'
  | 'splitCents'
  | 'notes'
  | 'category'
  | 'splitMethod'
  | 'sharesInput'
  | 'percentagesInput'
  | 'items'
>;

/**
 * A recurring expense (issue 28): every `every` `unit`s from `start_date`, until `until` (included),
 * for `count` occurrences (the first counted) or without end; days in the group's time zone.
 * Occurrence 0 is the expense it was made from; `next_index` is the next one to make, on
 * `next_date` (null once the series has ended). The job (packages/api/src/services/recurring.ts)
 * claims due rows with FOR UPDATE SKIP LOCKED, makes one occurrence per transaction and moves
 * `next_index`/`next_date` on in it; expenses (group_id, series_id, series_index) is unique, so an
 * occurrence exists once whatever runs it.
 */
export const expenseSeries = pgTable(
  'expense_series',
  {
    id: rowId(),
    groupId: groupId(),
    status: text('status').$type<SeriesStatus>().notNull().default('active'),
    every: integer('every').notNull(),
    unit: text('unit').$type<RecurrenceUnit>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    until: date('until', { mode: 'string' }),
    count: integer('count'),
    nextIndex: integer('next_index').notNull().default(1),
    nextDate: date('next_date', { mode: 'string' }),
    name: text('name').notNull(),
    amountCents: cents('amount_cents'),
    /**
     * Paid in another currency: the amount as paid and the rate rule. 'fetched': each occurrence
     * takes its day's rate; 'manual': the typed rate (exchange_rate) is kept. All four or none.
     */
    originalCurrency: text('original_currency'),
    originalAmountCents: bigint('original_amount_cents', { mode: 'number' }),
    exchangeRate: numeric('exchange_rate'),
    rateSource: text('rate_source').$type<'manual' | 'fetched'>(),
    template: jsonb('template').$type<SeriesTemplate>().notNull(),
    createdByMemberId: uuid('created_by_member_id'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    seatOfGroup('expense_series_created_by_fk', t.groupId, t.createdByMemberId),
    // The job's scan: active series by their next day (the group's "today" is at most a day off UTC's).
    index('expense_series_due_idx')
      .on(t.nextDate)
      .where(sql`${t.status} = 'active' and ${t.nextDate} is not null`),
    index('expense_series_group_idx').on(t.groupId, t.status),
    check('expense_series_status_known', sql`${t.status} in ('active', 'paused', 'stopped')`),
    check('expense_series_unit_known', sql`${t.unit} in ('day', 'week', 'month', 'year')`),
    check('expense_series_every_positive', sql`${t.every} between 1 and 1000`),
    check('expense_series_count_positive', sql`${t.count} is null or ${t.count} >= 1`),
    check('expense_series_until_after_start', sql`${t.until} is null or ${t.until} >= ${t.startDate}`),
    check('expense_series_one_end', sql`${t.until} is null or ${t.count} is null`),
    check('expense_series_next_index', sql`${t.nextIndex} >= 1`),
    check(
      'expense_series_original_all_or_none',
      sql`num_nonnulls(${t.originalCurrency}, ${t.originalAmountCents}, ${t.exchangeRate}, ${t.rateSource}) in (0, 4)`,
    ),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: rowId(),
    groupId: groupId(),
    name: text('name').notNull(),
    amountCents: cents('amount_cents'),
    /** The member shown as "paid by"; what each member paid lives in expense_payers. */
    paidByMemberId: uuid('paid_by_member_id').notNull(),
    date: moment('date').notNull(),
    notes: text('notes'),
    isSettlement: boolean('is_settlement').notNull().default(false),
    settlementFromId: uuid('settlement_from_id'),
    settlementToId: uuid('settlement_to_id'),
    createdByMemberId: uuid('created_by_member_id'),
    categoryId: text('category_id').references(() => categories.id),
    splitMethod: text('split_method').$type<(typeof splitMethods)[number]>().notNull(),
    sharesInput: jsonb('shares_input').$type<Record<string, number>>(),
    percentagesInput: jsonb('percentages_input').$type<Record<string, number>>(),
    /** The receipt items as first recognised (money in cents), set once, for the "original" toggle. */
    snapshot: jsonb('snapshot').$type<SnapshotItem[]>(),
    /**
     * Paid in another currency than the group's (issue 26): the amount as paid, the rate (group
     * units for one unit of it, an exact decimal as given), the rate's date and whether it was
     * typed ('manual') or fetched ('fetched'). amount_cents is round_half_up(original x rate).
     * All five or none (expenses_original_all_or_none).
     */
    originalCurrency: text('original_currency'),
    originalAmountCents: bigint('original_amount_cents', { mode: 'number' }),
    exchangeRate: numeric('exchange_rate'),
    rateDate: date('rate_date', { mode: 'string' }),
    rateSource: text('rate_source').$type<'manual' | 'fetched'>(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    deletedAt: moment('deleted_at'),
    /** Made by a recurring series (issue 28): which, and which occurrence (0: the expense it was made from). */
    seriesId: uuid('series_id'),
    seriesIndex: integer('series_index'),
    /**
     * What the list's text search matches: name and notes, lower-cased by the database (Cyrillic
     * too) with ё read as е. Computed by PostgreSQL on every write, so no writer can forget it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`translate(lower(name || ' ' || coalesce(notes, '')), 'ё', 'е')`),
  },
  // The list's order (newest first, id breaking ties) and its keyset pages read this index alone.
  // NULLS FIRST is what a plain ORDER BY ... DESC means; an index sorted otherwise cannot serve it.
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    seatOfGroup('expenses_paid_by_fk', t.groupId, t.paidByMemberId),
    // The nullable ones are checked only when set (MATCH SIMPLE): group_id never is null.
    seatOfGroup('expenses_settlement_from_fk', t.groupId, t.settlementFromId),
    seatOfGroup('expenses_settlement_to_fk', t.groupId, t.settlementToId),
    seatOfGroup('expenses_created_by_fk', t.groupId, t.createdByMemberId),
    // Series are stopped, never deleted, but with their group (which takes the expenses too).
    foreignKey({
      name: 'expenses_series_fk',
      columns: [t.groupId, t.seriesId],
      foreignColumns: [expenseSeries.groupId, expenseSeries.id],
    }),
    // Each occurrence of a series exists once, whoever makes it.
    uniqueIndex('expenses_series_occurrence_key')
      .on(t.groupId, t.seriesId, t.seriesIndex)
      .where(sql`${t.seriesId} is not null`),
    check('expenses_series_all_or_none', sql`num_nonnulls(${t.seriesId}, ${t.seriesIndex}) in (0, 2)`),
    index('expenses_group_date_idx').on(
      t.groupId,
      t.date.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's text search: trigrams of search_text within the group (btree_gin gives GIN the
    // uuid), so a word found in few expenses is found without reading the group's others.
    index('expenses_search_idx').using('gin', t.groupId, t.searchText.op('gin_trgm_ops')),
    check(
      'expenses_original_all_or_none',
      sql`num_nonnulls(${t.originalCurrency}, ${t.originalAmountCents}, ${t.exchangeRate}, ${t.rateDate}, ${t.rateSource}) in (0, 5)`,
    ),
    check('expenses_exchange_rate_positive', sql`${t.exchangeRate} is null or ${t.exchangeRate} > 0`),
    check(
      'expenses_rate_source_known',
      sql`${t.rateSource} is null or ${t.rateSource} in ('manual', 'fetched')`,
    ),
  ],
);

/** An expense of the row's own group: (group_id, column) -> expenses (group_id, id). */
const expenseOfGroup = (
  name: string,
  groupColumn: AnyPgColumn<{ tableName: string }>,
  column: AnyPgColumn<{ tableName: string }>,
) => foreignKey({ name, columns: [groupColumn, column], foreignColumns: [expenses.groupId, expenses.id] });

export const expensePayers = pgTable(
  'expense_payers',
  {
    expenseId: uuid('expense_id').notNull(),
    groupId: uuid('group_id').notNull(),
    memberId: uuid('member_id').notNull(),
    amountCents: cents('amount_cents'),
  },
  // Keys lead with group_id: every query filters on it, and a cluster distributed by group_id needs it in unique keys.
  (t) => [
    primaryKey({ columns: [t.groupId, t.expenseId, t.memberId] }),
    expenseOfGroup('expense_payers_expense_fk', t.groupId, t.expenseId).onDelete('cascade'),
    seatOfGroup('expense_payers_member_fk', t.groupId, t.memberId),
  ],
);

export const expenseSplits = pgTable(
  'expense_splits',
  {
    expenseId: uuid('expense_id').notNull(),
    groupId: uuid('group_id').notNull(),
    memberId: uuid('member_id').notNull(),
    amountCents: cents('amount_cents'),
  },
  // Keys lead with group_id: every query filters on it, and a cluster distributed by group_id needs it in unique keys.
  (t) => [
    primaryKey({ columns: [t.groupId, t.expenseId, t.memberId] }),
    expenseOfGroup('expense_splits_expense_fk', t.groupId, t.expenseId).onDelete('cascade'),
    seatOfGroup('expense_splits_member_fk', t.groupId, t.memberId),
    // The list's member filter: the expenses a seat has a part in, without reading the group's splits.
    index('expense_splits_member_idx').on(t.groupId, t.memberId, t.expenseId),
  ],
);

/**
 * Each seat's running money in a group, so balances cost O(members) rather than O(expenses): what
 * the seat paid for and owes of live expenses, and the settlement payments it sent and received.
 * Written in the transaction of every expense write, from the delta of that expense's rows
 * (services/member-totals.ts); `ledger check` recomputes it from the rows. No row means zeros.
 */
export const memberBalances = pgTable(
  'member_balances',
  {
    groupId: groupId(),
    memberId: uuid('member_id').notNull(),
    paidCents: cents('paid_cents').default(0),
    owedCents: cents('owed_cents').default(0),
    sentCents: cents('sent_cents').default(0),
    receivedCents: cents('received_cents').default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.memberId] }),
    seatOfGroup('member_balances_member_fk', t.groupId, t.memberId).onDelete('cascade'),
  ],
);

/** Receipt positions of an expense. */
export const expenseItems = pgTable(
  'expense_items',
  {
    id: rowId(),
    expenseId: uuid('expense_id').notNull(),
    groupId: uuid('group_id').notNull(),
    name: text('name').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull().default('1'),
    amountCents: cents('amount_cents'),
    /** How the item is shared, money in cents: the domain's ItemSplit, read and checked by the API. */
    split: jsonb('split').$type<ItemSplit>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    expenseOfGroup('expense_items_expense_fk', t.groupId, t.expenseId).onDelete('cascade'),
    index('expense_items_expense_idx').on(t.groupId, t.expenseId),
  ],
);

export const groupLogs = pgTable(
  'group_logs',
  {
    id: rowId(),
    groupId: groupId(),
    /** Null means the system acted. */
    actorMemberId: uuid('actor_member_id'),
    action: text('action').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    seatOfGroup('group_logs_actor_fk', t.groupId, t.actorMemberId),
    index('group_logs_group_created_idx').on(t.groupId, t.createdAt.desc()),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: rowId(),
    groupId: groupId(),
    /** Unique across groups: a link is opened by its token alone (an allowed exception of the group keys). */
    token: text('token').notNull().unique(),
    createdByMemberId: uuid('created_by_member_id'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    seatOfGroup('invites_created_by_fk', t.groupId, t.createdByMemberId),
  ],
);

/** One person's own contact list: a row says user_id keeps friend_id as a friend. */
export const friendships = pgTable(
  'friendships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Set whenever member_id is (the check below), so the seat's key is (group_id, member_id). */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id'),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedAt: moment('resolved_at'),
  },
  (t) => [
    index().on(t.userId, t.createdAt.desc()),
    seatOfGroup('notifications_member_fk', t.groupId, t.memberId).onDelete('cascade'),
    index('notifications_group_member_idx').on(t.groupId, t.memberId),
    check('notifications_member_has_group', sql`${t.memberId} is null or ${t.groupId} is not null`),
  ],
);

/** blocker_id does not want to be added to groups by blocked_id. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/**
 * Single-use, short-lived secrets of the sign-in flows: passkey challenges, OAuth state and
 * pending OAuth sign-ups. Only a hash of the secret is stored; a row is deleted when used.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. 'passkey-register', 'passkey-login', 'passkey-link', 'oauth-state', 'oauth-pending' */
    purpose: text('purpose').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The address that asked for a passkey challenge (IPv4, or an IPv6 /64); null on OAuth rows. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [index().on(t.expiresAt), index().on(t.clientKey)],
);

/**
 * Counters of the sign-in limits, shared by every server instance: `hits` within a fixed window
 * that ends at `reset_at`. The key is a kind plus a hash of what is counted (an address, an
 * email and an address), so no email is stored in the clear. Expired rows are swept as hits come.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: moment('reset_at').notNull(),
  },
  (t) => [index().on(t.resetAt)],
);

/** One row per session created (any sign-in method), for the admin stats; rows older than 30 days are purged. */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/**
 * The first result of a create retried with the same idempotency key by the same actor (a user id,
 * or 'admin'). Written in the create's own transaction; rows older than 24 hours are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actorKey: text('actor_key').notNull(),
    key: text('key').notNull(),
    procedure: text('procedure').notNull(),
    /** SHA-256 of the request's input without the key: the same key with another input is a conflict. */
    inputHash: text('input_hash').notNull(),
    /** Null only inside the transaction that claimed the key, so never visible to another request. */
    result: jsonb('result').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.actorKey, t.key] }), index().on(t.createdAt)],
);

export const telegramChatTypes = ['private', 'group', 'supergroup'] as const;
export type TelegramChatType = (typeof telegramChatTypes)[number];

/**
 * The Dolya group a Telegram chat is bound to: a group chat by an admin's /connect, a private
 * chat by its user's choice. The chat id is Telegram's, as decimal text (it exceeds 2^31 and
 * group chats are negative).
 */
export const telegramChats = pgTable(
  'telegram_chats',
  {
    chatId: text('chat_id').primaryKey(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    chatType: text('chat_type').$type<TelegramChatType>().notNull(),
    boundByUserId: uuid('bound_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.groupId)],
);

export const botDraftStatuses = ['open', 'saved', 'cancelled'] as const;
export type BotDraftStatus = (typeof botDraftStatuses)[number];

/**
 * An expense the bot read from a Telegram message, waiting for its author's Save. One per
 * message (chat id, message id), so a redelivered message finds its draft instead of making a
 * second one; saving moves it from open to saved in the transaction that creates the expense.
 */
export const botDrafts = pgTable(
  'bot_drafts',
  {
    id: rowId(),
    groupId: groupId(),
    chatId: text('chat_id').notNull(),
    messageId: text('message_id').notNull(),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The expenses.create input the draft saves, validated when the draft was made; money in cents. */
    expenseInput: jsonb('expense_input').$type<Record<string, unknown>>().notNull(),
    /** What the reply shows: each participant's part in group order, the items, the message as written. */
    display: jsonb('display').$type<Record<string, unknown>>().notNull(),
    /** The bot's reply to the message, so a redelivered message is not answered twice. */
    replyMessageId: text('reply_message_id'),
    status: text('status').$type<BotDraftStatus>().notNull().default('open'),
    expenseId: uuid('expense_id'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    // Deleting the expense nulls expense_id only: migration 0011 declares it ON DELETE SET NULL
    // (expense_id), which drizzle cannot express (its plain SET NULL would null group_id too).
    expenseOfGroup('bot_drafts_expense_fk', t.groupId, t.expenseId).onDelete('set null'),
    // Unique across groups: a message's draft is found by (chat, message) before its group is known.
    uniqueIndex('bot_drafts_chat_message_key').on(t.chatId, t.messageId),
  ],
);

/**
 * The inbox of Telegram updates: a redelivered update finds its row and is skipped. The worker
 * that recorded an update handles it and marks it done; one not done long after it was recorded
 * (or last claimed, claimed_at) is claimed by another worker. Rows older than 7 days are purged.
 */
/**
 * A message an unlinked Telegram user wrote to the bot in a private chat: kept until they link
 * their account (then the bot reads it into a draft) or for a day. Keyed by who wrote it.
 */
export const botPendingMessages = pgTable(
  'bot_pending_messages',
  {
    telegramUserId: text('telegram_user_id').notNull(),
    chatId: text('chat_id').notNull(),
    messageId: text('message_id').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.telegramUserId, t.chatId, t.messageId] })],
);

export const botUpdates = pgTable(
  'bot_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: moment('received_at').notNull().defaultNow(),
    claimedAt: moment('claimed_at'),
    doneAt: moment('done_at'),
  },
  (t) => [
    // The stale query: not done, and taken (claimed, else recorded) long ago.
    index('bot_updates_stale_idx')
      .on(sql`coalesce(${t.claimedAt}, ${t.receivedAt})`)
      .where(sql`${t.doneAt} is null`),
    index().on(t.receivedAt),
  ],
);

/**
 * Exchange rates fetched from the rates provider (FX_RATES_URL), one row per (requested date,
 * from, to): asked once, then read from here. `rate_date` is the date the provider's rate is of
 * (a weekend asks for Friday's); `rate` is group units for one unit of `from`, as the provider gave it.
 * Not a group's data: every group shares the same rates.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    requestedDate: date('requested_date', { mode: 'string' }).notNull(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    rate: numeric('rate').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    fetchedAt: moment('fetched_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestedDate, t.fromCurrency, t.toCurrency] }),
    check('fx_rates_rate_positive', sql`${t.rate} > 0`),
  ],
);

/**
 * Reminders to settle (issue 28): when a debt (debtor -> creditor in a group) was last reminded
 * of. One row per debt; sending claims it with an upsert that only moves `last_sent_at` on when
 * the last one is a day old, so two presses at once send one message.
 */
export const debtReminders = pgTable(
  'debt_reminders',
  {
    groupId: groupId(),
    debtorMemberId: uuid('debtor_member_id').notNull(),
    creditorMemberId: uuid('creditor_member_id').notNull(),
    lastSentAt: moment('last_sent_at').notNull(),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.debtorMemberId, t.creditorMemberId] }),
    seatOfGroup('debt_reminders_debtor_fk', t.groupId, t.debtorMemberId).onDelete('cascade'),
    seatOfGroup('debt_reminders_creditor_fk', t.groupId, t.creditorMemberId).onDelete('cascade'),
  ],
);

/** A seat whose person does not want reminders of this group (the reminder's Mute, or the web). */
export const reminderMutes = pgTable(
  'reminder_mutes',
  {
    groupId: groupId(),
    memberId: uuid('member_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.memberId] }),
    seatOfGroup('reminder_mutes_member_fk', t.groupId, t.memberId).onDelete('cascade'),
  ],
);

/**
 * A person as the bot's private messages reach them: the language they write to the bot in,
 * `stopped_at` (their /stop: no reminders from any group) and `unreachable_at` (Telegram answered
 * 403: they blocked the bot; nothing is sent until they write to it again).
 */
export const reminderRecipients = pgTable('reminder_recipients', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('ru'),
  stoppedAt: moment('stopped_at'),
  unreachableAt: moment('unreachable_at'),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/**
 * A group's weekly summary in its Telegram chats (issue 28): on `day_of_week` (ISO: 1 Monday ..
 * 7 Sunday) at `hour`, in the group's time zone. `next_at` is the next such instant; the job
 * (packages/api/src/services/weekly-summary.ts) claims due rows with FOR UPDATE SKIP LOCKED and
 * moves `next_at` a week on in the transaction that sends, so a week is sent once.
 */
export const weeklySummaries = pgTable(
  'weekly_summaries',
  {
    groupId: uuid('group_id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    hour: integer('hour').notNull(),
    /** The language of the admin who turned it on: the chat's texts. */
    language: text('language').notNull().default('ru'),
    nextAt: moment('next_at').notNull(),
    lastSentAt: moment('last_sent_at'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('weekly_summaries_next_at_idx').on(t.nextAt),
    check('weekly_summaries_day', sql`${t.dayOfWeek} between 1 and 7`),
    check('weekly_summaries_hour', sql`${t.hour} between 0 and 23`),
  ],
);

/**
 * Files imported into a group (issue 29), by the SHA-256 of their content: the same file twice
 * into one group is refused (IMPORT_ALREADY_DONE) rather than doubling its expenses.
 */
export const groupImports = pgTable(
  'group_imports',
  {
    groupId: groupId(),
    contentHash: text('content_hash').notNull(),
    format: text('format').notNull(),
    expenseCount: integer('expense_count').notNull(),
    settlementCount: integer('settlement_count').notNull(),
    importedByMemberId: uuid('imported_by_member_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contentHash] })],
);
