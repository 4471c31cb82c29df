/**
 * Shapes of the REST answers that have no zod schema of their own in `../schemas.ts`: what the
 * procedures return and the routes pass through unchanged. Documentation only (nothing parses
 * answers with them); the OpenAPI test checks real answers against them, so they cannot drift.
 */
import { errorStatus } from '@dolya/api';
import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { userSchema } from '../schemas';

export const errorBodySchema = z.object({
  code: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]]),
  message: z.string(),
  /** The input field at fault, when there is one. */
  field: z.string().optional(),
  /** The request's id (also in the x-request-id header), for finding its log lines. */
  requestId: z.string().optional(),
});

export const okSchema = z.object({ ok: z.literal(true) });
export const createdIdSchema = z.object({ id: idSchema });
/** Issue 28: seriesId, the series the expense is the first occurrence of, only when sent with a recurrence. */
export const expenseCreatedSchema = z.object({ id: idSchema, seriesId: idSchema.optional() });
/** Issue 28: seriesId, the expense's series after the edit, only when it is in one. */
export const expenseUpdatedSchema = z.object({
  id: idSchema,
  version: z.number().int(),
  seriesId: idSchema.optional(),
});
export const memberAddedSchema = z.object({ memberId: idSchema });
export const groupRefSchema = z.object({ groupId: idSchema });

export const providersSchema = z.object({
  google: z.boolean(),
  yandex: z.boolean(),
  telegram: z.object({ botUsername: z.string() }).nullable(),
  passkey: z.boolean(),
  /** Resetting a forgotten password by mail is offered (production needs SMTP_URL for it). */
  passwordReset: z.boolean(),
});

export const oauthConfirmedSchema = z.object({
  user: userSchema,
  /** Same-site path the sign-in wanted to end on. */
  redirect: z.string(),
});

export const identitySchema = z.object({
  id: idSchema,
  provider: z.enum(['GOOGLE', 'YANDEX', 'TELEGRAM']),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
});

/** A user as others see them: no email. */
export const friendSchema = z.object({
  id: idSchema,
  name: z.string(),
  username: z.string(),
  telegramUsername: z.string().nullable(),
});

export const notificationSchema = z.object({
  id: idSchema,
  type: z.literal('GROUP_INVITE'),
  payload: z
    .object({ groupName: z.string(), groupId: idSchema, senderName: z.string(), memberId: idSchema })
    .loose(),
});

export const inviteLinkSchema = z.object({
  token: z.string(),
  /** ISO time; null when the link never expires. */
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

export const passkeyStatusSchema = z.object({ linked: z.boolean(), count: z.number().int() });

/** WebAuthn options as @simplewebauthn/server makes them, for @simplewebauthn/browser to use as they are. */
export const passkeyOptionsSchema = z.object({ challenge: z.string() }).loose();

/** GET /api/fx/rate (issue 26): the rate as an exact decimal string, its date and where it came from. */
export const fxRateSchema = z.object({
  rate: z
    .string()
    .describe('Units of `to` for one unit of `from`, a decimal of at most 12 significant digits'),
  date: z.string().describe('The date the rate is of (YYYY-MM-DD): a weekend gets the last working day'),
  source: z.string().describe("'frankfurter' (the provider), or 'identity' for one currency both ways"),
});

const importPerson = z.object({
  key: z.string().describe('The person\'s key in this file ("p1", "p2"…), for memberMap'),
  name: z.string(),
  balances: z.array(z.object({ currency: z.string(), amount: z.number() })),
  suggestedMemberId: z
    .string()
    .nullable()
    .describe('A seat of the group of the same name, "me", or null: a new seat without an account'),
});

/** POST /api/groups/import with dryRun (issue 29): what the import would do; nothing is written. */
export const importPreviewSchema = z
  .object({
    format: z.enum(['splitwise-csv', 'spliit-csv', 'spliit-json']),
    language: z.string(),
    groupName: z.string().optional(),
    groupCurrency: z.string(),
    people: z.array(importPerson),
    members: z.array(z.object({ id: idSchema, name: z.string(), isMe: z.boolean() })),
    expenseCount: z.number().int(),
    settlementCount: z.number().int(),
    currencies: z.array(
      z.object({
        currency: z.string(),
        rows: z.number().int(),
        foreign: z.boolean(),
        needsRate: z.boolean(),
      }),
    ),
    dateRange: z.object({ from: z.string(), to: z.string() }).optional(),
    balances: z.array(z.object({ currency: z.string(), nets: z.record(z.string(), z.number()) })),
    skippedLines: z.array(z.number().int()),
    problems: z.array(z.object({ line: z.number().int(), code: z.string(), message: z.string() })),
    totalsDifferences: z.array(
      z.object({ currency: z.string(), key: z.string(), file: z.number(), imported: z.number() }),
    ),
    alreadyImported: z.boolean(),
  })
  .describe('The preview (dryRun: true)');

/** POST /api/groups/import (issue 29): what was written. */
export const importResultSchema = z
  .object({
    groupId: idSchema,
    expenses: z.number().int(),
    settlements: z.number().int(),
    skippedLines: z.array(z.number().int()).describe('Lines left out: unreadable, or changing no balance'),
  })
  .describe('The import (dryRun absent or false)');

const groupNameRef = z.object({ id: idSchema, name: z.string() });
/** What deleting the account would do (or did) to each group the person sits in. */
export const deletionPlanSchema = z.object({
  blocking: z
    .array(groupNameRef)
    .describe('Groups where you are the last admin and others remain: deletion is refused'),
  deleted: z.array(groupNameRef).describe('Groups with nobody else in them: deleted with the account'),
  kept: z.array(groupNameRef).describe('Groups where your seat stays, under your name, without an account'),
});
