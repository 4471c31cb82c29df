import {
  botPendingMessages,
  botUpdates,
  friendships,
  groupLogs,
  groupMembers,
  groups,
  idempotencyKeys,
  identities,
  sessions,
  telegramChats,
  users,
} from '@dolya/db';
import type { Cents } from '@dolya/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../src';
import { groupBalances } from '../src/services/balances';
import { keepPendingMessage } from '../src/services/bot-pending';
import { markUpdateDone, recordUpdate } from '../src/services/bot-updates';
import { bindChat } from '../src/services/telegram-chats';
import { linkedBot } from './actors';
import { callerWithToken, raceOnSeats, refusal, setStatus, snapshot, trio } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();

/** Each member's net by seat id, straight from the stored totals (whoever asks). */
async function nets(groupId: string, currency = 'EUR'): Promise<Record<string, Cents>> {
  const balances = await groupBalances(db.current.db, { id: groupId, currency });
  return Object.fromEntries(balances.members.map((m) => [m.memberId, m.netCents]));
}

/** Update ids of each world's own (the inbox keeps the first record of an id). */
let updateBase = 1_000_000;
const sum = (values: Record<string, Cents>) => Object.values(values).reduce((a, b) => a + b, 0);

/**
 * Alice's world: her trio group (Alice admin, Bob, Carl a seat) with expenses and a settlement,
 * Bob's group where Alice is an ordinary member, a group of Alice's alone, and a group that
 * invited her (PENDING); Bob is her friend; her Telegram is linked, her private chat records into
 * the trio group and a message waits there.
 */
async function aliceWorld() {
  const t = await trio(db.current.db);
  const alice = await t.alice.call();
  await alice.expenses.create({
    groupId: t.groupId,
    name: 'Dinner',
    amountCents: 9001,
    paidById: t.a,
    splitMethod: 'shares',
    sharesInput: { [t.a]: 1, [t.b]: 1, [t.c]: 1 },
  });
  await alice.expenses.create({
    groupId: t.groupId,
    name: 'Taxi',
    amountCents: 2500,
    paidById: t.c,
    payers: [
      { memberId: t.b, amountCents: 1000 },
      { memberId: t.c, amountCents: 1500 },
    ],
  });
  await alice.expenses.create({
    groupId: t.groupId,
    amountCents: 700,
    settlement: true,
    settlementFromId: t.b,
    settlementToId: t.a,
  });
  const bob = await t.bob.call();
  const { id: bobsGroup } = await bob.groups.create({
    name: 'Flat',
    users: [{ id: t.alice.user.id, name: 'Alice' }, { name: 'Dana' }],
  });
  await setStatus(db.current.db, bobsGroup, t.alice.user.id, 'ACTIVE');
  const flat = await bob.groups.get({ groupId: bobsGroup });
  const seatOf = (name: string) => flat.users.find((u) => u.name === name)!.memberId;
  await bob.expenses.create({
    groupId: bobsGroup,
    name: 'Rent',
    amountCents: 100_000,
    paidById: seatOf('Alice'),
    splitMethod: 'shares',
    sharesInput: { [seatOf('Alice')]: 1, [seatOf('Bob')]: 2, [seatOf('Dana')]: 1 },
  });
  const { id: soloGroup } = await alice.groups.create({ name: 'Diary', users: [] });
  await alice.expenses.create({
    groupId: soloGroup,
    name: 'Books',
    amountCents: 1234,
    paidById: (await alice.groups.get({ groupId: soloGroup })).users[0]!.memberId,
  });
  const carol = await signUp(db.current.db, 'Carol');
  const { id: invitingGroup } = await (await carol.call()).groups.create({
    name: 'Club',
    users: [{ id: t.alice.user.id, name: 'Alice' }],
  });
  await alice.friends.add({ username: t.bob.user.username });
  await bob.friends.add({ username: t.alice.user.username });
  const bot = await linkedBot(db.current.db, t.alice.user.id);
  await bindChat(
    db.current.db,
    { userId: t.alice.user.id, telegramUserId: bot.telegramId },
    { chatId: bot.telegramId, chatType: 'private', groupId: t.groupId },
  );
  // Two updates of hers in the bot's inbox: one handled, one still being handled; and someone else's.
  updateBase += 10;
  const sender = { id: Number(bot.telegramId), is_bot: false, first_name: 'Alice' };
  const [handled, inHand, others] = [1, 2, 3].map((n) => updateBase + n) as [number, number, number];
  await recordUpdate(db.current.db, handled, {
    update_id: handled,
    message: { text: 'кофе 300', from: sender },
  });
  await markUpdateDone(db.current.db, handled);
  await recordUpdate(db.current.db, inHand, {
    update_id: inHand,
    callback_query: { data: 'x', from: sender },
  });
  await recordUpdate(db.current.db, others, {
    update_id: others,
    message: { text: 'чай', from: { id: 42, is_bot: false, first_name: 'Someone' } },
  });
  await markUpdateDone(db.current.db, others);
  await keepPendingMessage(db.current.db, bot.telegramId, {
    chatId: bot.telegramId,
    messageId: '5',
    text: 'кофе 300',
  });
  return {
    ...t,
    aliceId: t.alice.user.id,
    aliceCall: alice,
    bobCall: bob,
    bobsGroup,
    soloGroup,
    invitingGroup,
    carol,
    telegramId: bot.telegramId,
    updates: { handled, inHand, others },
  };
}

async function refusedAndUnchanged(call: () => Promise<unknown>, code: string) {
  const everything = async () => ({
    rows: await snapshot(db.current.db),
    users: await db.current.db.select().from(users).orderBy(users.id),
    sessions: await db.current.db.select().from(sessions).orderBy(sessions.id),
  });
  const before = await everything();
  const error = await refusal(call());
  expect(error.appCode).toBe(code);
  expect(await everything()).toEqual(before);
  return error;
}

describe('account.data', () => {
  it('holds the profile, sign-in methods without secrets, friends, seats and every group’s record', async () => {
    const w = await aliceWorld();
    const file = await w.aliceCall.account.data();
    expect(file.filename).toMatch(/^dolya-account-.+-\d{4}-\d{2}-\d{2}\.json$/);
    expect(file.contentType).toBe('application/json; charset=utf-8');
    const data = JSON.parse(file.content);
    expect(data).toMatchObject({
      format: 'dolya-account',
      version: 1,
      profile: { id: w.aliceId, name: 'Alice', username: w.alice.user.username, email: w.alice.user.email },
      signInMethods: {
        password: true,
        identities: [{ provider: 'TELEGRAM' }],
        passkeys: [],
      },
      friends: [{ name: 'Bob', username: w.bob.user.username }],
    });
    // No secret of any kind: the password's hash, a session's token or hash, a passkey's key.
    const [row] = await db.current.db.select().from(users).where(eq(users.id, w.aliceId));
    expect(file.content).not.toContain(row!.passwordHash!);
    expect(file.content).not.toContain(w.alice.browser.token!);
    for (const session of await db.current.db.select().from(sessions).where(eq(sessions.userId, w.aliceId)))
      expect(file.content).not.toContain(session.tokenHash);
    expect(file.content).not.toMatch(/passwordHash|tokenHash|publicKey|secret/i);

    // Every seat, the pending invitation's too; the records of the groups she is an active member of.
    expect(
      data.memberships.map((m: { groupName: string; status: string; isAdmin: boolean }) => [
        m.groupName,
        m.status,
        m.isAdmin,
      ]),
    ).toEqual([
      ['Trip', 'ACTIVE', true],
      ['Flat', 'ACTIVE', false],
      ['Diary', 'ACTIVE', true],
      ['Club', 'PENDING', false],
    ]);
    expect(data.groups.map((g: { group: { name: string } }) => g.group.name)).toEqual([
      'Trip',
      'Flat',
      'Diary',
    ]);
    const trip = data.groups[0];
    expect(trip.format).toBe('dolya-group');
    expect(trip.expenses.map((e: { name: string }) => e.name)).toEqual(['Dinner', 'Taxi']);
    expect(trip.expenses[1].payers).toEqual([
      { memberId: w.b, amountCents: 1000 },
      { memberId: w.c, amountCents: 1500 },
    ]);
    expect(trip.settlements).toEqual([
      expect.objectContaining({ fromMemberId: w.b, toMemberId: w.a, amountCents: 700 }),
    ]);
    expect(trip.log.map((l: { action: string }) => l.action)).toContain('SETTLEMENT_CREATED');
    expect(data.groups[1].expenses[0]).toMatchObject({ name: 'Rent', amountCents: 100_000 });
  });

  it('gives each caller their own account’s data, never another’s', async () => {
    const w = await aliceWorld();
    const mine = JSON.parse((await w.bobCall.account.data()).content);
    expect(mine.profile.id).toBe(w.bob.user.id);
    expect(mine.groups.map((g: { group: { name: string } }) => g.group.name)).toEqual(['Trip', 'Flat']);
  });
});

describe('account.delete', () => {
  it('is refused while she is the last admin of a group with other members, naming it; nothing changes', async () => {
    const w = await aliceWorld();
    expect(await w.aliceCall.account.deletionPlan()).toEqual({
      blocking: [{ id: w.groupId, name: 'Trip' }],
      deleted: [{ id: w.soloGroup, name: 'Diary' }],
      kept: expect.arrayContaining([
        { id: w.bobsGroup, name: 'Flat' },
        { id: w.invitingGroup, name: 'Club' },
      ]),
    });
    const error = await refusedAndUnchanged(
      () => w.aliceCall.account.delete({ username: w.alice.user.username }),
      'LAST_ADMIN',
    );
    expect(error.message).toContain('"Trip"');
    expect(error.status).toBe(409);
  });

  it('asks for her own username: another one is refused and nothing changes', async () => {
    const w = await aliceWorld();
    await w.aliceCall.members.makeAdmin({ groupId: w.groupId, memberId: w.b });
    const error = await refusedAndUnchanged(
      () => w.aliceCall.account.delete({ username: w.bob.user.username }),
      'VALIDATION_ERROR',
    );
    expect(error.field).toBe('username');
  });

  it('keeps her seats under her name without an account, every balance as it was, and removes the rest', async () => {
    const w = await aliceWorld();
    await w.aliceCall.members.makeAdmin({ groupId: w.groupId, memberId: w.b });
    const flatSeats = await db.current.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, w.bobsGroup));
    const aliceInFlat = flatSeats.find((s) => s.userId === w.aliceId)!;
    const before = { trip: await nets(w.groupId), flat: await nets(w.bobsGroup) };
    expect(sum(before.trip)).toBe(0);
    expect(sum(before.flat)).toBe(0);
    expect(before.trip[w.a]).not.toBe(0);
    expect(before.flat[aliceInFlat.id]).not.toBe(0);
    const tripBalances = await w.bobCall.balances.get({ groupId: w.groupId });
    const token = w.alice.browser.token!;

    const plan = await w.aliceCall.account.delete({ username: `@${w.alice.user.username.toUpperCase()}` });
    expect(plan.blocking).toEqual([]);
    expect(plan.deleted).toEqual([{ id: w.soloGroup, name: 'Diary' }]);

    // Balances: the same to the cent in every group, still summing to zero.
    expect(await nets(w.groupId)).toEqual(before.trip);
    expect(await nets(w.bobsGroup)).toEqual(before.flat);
    expect(await w.bobCall.balances.get({ groupId: w.groupId })).toEqual(tripBalances);

    // Her seats stay, same name, no account, no admin rights; the invitation's seat is dropped.
    const seat = async (groupId: string, id: string) =>
      (
        await db.current.db
          .select()
          .from(groupMembers)
          .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.id, id)))
      )[0];
    expect(await seat(w.groupId, w.a)).toMatchObject({
      name: 'Alice',
      userId: null,
      isAdmin: false,
      status: 'ACTIVE',
    });
    expect(await seat(w.bobsGroup, aliceInFlat.id)).toMatchObject({
      name: 'Alice',
      userId: null,
      status: 'ACTIVE',
    });
    const club = await db.current.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, w.invitingGroup));
    expect(club.find((s) => s.name === 'Alice')).toMatchObject({ userId: null, status: 'REMOVED' });
    // Each group says so in its log; the group of hers alone is gone.
    for (const groupId of [w.groupId, w.bobsGroup, w.invitingGroup]) {
      const actions = (
        await db.current.db.select().from(groupLogs).where(eq(groupLogs.groupId, groupId))
      ).map((l) => l.action);
      expect(actions).toContain('ACCOUNT_DELETED');
    }
    expect(await db.current.db.select().from(groups).where(eq(groups.id, w.soloGroup))).toEqual([]);
    const log = await w.bobCall.logs.list({ groupId: w.groupId });
    expect(log[0]).toMatchObject({ action: 'ACCOUNT_DELETED', actor: { id: w.a, name: 'Alice' } });

    // The account and what hangs on it: sessions, sign-in methods, friends both ways, the Telegram side.
    expect(await db.current.db.select().from(users).where(eq(users.id, w.aliceId))).toEqual([]);
    expect(await db.current.db.select().from(sessions).where(eq(sessions.userId, w.aliceId))).toEqual([]);
    expect(await db.current.db.select().from(identities).where(eq(identities.userId, w.aliceId))).toEqual([]);
    expect(await db.current.db.select().from(friendships).where(eq(friendships.friendId, w.aliceId))).toEqual(
      [],
    );
    expect(
      await db.current.db.select().from(telegramChats).where(eq(telegramChats.chatId, w.telegramId)),
    ).toEqual([]);
    expect(
      await db.current.db
        .select()
        .from(botPendingMessages)
        .where(eq(botPendingMessages.telegramUserId, w.telegramId)),
    ).toEqual([]);
    // Her handled messages to the bot are gone; the one still in hand, and other people's, stay.
    const inbox = (await db.current.db.select().from(botUpdates)).map((u) => u.updateId);
    expect(inbox).toEqual(expect.arrayContaining([w.updates.inHand, w.updates.others]));
    expect(inbox).not.toContain(w.updates.handled);
    expect(
      await db.current.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.actorKey, w.aliceId)),
    ).toEqual([]);
    // The session ends on the server, not only in this browser: its old token signs nobody in.
    expect((await refusal((await callerWithToken(db.current.db, token)).auth.me())).appCode).toBe(
      'UNAUTHORIZED',
    );
    expect((await refusal((await w.alice.call()).auth.me())).appCode).toBe('UNAUTHORIZED');
    expect(w.alice.browser.token).toBeUndefined();
    await expect(w.bobCall.friends.list()).resolves.toEqual([]);

    // The group goes on: Bob records with her seat, and it can be claimed through an invite again.
    await w.bobCall.expenses.create({ groupId: w.groupId, name: 'Museum', amountCents: 3000, paidById: w.a });
    expect(sum(await nets(w.groupId))).toBe(0);
    const invite = await w.bobCall.invites.create({ groupId: w.groupId });
    const newcomer = await signUp(db.current.db, 'Alice again');
    await (await newcomer.call()).invites.claim({ token: invite.token, memberId: w.a });
    expect((await seat(w.groupId, w.a))?.userId).toBe(newcomer.user.id);
  });

  it('lets an admin among others go; a group with other admins keeps them', async () => {
    const w = await aliceWorld();
    await w.aliceCall.members.makeAdmin({ groupId: w.groupId, memberId: w.b });
    await w.aliceCall.account.delete({ username: w.alice.user.username });
    const admins = (await w.bobCall.groups.get({ groupId: w.groupId })).users.filter((u) => u.isAdmin);
    expect(admins.map((u) => u.name)).toEqual(['Bob']);
  });

  it('lets one of the last two admins go when both delete at once; the other is refused', async () => {
    const t = await trio(db.current.db);
    await (await t.alice.call()).members.makeAdmin({ groupId: t.groupId, memberId: t.b });
    const [alice, bob] = [await t.alice.call(), await t.bob.call()];
    const results = await raceOnSeats(
      db.current,
      [t.a, t.b],
      [
        () => alice.account.delete({ username: t.alice.user.username }),
        () => bob.account.delete({ username: t.bob.user.username }),
      ],
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(refused.map((r) => toAppError((r as PromiseRejectedResult).reason).appCode)).toEqual([
      'LAST_ADMIN',
    ]);
    const seats = await db.current.db.select().from(groupMembers).where(eq(groupMembers.groupId, t.groupId));
    expect(seats.filter((s) => s.isAdmin && s.userId !== null)).toHaveLength(1);
  });

  it('never leaves a group without an admin when the other admin gives up their rights at the same moment', async () => {
    const t = await trio(db.current.db);
    await (await t.alice.call()).members.makeAdmin({ groupId: t.groupId, memberId: t.b });
    const [alice, bob] = [await t.alice.call(), await t.bob.call()];
    const results = await raceOnSeats(
      db.current,
      [t.a, t.b],
      [
        () => alice.account.delete({ username: t.alice.user.username }),
        () => bob.members.revokeAdmin({ groupId: t.groupId, memberId: t.b }),
      ],
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(toAppError(refused.reason).appCode).toBe('LAST_ADMIN');
    const seats = await db.current.db.select().from(groupMembers).where(eq(groupMembers.groupId, t.groupId));
    expect(seats.filter((s) => s.isAdmin && s.userId !== null)).toHaveLength(1);
  });
});
