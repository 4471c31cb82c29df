import { z } from 'zod';
import { isCurrencyCode } from './currencies';

/** Ids are UUIDs; z.guid accepts any 8-4-4-4-12 hex form (the nil id included) without version checks. */
export const idSchema = z.guid();
/** Decimal money as it crosses the API boundary: a number or a string ("1 200,50"); parsed exactly by parseAmount. */
export const amountInputSchema = z.union([z.number(), z.string().max(40)]);
export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { message: 'Unknown currency code' });
export const splitMethodSchema = z.enum(['shares', 'amounts', 'percentages']);
export const itemSplitMethodSchema = z.enum(['members', 'amounts', 'shares', 'percentages']);
export const membershipStatusSchema = z.enum(['ACTIVE', 'PENDING', 'REMOVED']);
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.]{3,32}$/, 'Use 3 to 32 letters, digits, dots or underscores');
const nameSchema = z.string().trim().min(1, 'Name required').max(100);
const shareSchema = z.number().int().min(0).max(1_000_000);
const percentSchema = z.number().min(0).max(100);

// ---- Entities (spec §3) ----

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
  users: z.array(groupMemberSchema),
  createdAt: z.string(),
  lastActivity: z.string(),
});

export const categorySchema = z.object({ id: z.string(), name: z.string(), nameRu: z.string() });

export const expenseItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  number: z.number(),
  amount: z.number(),
  splitMethod: itemSplitMethodSchema,
  splitJson: z.string(),
});

export const expenseSchema = z.object({
  id: idSchema,
  groupId: idSchema,
  name: z.string(),
  amount: z.number(),
  paidById: idSchema,
  participants: z.array(idSchema),
  splits: z.record(z.string(), z.number()),
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
  snapshot: z.string().nullable(),
  version: z.number().int(),
});

export const logEntrySchema = z.object({
  id: idSchema,
  date: z.string(),
  action: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  actor: z.object({ id: idSchema, name: z.string() }).nullable(),
});

export const notificationSchema = z.object({
  id: idSchema,
  type: z.literal('GROUP_INVITE'),
  payload: z.record(z.string(), z.unknown()),
});

export const inviteSchema = z.object({
  token: z.string(),
  expiresAt: z.string().nullable(),
  ttlSeconds: z.number().int().nullable(),
});

export const invitePreviewSchema = z.object({
  groupId: idSchema,
  groupName: z.string(),
  users: z.array(
    z.object({
      memberId: idSchema,
      id: idSchema.nullable(),
      name: z.string(),
      username: z.string().nullable(),
    }),
  ),
  alreadyMember: z.boolean(),
});

export const settlementSuggestionSchema = z.object({
  fromUserId: idSchema,
  toUserId: idSchema,
  amount: z.number(),
});

export const friendSchema = z.object({
  id: idSchema,
  name: z.string(),
  username: z.string(),
  telegramUsername: z.string().nullable(),
});

export const identitySchema = z.object({ id: idSchema, provider: z.string(), email: z.string().nullable() });

export const profileSchema = z.object({
  name: z.string(),
  username: z.string(),
  telegramUsername: z.string().nullable(),
});

export const passkeyStatusSchema = z.object({ linked: z.boolean(), count: z.number().int() });

export const memberStatsSchema = z.object({
  memberId: idSchema,
  name: z.string(),
  paid: z.number(),
  owed: z.number(),
  net: z.number(),
  removed: z.boolean(),
});

// ---- Inputs ----

export const registerInput = z.object({
  name: nameSchema,
  email: z.email('Please enter a valid email address').trim().toLowerCase().max(254),
  password: z.string().min(6, 'Use at least 6 characters').max(200),
  username: usernameSchema.optional(),
});

export const loginInput = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Enter your email').max(254),
  password: z.string().min(1, 'Enter your password').max(200),
});

export const updateProfileInput = z.object({
  name: nameSchema,
  username: usernameSchema,
  telegramUsername: z
    .string()
    .trim()
    .transform((v) => v.replace(/^@/, ''))
    .pipe(z.string().max(32))
    .nullish()
    .transform((v) => v || null),
});

export const newMemberInput = z.object({
  /** An account id, or a client's temporary id for a seat without an account. */
  id: z.string().max(64).nullish(),
  name: nameSchema,
  email: z.string().nullish(),
  isCurrentUser: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
  share: shareSchema.optional(),
});

export const createGroupInput = z.object({
  name: nameSchema,
  currency: currencyCodeSchema.default('RUB'),
  users: z.array(newMemberInput).max(200).default([]),
});

export const updateGroupInput = z.object({
  groupId: idSchema,
  /** A blank name is ignored (spec §4). */
  name: z.string().trim().max(100).optional(),
  currency: currencyCodeSchema.optional(),
  users: z
    .array(z.object({ id: idSchema.nullish(), memberId: idSchema.nullish(), share: shareSchema }))
    .max(500)
    .optional(),
});

export const expenseItemInput = z.object({
  id: idSchema.nullish(),
  name: z.string().trim().min(1).max(200),
  number: z.number().positive().max(1_000_000).default(1),
  amount: amountInputSchema,
  splitMethod: itemSplitMethodSchema,
  splitJson: z.string().max(20_000),
});

export const expenseInput = z.object({
  name: z.string().trim().max(200).default(''),
  amount: amountInputSchema,
  paidById: idSchema.nullish(),
  participants: z.array(idSchema).max(500).nullish(),
  splits: z.record(z.string(), amountInputSchema).nullish(),
  date: z.iso.datetime({ offset: true }).or(z.iso.date()).nullish(),
  notes: z.string().max(5000).nullish(),
  settlement: z.boolean().default(false),
  settlementFromId: idSchema.nullish(),
  settlementToId: idSchema.nullish(),
  category: z
    .union([z.object({ id: z.string().max(64), name: z.string().optional() }), z.string().max(64)])
    .nullish(),
  splitMethod: splitMethodSchema.default('shares'),
  sharesInput: z.record(z.string(), shareSchema).nullish(),
  percentagesInput: z.record(z.string(), percentSchema).nullish(),
  items: z.array(expenseItemInput).max(500).nullish(),
  snapshot: z.string().max(100_000).nullish(),
  /** Optimistic concurrency: when given, a stale version is refused with CONFLICT. */
  version: z.number().int().positive().optional(),
});

export type RegisterInput = z.infer<typeof registerInput>;
export type LoginInput = z.infer<typeof loginInput>;
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
export type CreateGroupInput = z.infer<typeof createGroupInput>;
export type UpdateGroupInput = z.infer<typeof updateGroupInput>;
export type ExpenseInput = z.infer<typeof expenseInput>;
export type ExpenseItemInput = z.infer<typeof expenseItemInput>;
export type Expense = z.infer<typeof expenseSchema>;
export type Group = z.infer<typeof groupSchema>;
export type GroupMember = z.infer<typeof groupMemberSchema>;
export type User = z.infer<typeof userSchema>;
export type LogEntry = z.infer<typeof logEntrySchema>;
export type MemberStats = z.infer<typeof memberStatsSchema>;
export type SettlementSuggestion = z.infer<typeof settlementSuggestionSchema>;
export type Category = z.infer<typeof categorySchema>;

export const addMemberInput = z.object({
  groupId: idSchema,
  name: nameSchema,
  /** Given: the member is that account (e.g. from friends) and joins as PENDING until they accept. */
  username: z.string().trim().min(1).max(64).nullish(),
  isAdmin: z.boolean().default(false),
});

/** A seat named by its member id, or by the id of the account holding it (the spec uses both). */
export const memberRefInput = z
  .object({ groupId: idSchema, memberId: idSchema.optional(), userId: idSchema.optional() })
  .refine((v) => !!v.memberId !== !!v.userId, { message: 'Give exactly one of memberId and userId' });

export type AddMemberInput = z.infer<typeof addMemberInput>;
export type MemberRefInput = z.infer<typeof memberRefInput>;
