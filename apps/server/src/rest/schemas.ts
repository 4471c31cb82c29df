/**
 * The REST facade's shapes (spec §3, §7): what its clients send and get, with money as decimal
 * numbers. The tRPC contract underneath is in integer cents; `presenter.ts` converts between them.
 */
import {
  amountInputSchema,
  expenseInput,
  expenseItemInput,
  idSchema,
  itemSplitMethodSchema,
  membershipStatusSchema,
  recurrenceInput,
  recurrenceUnits,
  seriesScopes,
  splitMethodSchema,
} from '@dolya/domain';
import { z } from 'zod';

/** A decimal amount in an answer: the nearest double to the exact value, at most 2 decimals. */
const decimal = z.number();

export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  telegramUsername: z.string().nullable(),
});

export const groupMemberSchema = z.object({
  id: idSchema.nullable(),
  memberId: idSchema,
  name: z.string(),
  username: z.string().nullable(),
  isAdmin: z.boolean(),
  registered: z.boolean(),
  membershipStatus: membershipStatusSchema,
  share: z.number().int(),
  isCurrentUser: z.boolean(),
  telegramUsername: z.string().nullable(),
});

export const groupSchema = z.object({
  id: idSchema,
  name: z.string(),
  currency: z.string(),
  /** Additive (issue 28): the IANA zone the group's days are in; PUT takes it too. */
  timeZone: z.string(),
  users: z.array(groupMemberSchema),
  createdAt: z.string(),
  lastActivity: z.string(),
});

export const categorySchema = z.object({ id: z.string(), name: z.string(), nameRu: z.string() });

/** How an item is shared, as the spec writes it: JSON text, a member id list or a map of member id to number. */
export const restItemSplitSchema = z.object({
  splitMethod: itemSplitMethodSchema,
  splitJson: z.string().max(20_000),
});

export const expenseItemSchema = z
  .object({ id: idSchema, name: z.string(), number: z.number(), amount: decimal })
  .extend(restItemSplitSchema.shape);

/** An item inside the snapshot's JSON text: as an item, without an id. */
export const restSnapshotItemSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    number: z.number().positive().max(1_000_000).optional(),
    amount: amountInputSchema,
  })
  .extend(restItemSplitSchema.shape);

export const expenseSchema = z.object({
  id: idSchema,
  groupId: idSchema,
  name: z.string(),
  amount: decimal,
  paidById: idSchema,
  participants: z.array(idSchema),
  splits: z.record(z.string(), decimal),
  date: z.string(),
  notes: z.string().nullable(),
  settlement: z.boolean(),
  settlementFromId: idSchema.nullable(),
  settlementToId: idSchema.nullable(),
  createdById: idSchema.nullable(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  splitMethod: splitMethodSchema,
  sharesInput: z.record(z.string(), z.number()).nullable(),
  percentagesInput: z.record(z.string(), z.number()).nullable(),
  memberNames: z.record(z.string(), z.string()),
  items: z.array(expenseItemSchema),
  /** JSON text of the items as first recognised (each like an item, without an id). */
  snapshot: z.string().nullable(),
  version: z.number().int(),
  /** Issue 26: who paid how much (group currency), memberId -> amount; one entry for one payer. */
  payers: z.record(z.string(), decimal),
  /** Issue 26, paid in another currency: the amount as paid (two decimals), else null. */
  originalAmount: decimal.nullable(),
  /** The ISO code it was paid in, else null. */
  originalCurrency: z.string().nullable(),
  /** Group-currency units for one unit of originalCurrency, exactly as stored (a decimal string). */
  exchangeRate: z.string().nullable(),
  /** The date of that rate (YYYY-MM-DD). */
  rateDate: z.string().nullable(),
  /** 'manual' (typed) or 'fetched' (from the rates provider). */
  rateSource: z.enum(['manual', 'fetched']).nullable(),
  /** Issue 28: the recurring series the expense belongs to, else null. */
  seriesId: idSchema.nullable(),
  /** Issue 28: its series' rule and state, else null. */
  recurrence: z
    .object({
      every: z.number().int(),
      unit: z.enum(recurrenceUnits),
      /** The last day (YYYY-MM-DD, included), else null. */
      until: z.string().nullable(),
      /** How many occurrences, the first counted, else null. */
      count: z.number().int().nullable(),
      state: z.enum(['active', 'paused', 'stopped']),
    })
    .nullable(),
  /** Issue 28: the day (YYYY-MM-DD, group time zone) its series makes the next occurrence; null when it has ended or stopped, or there is none. */
  nextDate: z.string().nullable(),
});

/**
 * A row of GET /api/groups/{id}/expenses: the expense without its snapshot and its series' rule
 * (read one expense for them); `seriesId` tells a repeating one.
 */
export const listedExpenseSchema = expenseSchema.omit({ snapshot: true, recurrence: true, nextDate: true });

export const logEntrySchema = z.object({
  id: idSchema,
  date: z.string(),
  action: z.string(),
  message: z.string(),
  /** As stored, with any amount as decimal text ("1200.00"). */
  details: z.record(z.string(), z.unknown()).nullable(),
  actor: z.object({ id: idSchema, name: z.string() }).nullable(),
});

export const memberStatsSchema = z.object({
  memberId: idSchema,
  name: z.string(),
  /** Paid for expenses; settlements are apart. */
  paid: decimal,
  /** Share of expenses. */
  owed: decimal,
  /** Settlement payments made and received. */
  settlementsPaid: decimal,
  settlementsReceived: decimal,
  /** paid - owed + settlementsPaid - settlementsReceived. */
  net: decimal,
  removed: z.boolean(),
});

export const settlementSuggestionSchema = z.object({
  fromUserId: idSchema,
  toUserId: idSchema,
  amount: decimal,
});

export const balancesSchema = z.object({
  currency: z.string(),
  /** Sum of all expenses, settlements excluded. */
  total: decimal,
  members: z.array(memberStatsSchema),
  debts: z.array(settlementSuggestionSchema),
});

/** The body of POST /api/groups/{id}/expenses and PUT /api/groups/expenses/{id}: decimal money. */
export const expenseBodySchema = expenseInput
  .omit({ amountCents: true, splitCents: true, items: true, snapshot: true, payers: true, original: true })
  .extend({
    /** Required, except with originalAmount: then the server converts, and a sent amount must match. */
    amount: amountInputSchema.optional(),
    /** Issue 26: memberId -> what they paid (group currency); members, each above zero, summing to amount. */
    payers: z.record(z.string(), amountInputSchema).nullish(),
    /** Issue 26: the amount as paid in originalCurrency (two decimals); with originalCurrency. */
    originalAmount: amountInputSchema.nullish(),
    /** Issue 26: an ISO 4217 code other than the group's. */
    originalCurrency: z.string().max(8).nullish(),
    /**
     * Issue 26: group-currency units for one unit of originalCurrency, a decimal string of at most
     * 12 significant digits; left out, the server takes the rate of the expense's date.
     */
    exchangeRate: z.union([z.string().max(40), z.number()]).nullish(),
    splits: z.record(z.string(), amountInputSchema).nullish(),
    items: z
      .array(
        expenseItemInput
          .omit({ amountCents: true, split: true })
          .extend({ amount: amountInputSchema })
          .extend(restItemSplitSchema.shape),
      )
      .max(500)
      .nullish(),
    snapshot: z.string().max(100_000).nullish(),
    /**
     * Issue 28: repeat the expense every `every` `unit`s from its date, until a day (included), for
     * `count` occurrences (the first counted), or without end. On PUT: a rule sets or changes it
     * (from this expense on), null stops the series, absent leaves it. A bad rule is 400
     * INVALID_RECURRENCE naming `every`, `until` or `count`.
     */
    recurrence: recurrenceInput.nullish(),
    /**
     * Issue 28, PUT of an expense of an active series that changes its name, amount, payers, split
     * or currency (required then, 400 VALIDATION_ERROR naming seriesScope): 'this' changes only this
     * expense; 'following' also the series' later expenses and the ones it will make.
     */
    seriesScope: z.enum(seriesScopes).optional(),
  });

export type RestUser = z.infer<typeof userSchema>;
export type RestGroup = z.infer<typeof groupSchema>;
export type RestGroupMember = z.infer<typeof groupMemberSchema>;
export type RestCategory = z.infer<typeof categorySchema>;
export type RestExpense = z.infer<typeof expenseSchema>;
export type RestListedExpense = z.infer<typeof listedExpenseSchema>;
export type RestItemSplit = z.infer<typeof restItemSplitSchema>;
export type RestLogEntry = z.infer<typeof logEntrySchema>;
export type RestMemberStats = z.infer<typeof memberStatsSchema>;
export type RestBalances = z.infer<typeof balancesSchema>;
export type ExpenseBody = z.infer<typeof expenseBodySchema>;
