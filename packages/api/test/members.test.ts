import { groupLogs, groupMembers, userBlocks } from '@dolya/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Caller,
  logActions,
  raceOnSeats,
  refusal,
  setStatus,
  snapshot,
  trio,
  unknownId,
} from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

async function seat(memberId: string) {
  const [row] = await d().select().from(groupMembers).where(eq(groupMembers.id, memberId));
  if (!row) throw new Error(`no seat ${memberId}`);
  return row;
}

async function activeAdmins(groupId: string) {
  const rows = await d()
    .select()
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.isAdmin, true),
        eq(groupMembers.status, 'ACTIVE'),
      ),
    );
  return rows.map((r) => r.name).sort();
}

/** 'ok' for a call that succeeded, else the code it was refused with. */
async function outcomes(results: PromiseSettledResult<unknown>[]) {
  return Promise.all(
    results.map(async (r) =>
      r.status === 'fulfilled' ? 'ok' : (await refusal(Promise.reject(r.reason))).appCode,
    ),
  );
}

/**
 * The trio (Alice admin, Bob an ordinary ACTIVE member, Carl without an account) plus Dave, a
 * second ACTIVE admin with an account, and Olga, an account outside the group.
 */
async function quartet() {
  const t = await trio(d());
  const dave = await signUp(d(), 'Dave');
  const olga = await signUp(d(), 'Olga');
  const alice = await t.alice.call();
  const { memberId: dv } = await alice.members.add({
    groupId: t.groupId,
    name: 'Dave',
    username: dave.user.username,
  });
  await setStatus(d(), t.groupId, dave.user.id, 'ACTIVE');
  await alice.members.makeAdmin({ groupId: t.groupId, memberId: dv });
  return { ...t, dave, olga, d: dv };
}
type Quartet = Awaited<ReturnType<typeof quartet>>;

describe('an ordinary member is refused every admin action', () => {
  // Each input is valid: the admin's control call afterwards succeeds with it.
  const adminOnly: Record<string, (call: Caller, q: Quartet) => Promise<unknown>> = {
    'members.add without an account': (call, q) => call.members.add({ groupId: q.groupId, name: 'Eve' }),
    'members.add by username': (call, q) =>
      call.members.add({ groupId: q.groupId, name: 'Olga', username: q.olga.user.username }),
    'members.remove by memberId': (call, q) => call.members.remove({ groupId: q.groupId, memberId: q.c }),
    'members.remove by userId': (call, q) =>
      call.members.remove({ groupId: q.groupId, userId: q.dave.user.id }),
    'members.makeAdmin': (call, q) => call.members.makeAdmin({ groupId: q.groupId, userId: q.bob.user.id }),
    'members.revokeAdmin': (call, q) => call.members.revokeAdmin({ groupId: q.groupId, memberId: q.d }),
    'groups.update': (call, q) =>
      call.groups.update({
        groupId: q.groupId,
        name: 'Hijacked',
        currency: 'USD',
        users: [{ memberId: q.c, share: 7 }],
      }),
    'groups.delete': (call, q) => call.groups.delete({ groupId: q.groupId }),
  };

  it.each(Object.keys(adminOnly))('%s: FORBIDDEN, nothing changes; an admin may', async (name) => {
    const action = adminOnly[name]!;
    const q = await quartet();
    const before = await snapshot(d());
    expect(await refusal(action(await q.bob.call(), q))).toMatchObject({ appCode: 'FORBIDDEN' });
    expect(await snapshot(d())).toEqual(before);

    await action(await q.alice.call(), q);
    expect(await snapshot(d())).not.toEqual(before);
  });

  it('a PENDING seat holding admin rights cannot act until its owner accepts', async () => {
    const q = await quartet();
    await setStatus(d(), q.groupId, q.dave.user.id, 'PENDING');
    const before = await snapshot(d());
    const dave = await q.dave.call();
    expect(await refusal(dave.members.add({ groupId: q.groupId, name: 'Eve' }))).toMatchObject({
      appCode: 'GROUP_NOT_FOUND',
    });
    expect(await refusal(dave.members.remove({ groupId: q.groupId, memberId: q.c }))).toMatchObject({
      appCode: 'GROUP_NOT_FOUND',
    });
    expect(await snapshot(d())).toEqual(before);
  });
});

describe('members.add', () => {
  it('without a username adds an ACTIVE seat without an account and logs MEMBER_ADDED', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    const added = await alice.members.add({ groupId: t.groupId, name: '  Dora  ' });
    expect(Object.keys(added)).toEqual(['memberId']);
    const group = await alice.groups.get({ groupId: t.groupId });
    expect(group.users.map((u) => u.name)).toEqual(['Alice', 'Bob', 'Carl', 'Dora']);
    expect(group.users[3]).toEqual({
      id: null,
      memberId: added.memberId,
      name: 'Dora',
      username: null,
      isAdmin: false,
      registered: false,
      membershipStatus: 'ACTIVE',
      share: 1,
      isCurrentUser: false,
      telegramUsername: null,
    });
    const [log] = await alice.logs.list({ groupId: t.groupId });
    expect(log).toMatchObject({
      action: 'MEMBER_ADDED',
      actor: { name: 'Alice' },
      details: { memberId: added.memberId, name: 'Dora' },
    });
    expect(log!.message).toContain('Dora');
  });

  it('refuses isAdmin for a seat without an account, and a blank name', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    const before = await snapshot(d());
    expect(
      await refusal(alice.members.add({ groupId: t.groupId, name: 'Boss', isAdmin: true })),
    ).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'isAdmin' });
    expect(await refusal(alice.members.add({ groupId: t.groupId, name: '   ' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'name',
    });
    expect(await snapshot(d())).toEqual(before);
  });

  it('by username adds a PENDING seat linked to that account, which cannot open the group yet', async () => {
    const t = await trio(d());
    const dave = await signUp(d(), 'Dave');
    const alice = await t.alice.call();
    const { memberId } = await alice.members.add({
      groupId: t.groupId,
      name: 'Dave',
      // Usernames are matched case-insensitively, surrounding blanks ignored.
      username: ` ${dave.user.username.toUpperCase()} `,
      isAdmin: false,
    });
    expect(await seat(memberId)).toMatchObject({
      groupId: t.groupId,
      userId: dave.user.id,
      status: 'PENDING',
      isAdmin: false,
    });
    const listed = (await alice.groups.get({ groupId: t.groupId })).users.find(
      (u) => u.memberId === memberId,
    );
    expect(listed).toMatchObject({
      id: dave.user.id,
      username: dave.user.username,
      registered: true,
      membershipStatus: 'PENDING',
    });
    expect(await refusal((await dave.call()).groups.get({ groupId: t.groupId }))).toMatchObject({
      appCode: 'GROUP_NOT_FOUND',
    });
    const [log] = await alice.logs.list({ groupId: t.groupId });
    expect(log).toMatchObject({ action: 'MEMBER_INVITED', details: { memberId, name: 'Dave' } });
    expect(log!.message).toContain(`@${dave.user.username}`);
  });

  it('refuses an unknown username (USERNAME_NOT_FOUND) and anyone already in the group (CONFLICT)', async () => {
    const t = await trio(d());
    const dave = await signUp(d(), 'Dave');
    const alice = await t.alice.call();
    await alice.members.add({ groupId: t.groupId, name: 'Dave', username: dave.user.username });
    const before = await snapshot(d());
    expect(
      await refusal(
        alice.members.add({ groupId: t.groupId, name: 'Ghost', username: `nobody_${Date.now()}` }),
      ),
    ).toMatchObject({ appCode: 'USERNAME_NOT_FOUND', field: 'username' });
    // ACTIVE (Bob), PENDING (Dave) and the adder herself.
    for (const [name, username] of [
      ['Bob', t.bob.user.username],
      ['Dave again', dave.user.username],
      ['Me', t.alice.user.username],
    ] as const) {
      expect(await refusal(alice.members.add({ groupId: t.groupId, name, username }))).toMatchObject({
        appCode: 'CONFLICT',
        field: 'username',
      });
    }
    expect(await snapshot(d())).toEqual(before);
  });

  it('refuses a user who blocked the adder (BLOCKED_BY_USER); the block binds only that adder', async () => {
    const q = await quartet();
    await d().insert(userBlocks).values({ blockerId: q.olga.user.id, blockedId: q.alice.user.id });
    const before = await snapshot(d());
    const input = { groupId: q.groupId, name: 'Olga', username: q.olga.user.username };
    expect(await refusal((await q.alice.call()).members.add(input))).toMatchObject({
      appCode: 'BLOCKED_BY_USER',
      field: 'username',
    });
    expect(await snapshot(d())).toEqual(before);

    // Dave, another admin whom Olga did not block, may add her.
    const { memberId } = await (await q.dave.call()).members.add(input);
    expect(await seat(memberId)).toMatchObject({ userId: q.olga.user.id, status: 'PENDING' });

    // Blocking is directional: a user Alice blocked can still be added by Alice.
    const zed = await signUp(d(), 'Zed');
    await d().insert(userBlocks).values({ blockerId: q.alice.user.id, blockedId: zed.user.id });
    const added = await (await q.alice.call()).members.add({
      groupId: q.groupId,
      name: 'Zed',
      username: zed.user.username,
    });
    expect(await seat(added.memberId)).toMatchObject({ userId: zed.user.id, status: 'PENDING' });
  });

  it('brings a removed account back PENDING on its old seat, which keeps its expenses', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    const { id: expenseId } = await alice.expenses.create({
      groupId: t.groupId,
      name: 'Dinner',
      amountCents: 3000,
      paidById: t.b,
      participants: [t.a, t.b, t.c],
    });
    await alice.members.remove({ groupId: t.groupId, userId: t.bob.user.id });
    const back = await alice.members.add({
      groupId: t.groupId,
      name: 'Bobby',
      username: t.bob.user.username,
    });
    expect(back.memberId).toBe(t.b);
    expect(await seat(t.b)).toMatchObject({ userId: t.bob.user.id, status: 'PENDING', name: 'Bobby' });
    const seats = await d().select().from(groupMembers).where(eq(groupMembers.groupId, t.groupId));
    expect(seats).toHaveLength(3);
    const users = (await alice.groups.get({ groupId: t.groupId })).users;
    expect(users.map((u) => [u.name, u.membershipStatus])).toEqual([
      ['Alice', 'ACTIVE'],
      ['Bobby', 'PENDING'],
      ['Carl', 'ACTIVE'],
    ]);

    // Once Bob accepts, the old expense is his again.
    await setStatus(d(), t.groupId, t.bob.user.id, 'ACTIVE');
    const [expense] = (await (await t.bob.call()).expenses.list({ groupId: t.groupId })).items;
    expect(expense).toMatchObject({ id: expenseId, paidById: t.b, memberNames: {} });
  });
});

describe('members.remove', () => {
  it('refuses self-removal by userId and by memberId, even with another admin present', async () => {
    const q = await quartet();
    const before = await snapshot(d());
    const alice = await q.alice.call();
    expect(
      await refusal(alice.members.remove({ groupId: q.groupId, userId: q.alice.user.id })),
    ).toMatchObject({ appCode: 'FORBIDDEN' });
    expect(await refusal(alice.members.remove({ groupId: q.groupId, memberId: q.a }))).toMatchObject({
      appCode: 'FORBIDDEN',
    });
    expect(
      await refusal((await q.dave.call()).members.remove({ groupId: q.groupId, memberId: q.d })),
    ).toMatchObject({ appCode: 'FORBIDDEN' });
    expect(await snapshot(d())).toEqual(before);
  });

  it('removes by memberId or by userId, takes admin rights away, and logs MEMBER_REMOVED', async () => {
    const q = await quartet();
    const alice = await q.alice.call();
    expect(await alice.members.remove({ groupId: q.groupId, memberId: q.c })).toEqual({ ok: true });
    expect(await alice.members.remove({ groupId: q.groupId, userId: q.dave.user.id })).toEqual({ ok: true });
    expect(await seat(q.c)).toMatchObject({ status: 'REMOVED', name: 'Carl' });
    expect(await seat(q.d)).toMatchObject({ status: 'REMOVED', isAdmin: false, userId: q.dave.user.id });
    expect(await activeAdmins(q.groupId)).toEqual(['Alice']);
    const logs = await alice.logs.list({ groupId: q.groupId });
    expect(logs.slice(0, 2).map((l) => [l.action, l.details])).toEqual([
      ['MEMBER_REMOVED', { memberId: q.d, name: 'Dave' }],
      ['MEMBER_REMOVED', { memberId: q.c, name: 'Carl' }],
    ]);
  });

  it('answers NOT_FOUND for a seat that is not (or no longer) in the group', async () => {
    const t = await trio(d());
    const other = await trio(d());
    const alice = await t.alice.call();
    await alice.members.remove({ groupId: t.groupId, memberId: t.c });
    const before = await snapshot(d());
    for (const ref of [
      { memberId: t.c },
      { memberId: unknownId() },
      { memberId: other.c },
      { userId: other.bob.user.id },
    ]) {
      expect(await refusal(alice.members.remove({ groupId: t.groupId, ...ref }))).toMatchObject({
        appCode: 'NOT_FOUND',
      });
    }
    expect(await refusal(alice.members.remove({ groupId: t.groupId }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
    });
    expect(
      await refusal(alice.members.remove({ groupId: t.groupId, memberId: t.b, userId: t.bob.user.id })),
    ).toMatchObject({ appCode: 'VALIDATION_ERROR' });
    expect(await snapshot(d())).toEqual(before);
  });

  it('a removed member loses access to the group', async () => {
    const t = await trio(d());
    await (await t.alice.call()).members.remove({ groupId: t.groupId, userId: t.bob.user.id });
    const bob = await t.bob.call();
    for (const call of [
      () => bob.groups.get({ groupId: t.groupId }),
      () => bob.expenses.list({ groupId: t.groupId }),
      () => bob.balances.get({ groupId: t.groupId }),
      () => bob.logs.list({ groupId: t.groupId }),
      () => bob.expenses.create({ groupId: t.groupId, name: 'Sneaky', amountCents: 500, paidById: t.b }),
    ]) {
      expect(await refusal(call())).toMatchObject({ appCode: 'GROUP_NOT_FOUND' });
    }
    expect(await bob.groups.list()).toEqual([]);
  });

  it('a removed member leaves the member list but stays in old expenses and in stats while money refers to them', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    const { id: expenseId } = await alice.expenses.create({
      groupId: t.groupId,
      name: 'Dinner',
      amountCents: 3000,
      paidById: t.b,
      participants: [t.a, t.b, t.c],
    });
    const { memberId: dora } = await alice.members.add({ groupId: t.groupId, name: 'Dora' });
    await alice.members.remove({ groupId: t.groupId, userId: t.bob.user.id });
    await alice.members.remove({ groupId: t.groupId, memberId: dora });

    const group = await alice.groups.get({ groupId: t.groupId });
    expect(group.users.map((u) => u.name)).toEqual(['Alice', 'Carl']);

    const [expense] = (await alice.expenses.list({ groupId: t.groupId })).items;
    expect(expense).toMatchObject({ id: expenseId, paidById: t.b, memberNames: { [t.b]: 'Bob' } });
    expect(Object.keys(expense!.splitCents)).toEqual([t.a, t.b, t.c]);
    expect(await alice.expenses.get({ groupId: t.groupId, expenseId })).toMatchObject({
      participants: [t.a, t.b, t.c],
    });

    const balances = await alice.balances.get({ groupId: t.groupId });
    expect(balances.totalCents).toBe(3000);
    // Dora never touched money and is gone; Bob is still owed and shown as removed.
    const settled = { sentCents: 0, receivedCents: 0 };
    expect(balances.members).toEqual([
      {
        memberId: t.a,
        name: 'Alice',
        paidCents: 0,
        owedCents: 1000,
        ...settled,
        netCents: -1000,
        removed: false,
      },
      {
        memberId: t.b,
        name: 'Bob',
        paidCents: 3000,
        owedCents: 1000,
        ...settled,
        netCents: 2000,
        removed: true,
      },
      {
        memberId: t.c,
        name: 'Carl',
        paidCents: 0,
        owedCents: 1000,
        ...settled,
        netCents: -1000,
        removed: false,
      },
    ]);
    expect(balances.debts.map((x) => x.toMemberId)).toEqual([t.b, t.b]);
  });
});

describe('admin rights', () => {
  it('makeAdmin by userId lets the member administer, and logs ADMIN_GRANTED once', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    expect(await alice.members.makeAdmin({ groupId: t.groupId, userId: t.bob.user.id })).toEqual({
      ok: true,
    });
    expect(await seat(t.b)).toMatchObject({ isAdmin: true });
    // Granting again is a no-op and writes no second row.
    await alice.members.makeAdmin({ groupId: t.groupId, memberId: t.b });
    expect((await logActions(d(), t.groupId)).filter((a) => a === 'ADMIN_GRANTED')).toHaveLength(1);
    const [log] = await alice.logs.list({ groupId: t.groupId });
    expect(log).toMatchObject({ action: 'ADMIN_GRANTED', details: { memberId: t.b, name: 'Bob' } });

    const { memberId } = await (await t.bob.call()).members.add({ groupId: t.groupId, name: 'Dora' });
    expect(await seat(memberId)).toMatchObject({ status: 'ACTIVE' });
  });

  it('refuses make-admin for a seat without an account (VALIDATION_ERROR)', async () => {
    const t = await trio(d());
    const before = await snapshot(d());
    expect(
      await refusal((await t.alice.call()).members.makeAdmin({ groupId: t.groupId, memberId: t.c })),
    ).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'memberId' });
    expect(await snapshot(d())).toEqual(before);
  });

  it('makes a PENDING member with an account admin; they stay PENDING', async () => {
    const t = await trio(d());
    const dave = await signUp(d(), 'Dave');
    const alice = await t.alice.call();
    const { memberId } = await alice.members.add({
      groupId: t.groupId,
      name: 'Dave',
      username: dave.user.username,
    });
    await alice.members.makeAdmin({ groupId: t.groupId, memberId });
    expect(await seat(memberId)).toMatchObject({ isAdmin: true, status: 'PENDING' });
    // A PENDING admin does not count as the admin the group keeps.
    const before = await snapshot(d());
    expect(await refusal(alice.members.revokeAdmin({ groupId: t.groupId, memberId: t.a }))).toMatchObject({
      appCode: 'LAST_ADMIN',
    });
    expect(await snapshot(d())).toEqual(before);
  });

  it('refuses revoking the last admin with LAST_ADMIN, including the admin alone revoking themselves', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    const before = await snapshot(d());
    expect(
      await refusal(alice.members.revokeAdmin({ groupId: t.groupId, userId: t.alice.user.id })),
    ).toMatchObject({ appCode: 'LAST_ADMIN' });
    expect(await refusal(alice.members.revokeAdmin({ groupId: t.groupId, memberId: t.a }))).toMatchObject({
      appCode: 'LAST_ADMIN',
    });
    expect(await snapshot(d())).toEqual(before);
    expect(await activeAdmins(t.groupId)).toEqual(['Alice']);
  });

  it('revokes one of two admins; the other one then is the last', async () => {
    const q = await quartet();
    const alice = await q.alice.call();
    expect(await alice.members.revokeAdmin({ groupId: q.groupId, userId: q.dave.user.id })).toEqual({
      ok: true,
    });
    expect(await activeAdmins(q.groupId)).toEqual(['Alice']);
    const [log] = await alice.logs.list({ groupId: q.groupId });
    expect(log).toMatchObject({ action: 'ADMIN_REVOKED', details: { memberId: q.d, name: 'Dave' } });
    expect(
      await refusal((await q.dave.call()).members.add({ groupId: q.groupId, name: 'Eve' })),
    ).toMatchObject({ appCode: 'FORBIDDEN' });
    // Revoking a non-admin is a no-op that writes nothing.
    const before = await snapshot(d());
    await alice.members.revokeAdmin({ groupId: q.groupId, memberId: q.d });
    expect(await snapshot(d())).toEqual(before);
  });

  it('an admin may revoke their own rights while another admin remains', async () => {
    const q = await quartet();
    await (await q.alice.call()).members.revokeAdmin({ groupId: q.groupId, memberId: q.a });
    expect(await activeAdmins(q.groupId)).toEqual(['Dave']);
    expect(
      await refusal((await q.alice.call()).members.add({ groupId: q.groupId, name: 'Eve' })),
    ).toMatchObject({ appCode: 'FORBIDDEN' });
    expect(
      await refusal((await q.dave.call()).members.revokeAdmin({ groupId: q.groupId, memberId: q.d })),
    ).toMatchObject({ appCode: 'LAST_ADMIN' });
  });

  it('two admins revoking each other at the same time: one succeeds, one gets LAST_ADMIN', async () => {
    const q = await quartet();
    const [alice, dave] = [await q.alice.call(), await q.dave.call()];
    const results = await raceOnSeats(
      db.current,
      [q.a, q.d],
      [
        () => alice.members.revokeAdmin({ groupId: q.groupId, memberId: q.d }),
        () => dave.members.revokeAdmin({ groupId: q.groupId, memberId: q.a }),
      ],
    );
    // PGlite runs transactions one after another: the loser is then no admin any more.
    expect((await outcomes(results)).sort()).toEqual(
      [db.current.kind === 'postgres' ? 'LAST_ADMIN' : 'FORBIDDEN', 'ok'].sort(),
    );
    expect(await activeAdmins(q.groupId)).toHaveLength(1);
    expect((await logActions(d(), q.groupId)).filter((a) => a === 'ADMIN_REVOKED')).toHaveLength(1);
  });

  it('two admins removing each other at the same time: one succeeds, the group keeps its admin', async () => {
    const q = await quartet();
    const [alice, dave] = [await q.alice.call(), await q.dave.call()];
    const results = await raceOnSeats(
      db.current,
      [q.a, q.d],
      [
        () => alice.members.remove({ groupId: q.groupId, memberId: q.d }),
        () => dave.members.remove({ groupId: q.groupId, memberId: q.a }),
      ],
    );
    // The loser waited on the winner and finds itself no admin; on PGlite it was removed before it began.
    expect((await outcomes(results)).sort()).toEqual(
      [db.current.kind === 'postgres' ? 'FORBIDDEN' : 'GROUP_NOT_FOUND', 'ok'].sort(),
    );
    expect(await activeAdmins(q.groupId)).toHaveLength(1);
    expect((await logActions(d(), q.groupId)).filter((a) => a === 'MEMBER_REMOVED')).toHaveLength(1);
  });
});

describe('the activity log', () => {
  it('gets one row per action with the right action, newest first', async () => {
    const t = await trio(d());
    const dave = await signUp(d(), 'Dave');
    const alice = await t.alice.call();
    const g = t.groupId;
    const count = async () => (await d().select().from(groupLogs).where(eq(groupLogs.groupId, g))).length;
    const steps: [string, () => Promise<unknown>][] = [
      ['MEMBER_ADDED', () => alice.members.add({ groupId: g, name: 'Dora' })],
      ['MEMBER_INVITED', () => alice.members.add({ groupId: g, name: 'Dave', username: dave.user.username })],
      ['ADMIN_GRANTED', () => alice.members.makeAdmin({ groupId: g, userId: t.bob.user.id })],
      ['ADMIN_REVOKED', () => alice.members.revokeAdmin({ groupId: g, userId: t.bob.user.id })],
      ['MEMBER_REMOVED', () => alice.members.remove({ groupId: g, userId: dave.user.id })],
    ];
    for (const [action, step] of steps) {
      const before = await count();
      await step();
      expect(await count()).toBe(before + 1);
      const [newest] = await alice.logs.list({ groupId: g });
      expect(newest).toMatchObject({ action, actor: { id: t.a, name: 'Alice' } });
    }
    const logs = await alice.logs.list({ groupId: g });
    expect(logs.map((l) => l.action)).toEqual([
      'MEMBER_REMOVED',
      'ADMIN_REVOKED',
      'ADMIN_GRANTED',
      'MEMBER_INVITED',
      'MEMBER_ADDED',
      'GROUP_CREATED',
    ]);
    const dates = logs.map((l) => Date.parse(l.date));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    // Every member sees the same log.
    expect(await (await t.bob.call()).logs.list({ groupId: g })).toEqual(logs);
  });
});

describe('members.rename (issue 27)', () => {
  it('renames a member without an account, logs MEMBER_RENAMED; an account’s seat, an ordinary member and a blank name are refused', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    await alice.members.rename({ groupId: t.groupId, memberId: t.c, name: '  Carlos ' });
    expect((await seat(t.c)).name).toBe('Carlos');
    const [log] = await alice.logs.list({ groupId: t.groupId });
    expect(log).toMatchObject({
      action: 'MEMBER_RENAMED',
      actor: { name: 'Alice' },
      details: { memberId: t.c, name: 'Carlos', previousName: 'Carl' },
    });
    // Bob holds his seat with an account: his name is his to set.
    expect(
      await refusal(alice.members.rename({ groupId: t.groupId, memberId: t.b, name: 'Robert' })),
    ).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'memberId' });
    const bob = await t.bob.call();
    expect(
      (await refusal(bob.members.rename({ groupId: t.groupId, memberId: t.c, name: 'X' }))).appCode,
    ).toBe('FORBIDDEN');
    expect(
      (await refusal(alice.members.rename({ groupId: t.groupId, memberId: t.c, name: '   ' }))).appCode,
    ).toBe('VALIDATION_ERROR');
    expect((await seat(t.c)).name).toBe('Carlos');
  });
});
