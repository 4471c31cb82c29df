import { randomInt } from 'node:crypto';
import { type Database, users } from '@dolya/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/routers';
import { createDraft } from '../src/services/bot-drafts';
import { bindChat } from '../src/services/telegram-chats';
import { adminCaller, botCaller, linkedBot, newTelegramId, senderlessBot } from './actors';
import { type Caller, callerWithToken, refusal, setStatus, snapshot, trio, unknownId } from './fixtures';
import { browser, signUp, useTestDatabase } from './harness';

/**
 * Who may call what. Every procedure of the router must appear here exactly once, so a new
 * procedure cannot slip by without its access rule being tested:
 * - public: works signed out;
 * - account: needs a session but reaches no group (nothing to steal);
 * - group: reaches a group or an expense, and must refuse anyone without an ACTIVE seat there;
 * - bot: the bot's own procedures (the bot namespace; no other client may call them);
 * - admin: admin scripts only.
 * `bot: true` marks what the bot may call for a linked account (trpc.ts); it is refused the rest.
 * In the bot namespace, `linked: true` marks what needs a linked account (botUserProcedure), and
 * `group: true` what reaches a group or a draft, so it must refuse the bot acting for anyone
 * without an active seat there.
 */
interface Target {
  groupId: string;
  expenseId: string;
  /** An expense of the group that was deleted (Alice's), for expenses.restore. */
  deletedExpenseId: string;
  /** An open bot draft of the admin (Alice) in the target group. */
  draftId: string;
  /** Seats of the target group, in group order. */
  seats: [string, string, string];
  /** The account of the second seat (Bob). */
  userId: string;
  /** A Telegram group chat Alice connected to the target group. */
  chatId: string;
  /** A recurring series of the group (Alice's, made from another expense). */
  seriesId: string;
}
type Scope = 'public' | 'account' | 'group' | 'bot' | 'admin';
interface Rule {
  scope: Scope;
  bot?: true;
  linked?: true;
  group?: true;
  /** Past the access check, the admin's call stops at this code: the walk's world lacks what it needs (a bot). */
  adminRefusal?: string;
  input: (t: Target) => unknown;
}
const table: Record<string, Rule> = {
  'auth.register': {
    scope: 'public',
    input: () => ({ name: 'Eve', email: `eve-${unknownId()}@example.com`, password: 'long enough' }),
  },
  'auth.login': { scope: 'public', input: () => ({ email: 'nobody@example.com', password: 'whatever' }) },
  'auth.logout': { scope: 'public', input: () => undefined },
  'auth.me': { scope: 'account', input: () => undefined },
  'auth.providers': { scope: 'public', input: () => undefined },
  'auth.updateProfile': {
    scope: 'account',
    input: () => ({ name: 'Eve', username: `eve_${unknownId().slice(0, 8)}` }),
  },
  'auth.passwordStatus': { scope: 'account', input: () => undefined },
  'auth.changePassword': {
    scope: 'account',
    input: () => ({ currentPassword: 'not the password', newPassword: 'long enough' }),
  },
  'auth.removePassword': { scope: 'account', input: () => undefined },
  'auth.requestPasswordReset': { scope: 'public', input: () => ({ email: 'nobody@example.com' }) },
  'auth.checkResetLink': { scope: 'public', input: () => ({ token: 'made-up-token' }) },
  'auth.resetPassword': {
    scope: 'public',
    input: () => ({ token: 'made-up-token-made-up-token', newPassword: 'long enough' }),
  },
  // "Your data" (issue 29): the caller's own account only; deleting asks for their own username.
  'account.data': { scope: 'account', input: () => undefined },
  'account.deletionPlan': { scope: 'account', input: () => undefined },
  'account.delete': { scope: 'account', input: () => ({ username: 'not_the_callers' }) },
  'identities.list': { scope: 'account', input: () => undefined },
  'identities.unlink': { scope: 'account', input: () => ({ id: unknownId() }) },
  // Telegram data is checked before anything else, so made-up payloads are enough here.
  'telegram.login': { scope: 'public', input: () => ({ id: 1, first_name: 'Eve', auth_date: 1, hash: 'x' }) },
  'telegram.miniapp': { scope: 'public', input: () => ({ user: '{"id":1}', auth_date: '1', hash: 'x' }) },
  'telegram.miniappRegister': {
    scope: 'public',
    input: () => ({ user: '{"id":1}', auth_date: '1', hash: 'x' }),
  },
  'telegram.link': { scope: 'account', input: () => ({ id: 1, first_name: 'Eve', auth_date: 1, hash: 'x' }) },
  // Passkey ceremonies: made-up WebAuthn answers fail their checks, which is enough for the access rule.
  'passkey.registerOptions': { scope: 'public', input: () => ({ name: `eve_${unknownId().slice(0, 8)}` }) },
  'passkey.registerVerify': { scope: 'public', input: () => fakeAttestation() },
  'passkey.loginOptions': { scope: 'public', input: () => ({}) },
  'passkey.loginVerify': { scope: 'public', input: () => fakeAssertion() },
  'passkey.linkOptions': { scope: 'account', input: () => undefined },
  'passkey.linkVerify': { scope: 'account', input: () => fakeAttestation() },
  'passkey.linked': { scope: 'account', input: () => undefined },
  'passkey.unlink': { scope: 'account', input: () => undefined },
  // A made-up sign-up token is refused with OAUTH_CONFIRM_FAILED, which is enough for the access rule.
  'oauth.confirm': { scope: 'public', input: () => ({ token: 'made-up-token' }) },
  // Friends, user lookup and notifications act on the caller's own rows (recipient-only rules: social.test.ts).
  'users.lookup': { scope: 'account', input: () => ({ username: `nobody_${unknownId().slice(0, 8)}` }) },
  'friends.list': { scope: 'account', input: () => undefined },
  'friends.add': { scope: 'account', input: () => ({ username: `nobody_${unknownId().slice(0, 8)}` }) },
  'friends.remove': { scope: 'account', input: () => ({ id: unknownId() }) },
  'notifications.list': { scope: 'account', input: () => undefined },
  // A rate is the same for everyone and names no group (the same currency both ways: no provider call).
  'fx.rate': { scope: 'account', input: () => ({ from: 'EUR', to: 'EUR', date: '2026-11-28' }) },
  'notifications.accept': { scope: 'account', input: () => ({ notificationId: unknownId() }) },
  'notifications.decline': { scope: 'account', input: () => ({ notificationId: unknownId() }) },
  'notifications.block': { scope: 'account', input: () => ({ notificationId: unknownId() }) },
  'groups.list': { scope: 'account', bot: true, input: () => undefined },
  'groups.create': { scope: 'account', input: () => ({ name: 'Mine', users: [{ name: 'Pal' }] }) },

  'groups.get': { scope: 'group', bot: true, input: (t) => ({ groupId: t.groupId }) },
  'groups.update': {
    scope: 'group',
    input: (t) => ({
      groupId: t.groupId,
      name: 'Hijacked',
      currency: 'USD',
      users: [{ memberId: t.seats[2], share: 9 }],
    }),
  },
  'groups.delete': { scope: 'group', input: (t) => ({ groupId: t.groupId }) },
  // Into an existing group: its admins only (a member who is not one: imports.test.ts).
  'imports.run': {
    scope: 'group',
    input: (t) => ({
      groupId: t.groupId,
      format: 'splitwise-csv',
      content: 'Date,Description,Category,Cost,Currency,Ann,Bo\n2026-01-02,Tea,General,4.00,EUR,2.00,-2.00\n',
    }),
  },
  'groupExport.file': { scope: 'group', input: (t) => ({ groupId: t.groupId, format: 'json' }) },
  'expenses.list': { scope: 'group', bot: true, input: (t) => ({ groupId: t.groupId, limit: 1 }) },
  'expenses.get': {
    scope: 'group',
    bot: true,
    input: (t) => ({ groupId: t.groupId, expenseId: t.expenseId }),
  },
  'expenses.locate': { scope: 'group', bot: true, input: (t) => ({ expenseId: t.expenseId }) },
  'expenses.create': {
    scope: 'group',
    bot: true,
    input: (t) => ({
      groupId: t.groupId,
      name: 'Planted',
      amountCents: 9999,
      paidById: t.seats[1],
      splitMethod: 'shares',
      sharesInput: { [t.seats[0]]: 1, [t.seats[2]]: 1 },
      // Issue 28: made to repeat in the same write, refused the same.
      recurrence: { every: 1, unit: 'month' },
    }),
  },
  'expenses.update': {
    scope: 'group',
    bot: true,
    input: (t) => ({
      groupId: t.groupId,
      expenseId: t.expenseId,
      name: 'Rewritten',
      amountCents: 100,
      paidById: t.seats[0],
      splitMethod: 'amounts',
      splitCents: { [t.seats[2]]: 100 },
      recurrence: { every: 1, unit: 'week' },
      seriesScope: 'following',
    }),
  },
  'expenses.delete': {
    scope: 'group',
    bot: true,
    input: (t) => ({ groupId: t.groupId, expenseId: t.expenseId }),
  },
  'expenses.restore': {
    scope: 'group',
    input: (t) => ({ groupId: t.groupId, expenseId: t.deletedExpenseId }),
  },
  'recurring.create': {
    scope: 'group',
    input: (t) => ({ groupId: t.groupId, expenseId: t.expenseId, every: 1, unit: 'month' }),
  },
  'recurring.pause': { scope: 'group', input: (t) => ({ groupId: t.groupId, seriesId: t.seriesId }) },
  'recurring.resume': { scope: 'group', input: (t) => ({ groupId: t.groupId, seriesId: t.seriesId }) },
  'recurring.stop': { scope: 'group', input: (t) => ({ groupId: t.groupId, seriesId: t.seriesId }) },
  'recurring.list': { scope: 'group', input: (t) => ({ groupId: t.groupId }) },
  'reminders.send': {
    scope: 'group',
    adminRefusal: 'TELEGRAM_DISABLED',
    input: (t) => ({ groupId: t.groupId, debtorMemberId: t.seats[1], creditorMemberId: t.seats[0] }),
  },
  'reminders.list': { scope: 'group', input: (t) => ({ groupId: t.groupId }) },
  'reminders.mute': { scope: 'group', bot: true, input: (t) => ({ groupId: t.groupId, muted: true }) },
  'reminders.weekly': {
    scope: 'group',
    input: (t) => ({ groupId: t.groupId, enabled: true, dayOfWeek: 1, hour: 10 }),
  },
  // The person's own reminder settings (/stop, the language), no group.
  'reminders.profile': { scope: 'account', bot: true, input: () => ({ stopped: false }) },
  'balances.get': { scope: 'group', bot: true, input: (t) => ({ groupId: t.groupId }) },
  'categories.list': { scope: 'group', bot: true, input: (t) => ({ groupId: t.groupId }) },
  'logs.list': { scope: 'group', bot: true, input: (t) => ({ groupId: t.groupId }) },
  'stats.spending': {
    scope: 'group',
    bot: true,
    input: (t) => ({ groupId: t.groupId, timeZone: 'Europe/Moscow', weekStartsOn: 1 }),
  },
  'stats.byCategory': { scope: 'group', bot: true, input: (t) => ({ groupId: t.groupId }) },
  'members.add': { scope: 'group', input: (t) => ({ groupId: t.groupId, name: 'Planted seat' }) },
  'members.remove': { scope: 'group', input: (t) => ({ groupId: t.groupId, memberId: t.seats[2] }) },
  'members.rename': {
    scope: 'group',
    input: (t) => ({ groupId: t.groupId, memberId: t.seats[2], name: 'Planted name' }),
  },
  'members.makeAdmin': { scope: 'group', input: (t) => ({ groupId: t.groupId, memberId: t.seats[1] }) },
  // Bob is no admin: for the real admin this is a harmless no-op, so the input is valid.
  'members.revokeAdmin': { scope: 'group', input: (t) => ({ groupId: t.groupId, memberId: t.seats[1] }) },
  'invites.create': { scope: 'group', input: (t) => ({ groupId: t.groupId }) },
  'invites.get': { scope: 'group', input: (t) => ({ groupId: t.groupId }) },
  'invites.revoke': { scope: 'group', input: (t) => ({ groupId: t.groupId }) },
  // Authorised by the unguessable token, not by a seat: a made-up token is INVITE_INVALID.
  'invites.preview': { scope: 'public', input: () => ({ token: 'made-up-token' }) },
  'invites.claim': { scope: 'account', input: (t) => ({ token: 'made-up-token', memberId: t.seats[2] }) },
  'invites.joinNew': { scope: 'account', input: () => ({ token: 'made-up-token' }) },

  'drafts.get': { scope: 'group', bot: true, input: (t) => ({ draftId: t.draftId }) },

  'bot.whoami': { scope: 'bot', input: () => undefined },
  // The sender's own kept messages: keep is for anyone the bot acts for, in their private chat only.
  'bot.pending.keep': {
    scope: 'bot',
    input: () => ({ chatId: String(randomInt(1, 2 ** 40)), messageId: '1', text: 'пицца 100' }),
  },
  'bot.pending.take': { scope: 'bot', linked: true, input: () => undefined },
  'bot.chat.get': { scope: 'bot', linked: true, input: () => ({ chatId: '-1001234567890' }) },
  // Binding the chat again to its own group: a no-op for Alice, a refusal for anyone else.
  'bot.chat.set': {
    scope: 'bot',
    linked: true,
    group: true,
    input: (t) => ({ chatId: t.chatId, chatType: 'supergroup', groupId: t.groupId }),
  },
  'bot.chat.unset': { scope: 'bot', linked: true, group: true, input: (t) => ({ chatId: t.chatId }) },
  'bot.drafts.create': {
    scope: 'bot',
    linked: true,
    group: true,
    input: (t) => ({
      chatId: '-1001234567890',
      messageId: String(randomInt(1, 2 ** 40)),
      groupId: t.groupId,
      proposal: {
        name: 'Planted',
        amountCents: 9000,
        payerId: t.seats[1],
        participantIds: [t.seats[0], t.seats[2]],
        sourceText: 'planted 90',
      },
    }),
  },
  'bot.drafts.setReply': {
    scope: 'bot',
    linked: true,
    group: true,
    input: (t) => ({ draftId: t.draftId, replyMessageId: '77' }),
  },
  'bot.drafts.save': { scope: 'bot', linked: true, group: true, input: (t) => ({ draftId: t.draftId }) },
  'bot.drafts.cancel': { scope: 'bot', linked: true, group: true, input: (t) => ({ draftId: t.draftId }) },
  // /export (issue 29): the group's CSV, for its active members only.
  'bot.exportCsv': { scope: 'bot', linked: true, group: true, input: (t) => ({ groupId: t.groupId }) },
  'bot.updates.record': {
    scope: 'bot',
    input: () => ({ updateId: randomInt(1, 2 ** 40), update: { message: { text: 'hi' } } }),
  },
  'bot.updates.done': { scope: 'bot', input: () => ({ updateId: randomInt(1, 2 ** 40) }) },
  'bot.updates.claimStale': { scope: 'bot', input: () => ({ olderThanSeconds: 60 }) },

  'admin.ledger.check': { scope: 'admin', input: () => undefined },
  'admin.users.find': { scope: 'admin', input: () => ({ query: 'bob' }) },
  'admin.users.block': { scope: 'admin', input: (t) => ({ userId: t.userId }) },
  'admin.users.unblock': { scope: 'admin', input: (t) => ({ userId: t.userId }) },
  'admin.groups.show': { scope: 'admin', input: (t) => ({ groupId: t.groupId }) },
  'admin.groups.export': { scope: 'admin', input: (t) => ({ groupId: t.groupId }) },
  'admin.stats': { scope: 'admin', input: () => undefined },
};

const refusalCodes = ['GROUP_NOT_FOUND', 'EXPENSE_NOT_FOUND', 'DRAFT_NOT_FOUND', 'FORBIDDEN'];

function fakeAttestation() {
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: 'made-up' }),
  ).toString('base64url');
  return {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON, attestationObject: 'AAAA' },
  };
}

function fakeAssertion() {
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'made-up' })).toString(
    'base64url',
  );
  return {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
  };
}

/** The router's procedures as tRPC 11 keeps them: a flat map from 'groups.list' to the procedure. */
function procedurePaths(): string[] {
  const procedures: unknown = (appRouter as unknown as { _def: { procedures: unknown } })._def.procedures;
  expect(procedures).toBeTypeOf('object');
  const entries = Object.entries(procedures as Record<string, unknown>);
  for (const [path, procedure] of entries) {
    expect(path, 'a dotted procedure path').toMatch(/^[a-zA-Z]+(\.[a-zA-Z]+)+$/);
    expect(procedure, path).toBeTypeOf('function');
    const type = (procedure as { _def?: { type?: unknown } })._def?.type;
    expect(['query', 'mutation'], `${path} is a query or a mutation`).toContain(type);
  }
  return entries.map(([path]) => path);
}

function callAt(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (fn as (input: unknown) => Promise<unknown>)(input);
}

const groupPaths = Object.keys(table).filter((path) => table[path]!.scope === 'group');
/** The bot's own procedures that reach a group or a draft. */
const botOwnGroupPaths = Object.keys(table).filter(
  (path) => table[path]!.scope === 'bot' && table[path]!.group,
);
/** Everything that reaches a group, whoever may call it: walked with every persona below. */
const reachingPaths = [...groupPaths, ...botOwnGroupPaths];
const botGroupPaths = [...groupPaths.filter((path) => table[path]!.bot), ...botOwnGroupPaths];
const botPaths = Object.keys(table).filter((path) => table[path]!.scope === 'bot');
const adminPaths = Object.keys(table).filter((path) => table[path]!.scope === 'admin');

describe('the access table', () => {
  it('covers every procedure of the router, and nothing else', () => {
    const paths = procedurePaths();
    // The walk must have found the router; an empty or renamed map must not pass vacuously.
    expect(paths).toContain('groups.get');
    expect(paths).toContain('expenses.update');
    expect(paths.filter((path) => !(path in table))).toEqual([]);
    expect(Object.keys(table).filter((path) => !paths.includes(path))).toEqual([]);
  });

  it('gives the admin scope exactly the admin namespace, and the bot scope the bot namespace', () => {
    for (const path of Object.keys(table)) {
      expect(table[path]!.scope === 'admin', path).toBe(path.startsWith('admin.'));
      expect(table[path]!.scope === 'bot', path).toBe(path.startsWith('bot.'));
    }
  });

  it('lets the bot reach only reading groups, recording expenses and the Telegram user’s own reminder settings', () => {
    expect(Object.keys(table).filter((path) => table[path]!.bot)).toEqual([
      'groups.list',
      'groups.get',
      'expenses.list',
      'expenses.get',
      'expenses.locate',
      'expenses.create',
      'expenses.update',
      'expenses.delete',
      // The reminder's Mute button and /stop, for the Telegram user who pressed them (issue 28).
      'reminders.mute',
      'reminders.profile',
      'balances.get',
      'categories.list',
      'logs.list',
      'stats.spending',
      'stats.byCategory',
      'drafts.get',
    ]);
  });

  it('marks the bot namespace only: what needs a linked account, and what reaches a group', () => {
    for (const path of Object.keys(table)) {
      const rule = table[path]!;
      if (rule.scope !== 'bot') expect({ path, linked: rule.linked, group: rule.group }).toEqual({ path });
      if (rule.group) expect(rule.linked, path).toBe(true);
    }
    expect(botPaths.filter((path) => !table[path]!.linked)).toEqual([
      'bot.whoami',
      'bot.pending.keep',
      'bot.updates.record',
      'bot.updates.done',
      'bot.updates.claimStale',
    ]);
  });

  it('lists as group-free only the sign-in namespaces, account.*, identities.*, fx.rate, groups.list, groups.create and the invite-token calls', () => {
    // The bot's and the admin's procedures have gates of their own, checked below.
    const groupFree = Object.keys(table).filter((path) => ['public', 'account'].includes(table[path]!.scope));
    // The invite-token calls reach a group without a seat: they are authorised by the unguessable
    // token of a live invite link instead (services/invites.ts).
    const inviteTokenCalls = ['invites.preview', 'invites.claim', 'invites.joinNew'];
    expect(
      groupFree.every(
        (path) =>
          /^(auth|account|oauth|telegram|passkey|identities|users|friends|notifications)\./.test(path) ||
          path === 'groups.list' ||
          path === 'groups.create' ||
          path === 'fx.rate' ||
          path === 'reminders.profile' ||
          inviteTokenCalls.includes(path),
      ),
    ).toBe(true);
  });
});

describe('a caller without an active seat', () => {
  const db = useTestDatabase();

  /** Alice's group with Bob (an account, status under test) and Carl (a seat), one expense and Alice's bot draft. */
  async function victim() {
    const t = await trio(db.current.db);
    const { id: expenseId } = await (await t.alice.call()).expenses.create({
      groupId: t.groupId,
      name: 'Dinner',
      amountCents: 9000,
      paidById: t.a,
      splitMethod: 'shares',
      sharesInput: { [t.a]: 1, [t.b]: 1, [t.c]: 1 },
    });
    const draftId = await aliceDraft(db.current.db, t);
    const target: Target = {
      groupId: t.groupId,
      expenseId,
      deletedExpenseId: await deletedExpense(t),
      draftId,
      seats: [t.a, t.b, t.c],
      userId: t.bob.user.id,
      chatId: await aliceChat(db.current.db, t),
      seriesId: await aliceSeries(t),
    };
    return { ...t, target };
  }

  /** A stranger who has a group and an expense of their own, so they are a real user elsewhere. */
  async function stranger() {
    const mallory = await signUp(db.current.db, 'Mallory');
    const { id } = await (await mallory.call()).groups.create({ name: 'Own', users: [{ name: 'Pal' }] });
    const [self] = (await (await mallory.call()).groups.get({ groupId: id })).users;
    await (await mallory.call()).expenses.create({
      groupId: id,
      name: 'Own lunch',
      amountCents: 1000,
      paidById: self!.memberId,
    });
    return mallory;
  }

  const personas: Record<string, (v: Awaited<ReturnType<typeof victim>>) => Promise<() => Promise<Caller>>> =
    {
      'an outsider': async () => (await stranger()).call,
      'a PENDING member': async (v) => {
        await setStatus(db.current.db, v.groupId, v.bob.user.id, 'PENDING');
        return v.bob.call;
      },
      'a REMOVED member': async (v) => {
        await setStatus(db.current.db, v.groupId, v.bob.user.id, 'REMOVED');
        return v.bob.call;
      },
      'the admin of a deleted group': async (v) => {
        await (await v.alice.call()).groups.delete({ groupId: v.groupId });
        return v.alice.call;
      },
      // Procedures the bot may not call at all answer FORBIDDEN, found or not.
      'the bot acting for an outsider': async () => linkedBot(db.current.db, (await stranger()).user.id),
      'the bot acting for a REMOVED member': async (v) => {
        await setStatus(db.current.db, v.groupId, v.bob.user.id, 'REMOVED');
        return linkedBot(db.current.db, v.bob.user.id);
      },
      'the bot acting for a PENDING member': async (v) => {
        await setStatus(db.current.db, v.groupId, v.bob.user.id, 'PENDING');
        return linkedBot(db.current.db, v.bob.user.id);
      },
      // Alice wrote the target draft: her own draft is out of reach once the group is gone.
      'the bot acting for the admin of a deleted group': async (v) => {
        await (await v.alice.call()).groups.delete({ groupId: v.groupId });
        return linkedBot(db.current.db, v.alice.user.id);
      },
    };

  for (const [persona, becomes] of Object.entries(personas)) {
    describe(persona, () => {
      it.each(reachingPaths)('is refused by %s and changes nothing', async (path) => {
        const v = await victim();
        const call = await becomes(v);
        const before = await snapshot(db.current.db);

        const error = await refusal(callAt(await call(), path, table[path]!.input(v.target)));
        expect(refusalCodes).toContain(error.appCode);

        // The same answer as for an id that does not exist, so ids cannot be probed.
        const missing: Target = {
          ...v.target,
          groupId: unknownId(),
          expenseId: unknownId(),
          deletedExpenseId: unknownId(),
          draftId: unknownId(),
          chatId: groupChatId(),
          seriesId: unknownId(),
        };
        const miss = await refusal(callAt(await call(), path, table[path]!.input(missing)));
        expect(error.appCode).toBe(miss.appCode);

        expect(await snapshot(db.current.db)).toEqual(before);
      });
    });
  }

  // A chat connected to the target group moves only for an admin of that group (issue 31).
  type Person = Awaited<ReturnType<typeof signUp>>;
  const chatTakers: Record<string, (v: Awaited<ReturnType<typeof victim>>) => Promise<Person>> = {
    'an outsider': () => stranger(),
    'a member who is no admin': async (v) => v.bob,
    'a PENDING member': async (v) => {
      await setStatus(db.current.db, v.groupId, v.bob.user.id, 'PENDING');
      return v.bob;
    },
    'a REMOVED member': async (v) => {
      await setStatus(db.current.db, v.groupId, v.bob.user.id, 'REMOVED');
      return v.bob;
    },
  };
  it.each(Object.keys(chatTakers))(
    'the bot acting for %s who admins a group of their own cannot move or disconnect the connected chat',
    async (who) => {
      const v = await victim();
      const taker = await chatTakers[who]!(v);
      const { id: own } = await (await taker.call()).groups.create({
        name: 'Mine',
        users: [{ name: 'Pal' }],
      });
      const bot = await linkedBot(db.current.db, taker.user.id);
      const before = await snapshot(db.current.db);
      const move = await refusal(
        (await bot()).bot.chat.set({ chatId: v.target.chatId, chatType: 'supergroup', groupId: own }),
      );
      expect(move.appCode).toBe('CHAT_CONNECTED_ELSEWHERE');
      const end = await refusal((await bot()).bot.chat.unset({ chatId: v.target.chatId }));
      expect(refusalCodes).toContain(end.appCode);
      expect(await snapshot(db.current.db)).toEqual(before);
    },
  );

  it.each(groupPaths)('lets the admin call %s with the same input (the inputs are valid)', async (path) => {
    const v = await victim();
    const rule = table[path]!;
    const call = callAt(await v.alice.call(), path, rule.input(v.target));
    if (rule.adminRefusal) expect((await refusal(call)).appCode).toBe(rule.adminRefusal);
    else await expect(call).resolves.toBeDefined();
  });

  it.each(botGroupPaths)('lets the bot acting for the admin call %s with the same input', async (path) => {
    const v = await victim();
    const bot = await linkedBot(db.current.db, v.alice.user.id);
    await expect(callAt(await bot(), path, table[path]!.input(v.target))).resolves.toBeDefined();
  });

  it('does not show the group in the outsider’s list, nor in a PENDING or REMOVED member’s', async () => {
    const v = await victim();
    const mallory = await stranger();
    expect((await (await mallory.call()).groups.list()).map((g) => g.id)).not.toContain(v.groupId);
    for (const status of ['PENDING', 'REMOVED'] as const) {
      await setStatus(db.current.db, v.groupId, v.bob.user.id, status);
      expect((await (await v.bob.call()).groups.list()).map((g) => g.id)).not.toContain(v.groupId);
    }
    await setStatus(db.current.db, v.groupId, v.bob.user.id, 'ACTIVE');
    expect((await (await v.bob.call()).groups.list()).map((g) => g.id)).toContain(v.groupId);
  });

  it("cannot reach another group's seats through member ids in its own group", async () => {
    const v = await victim();
    const mallory = await stranger();
    const [own] = await (await mallory.call()).groups.list();
    const before = await snapshot(db.current.db);
    const mine = (await (await mallory.call()).expenses.list({ groupId: own!.id })).items[0]!;
    const call = await mallory.call();
    const attempts = [
      () =>
        call.expenses.create({
          groupId: own!.id,
          name: 'Charge the victim',
          amountCents: 5000,
          splitMethod: 'amounts',
          paidById: own!.users[0]!.memberId,
          splitCents: { [v.c]: 5000 },
        }),
      () =>
        call.expenses.create({
          groupId: own!.id,
          name: 'Paid by the victim',
          amountCents: 5000,
          paidById: v.a,
        }),
      () =>
        call.expenses.create({
          groupId: own!.id,
          amountCents: 5000,
          settlement: true,
          settlementFromId: own!.users[0]!.memberId,
          settlementToId: v.a,
        }),
      () =>
        call.expenses.update({
          groupId: own!.id,
          expenseId: mine.id,
          name: 'Moved',
          amountCents: 5000,
          paidById: v.a,
          participants: [v.a, v.b],
        }),
      () => call.groups.update({ groupId: own!.id, users: [{ memberId: v.c, share: 5 }] }),
      () => call.groups.update({ groupId: own!.id, users: [{ id: v.alice.user.id, share: 5 }] }),
    ];
    for (const attempt of attempts) expect((await refusal(attempt())).appCode).toBe('INVALID_MEMBER');
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('gives a PENDING member back access once ACTIVE (the status, not the account, decides)', async () => {
    const v = await victim();
    await setStatus(db.current.db, v.groupId, v.bob.user.id, 'PENDING');
    expect((await refusal((await v.bob.call()).expenses.list({ groupId: v.groupId }))).appCode).toBe(
      'GROUP_NOT_FOUND',
    );
    await setStatus(db.current.db, v.groupId, v.bob.user.id, 'ACTIVE');
    // Dinner, and the expense the series was made from.
    expect((await (await v.bob.call()).expenses.list({ groupId: v.groupId })).items).toHaveLength(2);
  });
});

describe('a signed-out caller', () => {
  const db = useTestDatabase();
  let target: Target;

  beforeAll(async () => {
    const v = await trio(db.current.db);
    const { id: expenseId } = await (await v.alice.call()).expenses.create({
      groupId: v.groupId,
      name: 'Dinner',
      amountCents: 3000,
      paidById: v.a,
    });
    const draftId = await aliceDraft(db.current.db, v);
    target = {
      groupId: v.groupId,
      expenseId,
      deletedExpenseId: await deletedExpense(v),
      draftId,
      seats: [v.a, v.b, v.c],
      userId: v.bob.user.id,
      chatId: await aliceChat(db.current.db, v),
      seriesId: await aliceSeries(v),
    };
  });

  const nonPublic = Object.keys(table).filter((path) => table[path]!.scope !== 'public');

  it.each(nonPublic)('gets UNAUTHORIZED from %s and changes nothing', async (path) => {
    const before = await snapshot(db.current.db);
    const anonymous = await (await browser(db.current.db)).call();
    const error = await refusal(callAt(anonymous, path, table[path]!.input(target)));
    expect(error.appCode).toBe('UNAUTHORIZED');
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('gets UNAUTHORIZED with a made-up or a logged-out session token', async () => {
    const alice = await signUp(db.current.db, 'Alice');
    const token = alice.browser.token!;
    expect(await (await callerWithToken(db.current.db, token)).auth.me()).toMatchObject({
      id: alice.user.id,
    });
    await (await alice.call()).auth.logout();
    for (const stale of [token, 'made-up-token', `${token}x`]) {
      const caller = await callerWithToken(db.current.db, stale);
      expect((await refusal(caller.groups.list())).appCode).toBe('UNAUTHORIZED');
    }
  });

  it('can reach the public procedures, and only those are public', async () => {
    const publicPaths = Object.keys(table).filter((path) => table[path]!.scope === 'public');
    // Only sign-in flows may be public; nothing that touches a group or a profile.
    expect(publicPaths).toEqual(expect.arrayContaining(['auth.login', 'auth.logout', 'auth.register']));
    // ...and the invite preview, which guests may see: it needs the unguessable token of a live link.
    for (const path of publicPaths)
      expect(path).toMatch(/^((auth|oauth|telegram|passkey)\.(?!me$|updateProfile$)|invites\.preview$)/);
    const anonymous = await (await browser(db.current.db)).call();
    await expect(
      callAt(anonymous, 'auth.register', table['auth.register']!.input(target)),
    ).resolves.toMatchObject({
      name: 'Eve',
    });
    await expect(callAt(anonymous, 'auth.logout', undefined)).resolves.toEqual({ ok: true });
    expect((await refusal(callAt(anonymous, 'auth.login', table['auth.login']!.input(target)))).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
  });
});

describe('the bot and admin scripts', () => {
  const db = useTestDatabase();
  let v: Awaited<ReturnType<typeof trio>>;
  let target: Target;

  beforeAll(async () => {
    v = await trio(db.current.db);
    const { id: expenseId } = await (await v.alice.call()).expenses.create({
      groupId: v.groupId,
      name: 'Dinner',
      amountCents: 9000,
      paidById: v.a,
    });
    const draftId = await aliceDraft(db.current.db, v);
    target = {
      groupId: v.groupId,
      expenseId,
      deletedExpenseId: await deletedExpense(v),
      draftId,
      seats: [v.a, v.b, v.c],
      userId: v.bob.user.id,
      chatId: await aliceChat(db.current.db, v),
      seriesId: await aliceSeries(v),
    };
  });

  /** Group rows and accounts (admin procedures change accounts), to compare before and after. */
  async function everything() {
    const accounts = await db.current.db.select().from(users).orderBy(users.id);
    return { ...(await snapshot(db.current.db)), accounts };
  }

  async function expectRefused(caller: Caller, path: string, code: string) {
    const before = await everything();
    const error = await refusal(callAt(caller, path, table[path]!.input(target)));
    expect(error.appCode, path).toBe(code);
    expect(await everything()).toEqual(before);
  }

  const allBut = (scope: Scope) => Object.keys(table).filter((path) => table[path]!.scope !== scope);

  describe('the bot acting for an unlinked Telegram user', () => {
    it.each(allBut('bot'))('is refused by %s and changes nothing', async (path) => {
      const bot = await botCaller(db.current.db, newTelegramId());
      // What the bot may call for a linked account says "not linked"; everything else is not for the bot.
      await expectRefused(bot, path, table[path]!.bot ? 'TELEGRAM_NOT_LINKED' : 'FORBIDDEN');
    });

    it.each(botPaths.filter((path) => table[path]!.linked))(
      'is refused by %s with TELEGRAM_NOT_LINKED and changes nothing',
      async (path) => {
        const bot = await botCaller(db.current.db, newTelegramId());
        await expectRefused(bot, path, 'TELEGRAM_NOT_LINKED');
      },
    );

    it('learns from bot.whoami that the user is not linked', async () => {
      const telegramUserId = newTelegramId();
      const bot = await botCaller(db.current.db, telegramUserId);
      expect(await bot.bot.whoami()).toEqual({ linked: false, telegramUserId });
    });
  });

  describe('the bot acting for nobody (an update without a sender: no x-telegram-user-id)', () => {
    const inbox = botPaths.filter((path) => path.startsWith('bot.updates.'));

    it.each(Object.keys(table).filter((path) => !inbox.includes(path)))(
      'is refused by %s and changes nothing',
      async (path) => {
        const rule = table[path]!;
        // An account's procedures and whoami need the Telegram user; the rest are not for the bot.
        const needsSender = rule.bot || rule.linked || path === 'bot.whoami' || path === 'bot.pending.keep';
        await expectRefused(
          await senderlessBot(db.current.db),
          path,
          needsSender ? 'VALIDATION_ERROR' : 'FORBIDDEN',
        );
      },
    );

    it.each(inbox)('may call %s', async (path) => {
      await expect(
        callAt(await senderlessBot(db.current.db), path, table[path]!.input(target)),
      ).resolves.toBeDefined();
    });
  });

  describe('the bot acting for a linked account (the group admin)', () => {
    const notForTheBot = Object.keys(table).filter(
      (path) => !table[path]!.bot && table[path]!.scope !== 'bot',
    );

    it.each(notForTheBot)('is refused by %s with FORBIDDEN and changes nothing', async (path) => {
      const bot = await linkedBot(db.current.db, v.alice.user.id);
      await expectRefused(await bot(), path, 'FORBIDDEN');
    });

    it('learns from bot.whoami which account it acts for', async () => {
      const bot = await linkedBot(db.current.db, v.alice.user.id);
      expect(await (await bot()).bot.whoami()).toMatchObject({
        linked: true,
        user: { id: v.alice.user.id, name: 'Alice', username: v.alice.user.username },
      });
    });
  });

  describe('an admin script', () => {
    it.each(allBut('admin'))('is refused by %s with FORBIDDEN and changes nothing', async (path) => {
      await expectRefused(adminCaller(db.current.db), path, 'FORBIDDEN');
    });

    it.each(adminPaths)('may call %s', async (path) => {
      await expect(
        callAt(adminCaller(db.current.db), path, table[path]!.input(target)),
      ).resolves.toBeDefined();
    });
  });

  describe('a signed-in person, even a group admin', () => {
    it.each(adminPaths)('is refused by %s with FORBIDDEN and changes nothing', async (path) => {
      await expectRefused(await v.alice.call(), path, 'FORBIDDEN');
    });

    it.each(botPaths)('is refused by %s with FORBIDDEN and changes nothing', async (path) => {
      await expectRefused(await v.alice.call(), path, 'FORBIDDEN');
    });
  });
});

/** An expense Alice added to her group and deleted. */
async function deletedExpense(t: Awaited<ReturnType<typeof trio>>): Promise<string> {
  const call = await t.alice.call();
  const { id } = await call.expenses.create({
    groupId: t.groupId,
    name: 'Deleted',
    amountCents: 1200,
    paidById: t.a,
  });
  await call.expenses.delete({ groupId: t.groupId, expenseId: id });
  return id;
}

/** A weekly series of Alice's, made from an expense of its own. */
async function aliceSeries(t: Awaited<ReturnType<typeof trio>>): Promise<string> {
  const call = await t.alice.call();
  const { id } = await call.expenses.create({
    groupId: t.groupId,
    name: 'Rent',
    amountCents: 3000,
    paidById: t.a,
  });
  return (await call.recurring.create({ groupId: t.groupId, expenseId: id, every: 1, unit: 'week' })).id;
}

/** An open bot draft of Alice's in her group, made through the service the bot's procedure calls. */
async function aliceDraft(db: Database, t: Awaited<ReturnType<typeof trio>>): Promise<string> {
  const { draft } = await createDraft(db, t.alice.user.id, {
    chatId: String(randomInt(1, 2 ** 40)),
    messageId: '1',
    groupId: t.groupId,
    proposal: {
      name: 'Pizza',
      amountCents: 3000,
      payerId: t.a,
      participantIds: [t.a, t.b],
      sourceText: 'pizza 30',
    },
  });
  return draft.id;
}

/** A Telegram group chat Alice connected to her group, through the service the bot's procedure calls. */
async function aliceChat(db: Database, t: Awaited<ReturnType<typeof trio>>): Promise<string> {
  const chatId = groupChatId();
  await bindChat(
    db,
    { userId: t.alice.user.id, telegramUserId: newTelegramId() },
    {
      chatId,
      chatType: 'supergroup',
      groupId: t.groupId,
    },
  );
  return chatId;
}

function groupChatId(): string {
  return `-100${randomInt(1, 2 ** 40)}`;
}
