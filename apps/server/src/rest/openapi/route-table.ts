/**
 * Every route of the REST facade (spec §7 and the few extra reads), described for the OpenAPI
 * document: bodies are the procedures' own zod inputs, answers the zod shapes of `../schemas.ts`
 * and `./responses.ts`. The OpenAPI test checks this table against the routes the server really
 * registers, in both directions.
 */
import type { ErrorCode } from '@dolya/api';
import { addMemberInput, createGroupInput, idSchema, updateGroupInput } from '@dolya/domain';
import { z } from 'zod';
import {
  balancesSchema,
  categorySchema,
  expenseBodySchema,
  expenseSchema,
  groupSchema,
  listedExpenseSchema,
  logEntrySchema,
  userSchema,
} from '../schemas';
import { procedureBody } from './procedure-input';
import {
  createdIdSchema,
  deletionPlanSchema,
  expenseCreatedSchema,
  expenseUpdatedSchema,
  friendSchema,
  fxRateSchema,
  groupRefSchema,
  identitySchema,
  importPreviewSchema,
  importResultSchema,
  inviteLinkSchema,
  invitePreviewSchema,
  memberAddedSchema,
  notificationSchema,
  oauthConfirmedSchema,
  okSchema,
  passkeyOptionsSchema,
  passkeyStatusSchema,
  providersSchema,
} from './responses';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDoc {
  method: Method;
  /** OpenAPI form: `{name}` is the Fastify route's `:name`. */
  path: string;
  tag: string;
  summary: string;
  /** Needs a signed-in session (401 UNAUTHORIZED otherwise). */
  auth: boolean;
  /** Path parameters that are not ids (ids are UUIDs). */
  params?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Sends an Idempotency-Key header through to the procedure (a retried create answers the first result). */
  idempotent?: boolean;
  /** The success answer: a JSON body, 204 (no body) or a 302 browser redirect. */
  ok:
    | { status: 200 | 201; schema: z.ZodType; description?: string }
    | { status: 204 | 302; description: string };
  /** Also answers 204 when there is nothing to return. */
  noContent?: string;
  /** The catalogue codes this route answers besides the ones every route of its kind can. */
  errors: ErrorCode[];
}

const json = (schema: z.ZodType, status: 200 | 201 = 200, description?: string) => ({
  status,
  schema,
  ...(description ? { description } : {}),
});
const none = (description: string) => ({ status: 204 as const, description });
const provider = { provider: z.enum(['google', 'yandex']) };
const inviteToken = { inviteToken: z.string().min(1).max(512) };
const memberAdmin = (action: 'make-admin' | 'revoke-admin'): RouteDoc => ({
  method: 'POST',
  path: `/api/groups/{id}/members/{userId}/${action}`,
  tag: 'Members',
  summary: action === 'make-admin' ? 'Grant admin rights to a member' : 'Revoke admin rights of a member',
  auth: true,
  ok: json(okSchema),
  errors: [
    'GROUP_NOT_FOUND',
    'FORBIDDEN',
    'NOT_FOUND',
    ...(action === 'revoke-admin' ? (['LAST_ADMIN'] as const) : []),
  ],
});
const notificationAction = (action: 'accept' | 'decline' | 'block'): RouteDoc => ({
  method: 'POST',
  path: `/api/notifications/${action}`,
  tag: 'Notifications',
  summary: `${action[0]!.toUpperCase()}${action.slice(1)} a group invitation`,
  auth: true,
  body: procedureBody(`notifications.${action}`),
  ok: json(groupRefSchema),
  errors: ['NOT_FOUND'],
});
const passkeySignIn = ['TOO_MANY_REQUESTS'] as const;

export const routeTable: RouteDoc[] = [
  // ---- Auth ----
  {
    method: 'GET',
    path: '/api/auth/me',
    tag: 'Auth',
    summary: 'The signed-in user',
    auth: true,
    ok: json(userSchema),
    errors: [],
  },
  {
    method: 'PUT',
    path: '/api/auth/me',
    tag: 'Auth',
    summary: 'Update the profile',
    auth: true,
    body: procedureBody('auth.updateProfile'),
    ok: json(userSchema),
    errors: ['USERNAME_TAKEN'],
  },
  {
    method: 'GET',
    path: '/api/auth/providers',
    tag: 'Auth',
    summary: 'Sign-in methods this server offers',
    auth: false,
    ok: json(providersSchema),
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'Auth',
    summary: 'Sign out',
    auth: false,
    ok: json(okSchema),
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    tag: 'Auth',
    summary: 'Create an account with email and password, and sign in',
    auth: false,
    body: procedureBody('auth.register'),
    ok: json(userSchema, 201),
    errors: ['EMAIL_TAKEN', 'USERNAME_TAKEN', 'TOO_MANY_REQUESTS'],
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    tag: 'Auth',
    summary: 'Sign in with email and password',
    auth: false,
    body: procedureBody('auth.login'),
    ok: json(userSchema),
    errors: ['INVALID_CREDENTIALS', 'ACCOUNT_BLOCKED', 'TOO_MANY_REQUESTS'],
  },
  // ---- Your data (issue 29) ----
  {
    method: 'GET',
    path: '/api/account/data',
    tag: 'Account',
    summary:
      'Everything held about you, as a JSON file to download (Content-Disposition: attachment): profile, sign-in methods without secrets, friends, seats, and every group you are in with its expenses and log',
    auth: true,
    ok: json(
      z.looseObject({ format: z.literal('dolya-account'), version: z.literal(1), exportedAt: z.string() }),
      200,
      'The JSON document itself (format "dolya-account", see packages/interchange/FORMATS.md)',
    ),
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/account/deletion-plan',
    tag: 'Account',
    summary: 'What deleting your account would do to each of your groups',
    auth: true,
    ok: json(deletionPlanSchema),
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/account/delete',
    tag: 'Account',
    summary:
      'Delete your account (type your username to confirm). Your seats stay in their groups under your name without an account, so balances stay whole; groups with nobody else are deleted; every session ends. Refused with LAST_ADMIN while you are the last admin of a group with other members',
    auth: true,
    body: procedureBody('account.delete'),
    ok: json(deletionPlanSchema),
    errors: ['LAST_ADMIN'],
  },
  {
    method: 'POST',
    path: '/api/auth/telegram',
    tag: 'Telegram',
    summary: 'Sign in with the Telegram login widget payload (the account is created on first use)',
    auth: false,
    body: procedureBody('telegram.login'),
    ok: json(userSchema),
    errors: ['TELEGRAM_AUTH_FAILED', 'TELEGRAM_DISABLED'],
  },
  {
    method: 'POST',
    path: '/api/auth/telegram/miniapp',
    tag: 'Telegram',
    summary: 'Sign in inside the mini app with its init data as key-value pairs',
    auth: false,
    body: procedureBody('telegram.miniapp'),
    ok: json(userSchema),
    errors: ['TELEGRAM_MINIAPP_AUTH_FAILED', 'TELEGRAM_NOT_LINKED', 'TELEGRAM_DISABLED'],
  },
  {
    method: 'POST',
    path: '/api/auth/telegram/miniapp/register',
    tag: 'Telegram',
    summary: 'Create an account for the mini app user, and sign in',
    auth: false,
    body: procedureBody('telegram.miniappRegister'),
    ok: json(userSchema, 201),
    errors: ['TELEGRAM_MINIAPP_REGISTER_FAILED', 'IDENTITY_ALREADY_LINKED', 'TELEGRAM_DISABLED'],
  },
  {
    method: 'POST',
    path: '/api/auth/telegram/link',
    tag: 'Telegram',
    summary: 'Link a Telegram account (widget payload or mini-app init data) to the signed-in user',
    auth: true,
    body: procedureBody('telegram.link'),
    ok: none('Linked'),
    errors: ['TELEGRAM_LINK_FAILED', 'IDENTITY_ALREADY_LINKED', 'TELEGRAM_DISABLED'],
  },

  // ---- OAuth ----
  {
    method: 'GET',
    path: '/api/oauth/{provider}/start',
    tag: 'OAuth',
    summary: 'Browser navigation: start signing in with Google or Yandex',
    auth: false,
    params: provider,
    query: z.object({ redirect: z.string().optional() }),
    ok: { status: 302, description: "To the provider's consent page (or back with ?oauth_error=...)" },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/oauth/{provider}/link/start',
    tag: 'OAuth',
    summary: 'Browser navigation: start linking a Google or Yandex account to the signed-in user',
    auth: false,
    params: provider,
    query: z.object({ redirect: z.string().optional() }),
    ok: { status: 302, description: "To the provider's consent page (or back with ?oauth_error=...)" },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/oauth/{provider}/callback',
    tag: 'OAuth',
    summary: "Browser navigation: the provider's redirect back",
    auth: false,
    params: provider,
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
    }),
    ok: {
      status: 302,
      description: 'To the page the flow started from, the sign-up confirmation, or with ?oauth_error=...',
    },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'POST',
    path: '/api/oauth/confirm',
    tag: 'OAuth',
    summary: 'Create the account of a pending OAuth sign-up, and sign in',
    auth: false,
    body: procedureBody('oauth.confirm'),
    ok: json(oauthConfirmedSchema),
    errors: ['OAUTH_CONFIRM_FAILED'],
  },

  // ---- Identities ----
  {
    method: 'GET',
    path: '/api/identities',
    tag: 'Identities',
    summary: 'External accounts linked to the user',
    auth: true,
    ok: json(z.array(identitySchema)),
    errors: [],
  },
  {
    method: 'DELETE',
    path: '/api/identities/{id}',
    tag: 'Identities',
    summary: 'Unlink an external account',
    auth: true,
    ok: none('Unlinked'),
    errors: ['NOT_FOUND', 'CANNOT_UNLINK_LAST_ACCOUNT'],
  },

  // ---- Passkeys ----
  {
    method: 'POST',
    path: '/api/passkey/register/options',
    tag: 'Passkeys',
    summary: 'WebAuthn creation options for a new account',
    auth: false,
    body: procedureBody('passkey.registerOptions'),
    ok: json(passkeyOptionsSchema),
    errors: ['USERNAME_TAKEN', ...passkeySignIn],
  },
  {
    method: 'POST',
    path: '/api/passkey/register/verify',
    tag: 'Passkeys',
    summary: 'Verify the attestation, create the account and sign in',
    auth: false,
    body: procedureBody('passkey.registerVerify'),
    ok: json(userSchema),
    errors: ['PASSKEY_REGISTER_FAILED', 'USERNAME_TAKEN', 'EMAIL_TAKEN'],
  },
  {
    method: 'POST',
    path: '/api/passkey/login/options',
    tag: 'Passkeys',
    summary: 'WebAuthn request options (by username, email, or usernameless)',
    auth: false,
    body: procedureBody('passkey.loginOptions'),
    ok: json(passkeyOptionsSchema),
    errors: [...passkeySignIn],
  },
  {
    method: 'POST',
    path: '/api/passkey/login/verify',
    tag: 'Passkeys',
    summary: 'Verify the assertion and sign in',
    auth: false,
    body: procedureBody('passkey.loginVerify'),
    ok: json(userSchema),
    errors: ['PASSKEY_VERIFY_FAILED', 'ACCOUNT_BLOCKED'],
  },
  {
    method: 'POST',
    path: '/api/passkey/link/register/options',
    tag: 'Passkeys',
    summary: 'WebAuthn creation options for a passkey of the signed-in user',
    auth: true,
    ok: json(passkeyOptionsSchema),
    errors: [...passkeySignIn],
  },
  {
    method: 'POST',
    path: '/api/passkey/link/register/verify',
    tag: 'Passkeys',
    summary: 'Verify the attestation and link the passkey',
    auth: true,
    body: procedureBody('passkey.linkVerify'),
    ok: json(passkeyStatusSchema),
    errors: ['PASSKEY_REGISTER_FAILED', 'PASSKEY_ALREADY_LINKED'],
  },
  {
    method: 'GET',
    path: '/api/passkey/linked',
    tag: 'Passkeys',
    summary: 'Whether the user has passkeys, and how many',
    auth: true,
    ok: json(passkeyStatusSchema),
    errors: [],
  },
  {
    method: 'DELETE',
    path: '/api/passkey/unlink',
    tag: 'Passkeys',
    summary: "Remove all of the user's passkeys",
    auth: true,
    ok: none('Removed'),
    errors: ['CANNOT_UNLINK_LAST_ACCOUNT'],
  },

  // ---- Groups ----
  {
    method: 'GET',
    path: '/api/groups',
    tag: 'Groups',
    summary: "The user's groups, most recently active first",
    auth: true,
    ok: json(z.array(groupSchema)),
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/groups',
    tag: 'Groups',
    summary: 'Create a group with its first members',
    auth: true,
    idempotent: true,
    body: createGroupInput,
    ok: json(createdIdSchema, 201),
    errors: ['INVALID_MEMBER', 'BLOCKED_BY_USER', 'CONFLICT'],
  },
  {
    method: 'POST',
    path: '/api/groups/import',
    tag: 'Groups',
    summary:
      "Import a Splitwise CSV, Spliit CSV or Spliit JSON export into a new group, or into a group you administer; with dryRun, the preview. `content` is the file as text, at most 400,000 characters; `rates` gives group-currency units per unit of each foreign currency (else the server's rate of each row's date)",
    auth: true,
    idempotent: true,
    body: procedureBody('imports.run'),
    ok: json(z.union([importPreviewSchema, importResultSchema])),
    errors: [
      'IMPORT_INVALID_FILE',
      'RATE_REQUIRED',
      'INVALID_RATE',
      'INVALID_MEMBER',
      'IMPORT_ALREADY_DONE',
      'GROUP_NOT_FOUND',
      'FORBIDDEN',
      'CONFLICT',
    ],
  },
  {
    method: 'GET',
    path: '/api/groups/{id}',
    tag: 'Groups',
    summary: 'One group with its members',
    auth: true,
    ok: json(groupSchema),
    errors: ['GROUP_NOT_FOUND'],
  },
  {
    method: 'PUT',
    path: '/api/groups/{id}',
    tag: 'Groups',
    summary: "Change the group's name, currency, time zone and members' shares (admins)",
    auth: true,
    body: updateGroupInput.omit({ groupId: true }),
    ok: json(groupSchema),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'INVALID_MEMBER'],
  },
  {
    method: 'DELETE',
    path: '/api/groups/{id}',
    tag: 'Groups',
    summary: 'Delete the group (admins)',
    auth: true,
    ok: none('Deleted'),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  },
  {
    method: 'GET',
    path: '/api/groups/{id}/categories',
    tag: 'Groups',
    summary: 'Expense categories of the group',
    auth: true,
    ok: json(z.array(categorySchema)),
    errors: ['GROUP_NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/groups/{id}/logs',
    tag: 'Groups',
    summary: "The group's activity log, newest first",
    auth: true,
    ok: json(z.array(logEntrySchema)),
    errors: ['GROUP_NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/groups/{id}/balances',
    tag: 'Groups',
    summary: "Members' totals and the suggested settlements",
    auth: true,
    ok: json(balancesSchema),
    errors: ['GROUP_NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/groups/{id}/export',
    tag: 'Groups',
    summary:
      "The group as a file to download (Content-Disposition: attachment): `csv` in Splitwise's layout (UTF-8 with BOM, text/csv) or `json` with everything (application/json)",
    auth: true,
    query: z.object({ format: z.enum(['csv', 'json']) }),
    ok: json(
      z.string(),
      200,
      'The file itself: a CSV text or a JSON document (see packages/interchange/FORMATS.md)',
    ),
    errors: ['GROUP_NOT_FOUND'],
  },

  // ---- Members ----
  {
    method: 'POST',
    path: '/api/groups/{id}/members',
    tag: 'Members',
    summary: 'Add a member: a seat by name, or an account by username (joins as PENDING until accepted)',
    auth: true,
    idempotent: true,
    body: addMemberInput.omit({ groupId: true }),
    ok: json(memberAddedSchema, 201),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'USERNAME_NOT_FOUND', 'BLOCKED_BY_USER', 'CONFLICT'],
  },
  {
    method: 'DELETE',
    path: '/api/groups/{id}/members/{userId}',
    tag: 'Members',
    summary: "Remove a member by their account's id",
    auth: true,
    ok: none('Removed'),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'NOT_FOUND', 'LAST_ADMIN'],
  },
  {
    method: 'DELETE',
    path: '/api/groups/{id}/members/by-member/{memberId}',
    tag: 'Members',
    summary: 'Remove a member by member id (seats without an account too)',
    auth: true,
    ok: none('Removed'),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'NOT_FOUND', 'LAST_ADMIN'],
  },
  memberAdmin('make-admin'),
  memberAdmin('revoke-admin'),

  // ---- Expenses ----
  {
    method: 'GET',
    path: '/api/groups/{id}/expenses',
    tag: 'Expenses',
    summary:
      'Expenses, newest first, without snapshots; with q, member, category, from, to only the matching ones. Without limit and cursor: the whole list; with them: one page, the next linked by a `Link: <...>; rel="next"` header (which keeps the search)',
    auth: true,
    query: z.object({
      limit: z
        .string()
        .regex(/^\d{1,3}$/)
        .optional()
        .describe('Page size, 1 to 200 (50 when only a cursor is given)'),
      cursor: z.string().optional().describe('From the previous page\'s `rel="next"` link'),
      q: z
        .string()
        .max(100)
        .optional()
        .describe('Search: text in the name or notes (case-insensitive, ё as е)'),
      member: z.uuid().optional().describe('Only expenses this member (member id) paid or has a part in'),
      category: z.string().optional().describe('Only expenses of this category id'),
      from: z.iso.date().optional().describe('Only expenses on this day or later (YYYY-MM-DD, in `tz`)'),
      to: z.iso.date().optional().describe('Only expenses on this day or earlier (YYYY-MM-DD, in `tz`)'),
      tz: z.string().optional().describe('Time zone of `from` and `to` (IANA name, UTC by default)'),
    }),
    ok: json(z.array(listedExpenseSchema)),
    errors: ['GROUP_NOT_FOUND'],
  },
  {
    method: 'POST',
    path: '/api/groups/{id}/expenses',
    tag: 'Expenses',
    summary: 'Add an expense or a settlement (money as decimal numbers or strings)',
    auth: true,
    idempotent: true,
    body: expenseBodySchema,
    ok: json(expenseCreatedSchema, 201),
    errors: [
      'GROUP_NOT_FOUND',
      'INVALID_AMOUNT',
      'INVALID_SPLIT',
      'INVALID_MEMBER',
      'UNBALANCED',
      'CONFLICT',
      'INVALID_RATE',
      'INVALID_CURRENCY',
      'RATE_UNAVAILABLE',
      'INVALID_RECURRENCE',
    ],
  },
  {
    method: 'GET',
    path: '/api/fx/rate',
    tag: 'Expenses',
    summary:
      'The exchange rate of a day (group-currency units for one unit of `from`), from the rates provider, cached',
    auth: true,
    query: z.object({
      from: z.string().describe('ISO 4217 code of the currency paid in'),
      to: z.string().describe("ISO 4217 code of the group's currency"),
      date: z.iso.date().describe('YYYY-MM-DD; the answer says the date the rate is of'),
    }),
    ok: json(fxRateSchema),
    errors: ['INVALID_CURRENCY', 'RATE_UNAVAILABLE'],
  },
  {
    method: 'GET',
    path: '/api/groups/expenses/{id}',
    tag: 'Expenses',
    summary: 'One expense in full, snapshot included',
    auth: true,
    ok: json(expenseSchema),
    errors: ['EXPENSE_NOT_FOUND'],
  },
  {
    method: 'PUT',
    path: '/api/groups/expenses/{id}',
    tag: 'Expenses',
    summary: 'Replace an expense (with `version`, a stale edit is refused with CONFLICT)',
    auth: true,
    body: expenseBodySchema,
    ok: json(expenseUpdatedSchema),
    errors: [
      'EXPENSE_NOT_FOUND',
      'INVALID_AMOUNT',
      'INVALID_SPLIT',
      'INVALID_MEMBER',
      'UNBALANCED',
      'CONFLICT',
      'INVALID_RATE',
      'INVALID_CURRENCY',
      'RATE_UNAVAILABLE',
      'INVALID_RECURRENCE',
    ],
  },
  {
    method: 'DELETE',
    path: '/api/groups/expenses/{id}',
    tag: 'Expenses',
    summary: 'Delete an expense',
    auth: true,
    ok: none('Deleted'),
    errors: ['EXPENSE_NOT_FOUND'],
  },
  {
    method: 'DELETE',
    path: '/api/groups/{id}/recurring/{seriesId}',
    tag: 'Expenses',
    summary: 'Stop a recurring series (issue 28): no more occurrences; the expenses made stay',
    auth: true,
    ok: none('Stopped (stopping a stopped series again changes nothing)'),
    errors: ['GROUP_NOT_FOUND', 'NOT_FOUND'],
  },

  // ---- Users and friends ----
  {
    method: 'GET',
    path: '/api/users/lookup',
    tag: 'Friends',
    summary: 'Find a user by username (case-insensitive)',
    auth: true,
    query: z.object({ username: z.string().min(1).max(64) }),
    ok: json(friendSchema),
    errors: ['USERNAME_NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/friends',
    tag: 'Friends',
    summary: "The user's friends",
    auth: true,
    ok: json(z.array(friendSchema)),
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/friends',
    tag: 'Friends',
    summary: 'Add a friend by username',
    auth: true,
    body: procedureBody('friends.add'),
    ok: json(friendSchema, 201),
    errors: ['USERNAME_NOT_FOUND'],
  },
  {
    method: 'DELETE',
    path: '/api/friends/{id}',
    tag: 'Friends',
    summary: "Remove from the user's own list",
    auth: true,
    ok: none('Removed'),
    errors: [],
  },

  // ---- Invites ----
  {
    method: 'POST',
    path: '/api/invites/group/{groupId}',
    tag: 'Invites',
    summary: "Create the group's invite link (admins); the previous one stops working",
    auth: true,
    idempotent: true,
    body: procedureBody('invites.create', ['groupId']),
    ok: json(inviteLinkSchema, 201),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
  },
  {
    method: 'GET',
    path: '/api/invites/group/{groupId}',
    tag: 'Invites',
    summary: "The group's live invite link (admins)",
    auth: true,
    ok: json(inviteLinkSchema),
    noContent: 'The group has no live invite link',
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  },
  {
    method: 'DELETE',
    path: '/api/invites/group/{groupId}',
    tag: 'Invites',
    summary: "Revoke the group's invite link (admins)",
    auth: true,
    ok: none('Revoked'),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  },
  {
    method: 'GET',
    path: '/api/invites/{inviteToken}',
    tag: 'Invites',
    summary: "An invite's group and seats (no sign-in needed)",
    auth: false,
    params: inviteToken,
    ok: json(invitePreviewSchema),
    errors: ['INVITE_INVALID'],
  },
  {
    method: 'POST',
    path: '/api/invites/{inviteToken}/claim/{memberId}',
    tag: 'Invites',
    summary: 'Take over a seat without an account',
    auth: true,
    params: inviteToken,
    ok: json(groupRefSchema),
    errors: ['INVITE_INVALID', 'SEAT_TAKEN', 'NOT_FOUND', 'CONFLICT'],
  },
  {
    method: 'POST',
    path: '/api/invites/{inviteToken}/join-new',
    tag: 'Invites',
    summary: 'Join as a new member',
    auth: true,
    params: inviteToken,
    ok: json(groupRefSchema),
    errors: ['INVITE_INVALID', 'CONFLICT'],
  },

  // ---- Notifications ----
  {
    method: 'GET',
    path: '/api/notifications',
    tag: 'Notifications',
    summary: 'Open group invitations, newest first',
    auth: true,
    ok: json(z.array(notificationSchema)),
    errors: [],
  },
  notificationAction('accept'),
  notificationAction('decline'),
  notificationAction('block'),
];

/** Path parameters of a route, in order, with their schemas (ids unless the route says otherwise). */
export function pathParams(route: RouteDoc): [string, z.ZodType][] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, route.params?.[name!] ?? idSchema]);
}
