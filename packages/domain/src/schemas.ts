import { z } from 'zod';
import { isCurrencyCode } from './currencies';
import { splitDecimal } from './decimal';
import {
  hasUnsafeNameCharacters,
  hasUnsafeNotesCharacters,
  isVisiblyEmpty,
  UNSAFE_NAME_MESSAGE,
  UNSAFE_NOTES_MESSAGE,
} from './display-text';
import { MAX_SHARE } from './limits';
import { recurrenceUnits } from './recurrence';

/** Ids are UUIDs; z.guid accepts any 8-4-4-4-12 hex form (the nil id included) without version checks. */
export const idSchema = z.guid();
/** Money over tRPC: whole cents. Range and sign are the services' rules (checkCents), so both edges share them. */
export const centsSchema = z.number().int();
/** Decimal money as the REST edge takes it: a number or a string ("1 200,50"); parsed exactly by parseAmount. */
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
/**
 * A name others see (display-text.ts): trimmed, at most `max` characters, no control characters,
 * line breaks or bidi controls; '' only where `optional`, and never only invisible characters.
 */
export function displayNameSchema(max: number, { optional = false } = {}) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((text) => !hasUnsafeNameCharacters(text), UNSAFE_NAME_MESSAGE)
    .refine((text) => (optional && text === '') || !isVisiblyEmpty(text), 'Name required');
}
const nameSchema = displayNameSchema(100);
export const notesSchema = z
  .string()
  .max(5000)
  .refine((text) => !hasUnsafeNotesCharacters(text), UNSAFE_NOTES_MESSAGE);
const shareSchema = z.number().int().min(0).max(MAX_SHARE);
const percentSchema = z.number().min(0).max(100);

// ---- Inputs ----

const emailSchema = z.email('Please enter a valid email address').trim().toLowerCase().max(254);
/** A password someone chooses: the rule of sign-up, of a change and of a reset. */
export const newPasswordSchema = z.string().min(6, 'Use at least 6 characters').max(200);

export const registerInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
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
  name: displayNameSchema(100, { optional: true }).optional(),
  currency: currencyCodeSchema.optional(),
  users: z
    .array(z.object({ id: idSchema.nullish(), memberId: idSchema.nullish(), share: shareSchema }))
    .max(500)
    .optional(),
  /** The IANA zone the group's days are in (recurring expenses, issue 28). */
  timeZone: z
    .string()
    .max(64)
    .refine((name) => isTimeZone(name), 'unknown time zone')
    .optional(),
});

/** A member id inside an item split; whether it is a seat of the group is the service's check. */
const splitMemberId = z.string().min(1).max(64);

/** How one item is shared, money in cents (packages/domain/src/item-split.ts). */
export const itemSplitSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('members'), memberIds: z.array(splitMemberId).max(500) }),
  z.object({ method: z.literal('amounts'), cents: z.record(splitMemberId, centsSchema) }),
  z.object({ method: z.literal('shares'), shares: z.record(splitMemberId, shareSchema) }),
  z.object({ method: z.literal('percentages'), percents: z.record(splitMemberId, percentSchema) }),
]);

/** A quantity as stored (numeric(12, 3)): above 0, at most 3 decimals, so it reads back as sent. */
const quantitySchema = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((n) => (splitDecimal(String(n))?.fraction.length ?? 4) <= 3, 'At most 3 decimals');

/** A receipt position as first recognised (the snapshot): no id, never edited. */
export const snapshotItemInput = z.object({
  name: displayNameSchema(200),
  number: quantitySchema.default(1),
  amountCents: centsSchema,
  split: itemSplitSchema,
});

/**
 * The recognised receipt (its items as first read) is kept for the "original" toggle. A till
 * receipt has well under 200 lines; the editable items are stored apart and not limited by this.
 */
export const SNAPSHOT_MAX_ITEMS = 200;

/** A receipt position; with an id it is that stored item of the expense, kept under its id. */
export const expenseItemInput = snapshotItemInput.extend({ id: idSchema.nullish() });

/** One payer of an expense (issue 26): a seat and what they paid, in the group's currency. */
export const payerInput = z.object({ memberId: idSchema, amountCents: centsSchema });

/**
 * An expense paid in another currency (issue 26): the amount as paid, the rate (group units for
 * one unit of it; a decimal text, exact, checked by parseRate), its date and how it was had.
 */
export const originalInput = z.object({
  currency: currencyCodeSchema,
  amountCents: centsSchema,
  rate: z.union([z.string().max(40), z.number()]),
  rateDate: z.iso.date(),
  rateSource: z.enum(['manual', 'fetched']).default('manual'),
});

export const expenseInput = z.object({
  name: displayNameSchema(200, { optional: true }).default(''),
  amountCents: centsSchema,
  paidById: idSchema.nullish(),
  /**
   * Several payers (issue 26), summing exactly to amountCents. Absent or only one: paidById (else
   * that one) paid it all, whatever amount it names. With several, "the payer" (paidById, a split's
   * remainder) is the one who paid the most, and paidById is not read.
   */
  payers: z.array(payerInput).max(500).nullish(),
  /** Paid in another currency; amountCents must then be round_half_up(original × rate). */
  original: originalInput.nullish(),
  participants: z.array(idSchema).max(500).nullish(),
  /** Per-member cents, read in amounts mode only. */
  splitCents: z.record(z.string(), centsSchema).nullish(),
  date: z.iso.datetime({ offset: true }).or(z.iso.date()).nullish(),
  notes: notesSchema.nullish(),
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
  /** The items as first recognised: set when the expense is created, never changed afterwards. */
  snapshot: z.array(snapshotItemInput).max(SNAPSHOT_MAX_ITEMS).nullish(),
  /** Optimistic concurrency: when given, a stale version is refused with CONFLICT. */
  version: z.number().int().positive().optional(),
});

/**
 * A repeat rule sent with an expense (issue 28): every `every` `unit`s from the expense's day, until
 * a day (included), for `count` occurrences (the first counted), or without end. Its values are
 * judged by checkRecurrence (INVALID_RECURRENCE naming `every`, `until` or `count`), not here.
 */
export const recurrenceInput = z.object({
  every: z.number(),
  unit: z.enum(recurrenceUnits),
  until: z.iso.date().nullish(),
  count: z.number().nullish(),
});
export type RecurrenceInput = z.infer<typeof recurrenceInput>;

/** Which expenses of a series an edit changes: only this one, or this one, the later ones and the template. */
export const seriesScopes = ['this', 'following'] as const;
export type SeriesScope = (typeof seriesScopes)[number];

export type RegisterInput = z.infer<typeof registerInput>;
export type LoginInput = z.infer<typeof loginInput>;
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
export type CreateGroupInput = z.infer<typeof createGroupInput>;
export type UpdateGroupInput = z.infer<typeof updateGroupInput>;
export type ExpenseInput = z.infer<typeof expenseInput>;
export type PayerInput = z.infer<typeof payerInput>;
export type OriginalInput = z.infer<typeof originalInput>;
export type ExpenseItemInput = z.infer<typeof expenseItemInput>;
export type SnapshotItem = z.infer<typeof snapshotItemInput>;

export const addMemberInput = z.object({
  groupId: idSchema,
  name: nameSchema,
  /** Given: the member is that account (e.g. from friends) and joins as PENDING until they accept. */
  username: z.string().trim().min(1).max(64).nullish(),
  isAdmin: z.boolean().default(false),
});

/** A new name for a member without an account (issue 27); an account's holder names themselves. */
export const renameMemberInput = z.object({ groupId: idSchema, memberId: idSchema, name: nameSchema });
export type RenameMemberInput = z.infer<typeof renameMemberInput>;

/** A seat named by its member id, or by the id of the account holding it (the spec uses both). */
export const memberRefInput = z
  .object({ groupId: idSchema, memberId: idSchema.optional(), userId: idSchema.optional() })
  .refine((v) => !!v.memberId !== !!v.userId, { message: 'Give exactly one of memberId and userId' });

export type AddMemberInput = z.infer<typeof addMemberInput>;
export type MemberRefInput = z.infer<typeof memberRefInput>;

/** A name the runtime's time zone data knows ("Europe/Moscow", "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The longest text the expense search takes; longer text matches nothing a person typed. */
export const SEARCH_TEXT_MAX = 100;

/**
 * Which of a group's expenses the list shows (every field optional; all given ones must hold):
 * `text` in the name or notes (case-insensitive, ё as е), `memberId` paid or has a part,
 * `categoryId`, and calendar days from `dateFrom` to `dateTo` (inclusive, "YYYY-MM-DD") in
 * `timeZone` (the viewer's; UTC when absent).
 */
export const expenseFilterInput = z
  .object({
    text: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
    memberId: idSchema.optional(),
    categoryId: z.string().min(1).max(64).optional(),
    dateFrom: z.iso.date().optional(),
    dateTo: z.iso.date().optional(),
    timeZone: z.string().max(64).refine(isTimeZone, 'unknown time zone').optional(),
  })
  .refine((f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo, {
    message: 'dateTo: the range ends before it starts',
    path: ['dateTo'],
  });

export type ExpenseFilter = z.infer<typeof expenseFilterInput>;

/** A new password: with the current one, or the first one (with an email when the account has none). */
export const changePasswordInput = z.object({
  currentPassword: z.string().max(200).optional(),
  newPassword: newPasswordSchema,
  email: emailSchema.optional(),
});

/** Asks for a reset link by mail, written in the app's language. */
export const requestPasswordResetInput = z.object({
  email: emailSchema,
  language: z.enum(['ru', 'en']).default('ru'),
});

/** The secret of a reset link (43 characters of base64url as made) and the new password. */
export const resetPasswordInput = z.object({
  token: z.string().min(20).max(200),
  newPassword: newPasswordSchema,
});
