import { groupLogs, groups } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logActions, refusal, setSeatStatus, setStatus, snapshot, trio, unknownId } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();

describe('groups.create', () => {
  it('seats the creator first as admin with share 1, then the members in the order given', async () => {
    const alice = await signUp(db.current.db, 'Alice');
    const bob = await signUp(db.current.db, 'Bob');
    const call = await alice.call();
    const { id } = await call.groups.create({
      name: 'Trip',
      currency: 'EUR',
      users: [
        { name: 'Alice herself', isCurrentUser: true, isAdmin: true, share: 5 },
        { id: alice.user.id, name: 'Alice again' },
        { name: 'Carl' },
        { name: 'Dina', share: 3, isAdmin: true },
        { id: unknownId(), name: 'Temp' },
        { id: bob.user.id, name: 'Bob', share: 0 },
      ],
    });
    const group = await call.groups.get({ groupId: id });
    expect(group).toMatchObject({ id, name: 'Trip', currency: 'EUR' });
    expect(group.users).toEqual([
      {
        id: alice.user.id,
        memberId: expect.any(String),
        name: 'Alice',
        username: alice.user.username,
        isAdmin: true,
        registered: true,
        membershipStatus: 'ACTIVE',
        share: 1,
        isCurrentUser: true,
        telegramUsername: null,
      },
      expect.objectContaining({ id: null, name: 'Carl', share: 1, isAdmin: false, registered: false }),
      // A client cannot make an added member admin at creation.
      expect.objectContaining({ id: null, name: 'Dina', share: 3, isAdmin: false, registered: false }),
      // An id that is no account (a client's temporary id) is a seat without an account.
      expect.objectContaining({ id: null, name: 'Temp', username: null, registered: false }),
      // An account added by someone else waits for its owner.
      expect.objectContaining({
        id: bob.user.id,
        name: 'Bob',
        share: 0,
        registered: true,
        membershipStatus: 'PENDING',
        isCurrentUser: false,
      }),
    ]);
    expect(group.users.filter((u) => u.membershipStatus === 'ACTIVE' && u.id === null)).toHaveLength(3);
    expect(new Set(group.users.map((u) => u.memberId)).size).toBe(5);
  });

  it('upper-cases and validates the currency, defaulting to RUB', async () => {
    const call = await (await signUp(db.current.db, 'Cur')).call();
    const lower = await call.groups.create({ name: 'Lower', currency: ' usd ' });
    expect((await call.groups.get({ groupId: lower.id })).currency).toBe('USD');
    const plain = await call.groups.create({ name: 'Default' });
    expect((await call.groups.get({ groupId: plain.id })).currency).toBe('RUB');
    const before = await snapshot(db.current.db);
    expect(await refusal(call.groups.create({ name: 'Bad', currency: 'XYZ' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'currency',
    });
    expect(await refusal(call.groups.create({ name: '   ' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'name',
    });
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('writes one GROUP_CREATED log row with the creator as actor', async () => {
    const { call } = await signUp(db.current.db, 'Logger');
    const { id } = await (await call()).groups.create({ name: 'Logged', users: [{ name: 'X' }] });
    const logs = await (await call()).logs.list({ groupId: id });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'GROUP_CREATED', actor: { name: 'Logger' } });
  });
});

describe('groups.list', () => {
  it('lists only the groups where the caller holds an ACTIVE seat, with their members', async () => {
    const t = await trio(db.current.db);
    const other = await (await t.alice.call()).groups.create({ name: 'Alice only' });
    const bobs = async () => (await (await t.bob.call()).groups.list()).map((g) => g.id);

    const [listed] = await (await t.bob.call()).groups.list();
    expect(listed).toMatchObject({ id: t.groupId, name: 'Trip' });
    expect(listed!.users.map((u) => [u.name, u.isCurrentUser])).toEqual([
      ['Alice', false],
      ['Bob', true],
      ['Carl', false],
    ]);
    expect(await bobs()).toEqual([t.groupId]);
    expect((await (await t.alice.call()).groups.list()).map((g) => g.id).sort()).toEqual(
      [t.groupId, other.id].sort(),
    );

    await setStatus(db.current.db, t.groupId, t.bob.user.id, 'PENDING');
    expect(await bobs()).toEqual([]);
    await setStatus(db.current.db, t.groupId, t.bob.user.id, 'REMOVED');
    expect(await bobs()).toEqual([]);
  });

  it("carries each caller's net in the group in cents, matching balances.get", async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const empty = await call.groups.create({ name: 'Nothing yet' });
    await call.expenses.create({ groupId: t.groupId, name: 'Hotel', amountCents: 9001, paidById: t.a });
    await call.expenses.create({
      groupId: t.groupId,
      amountCents: 2000,
      settlement: true,
      settlementFromId: t.b,
      settlementToId: t.a,
    });
    const nets = async (actor: typeof t.alice) =>
      Object.fromEntries((await (await actor.call()).groups.list()).map((g) => [g.id, g.myNetCents]));
    const balances = await call.balances.get({ groupId: t.groupId });
    const netOf = (memberId: string) => balances.members.find((m) => m.memberId === memberId)!.netCents;
    expect(await nets(t.alice)).toEqual({ [t.groupId]: netOf(t.a), [empty.id]: 0 });
    expect(await nets(t.bob)).toEqual({ [t.groupId]: netOf(t.b) });
    expect(netOf(t.b)).toBe(-1000);
  });

  it('leaves out removed seats from the member list', async () => {
    const t = await trio(db.current.db);
    await setSeatStatus(db.current.db, t.c, 'REMOVED');
    const [listed] = await (await t.alice.call()).groups.list();
    expect(listed!.users.map((u) => u.name)).toEqual(['Alice', 'Bob']);
  });
});

describe('groups.update', () => {
  it('lets the admin rename (trimmed), change currency and default shares, with one log row', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    const updated = await call.groups.update({
      groupId: t.groupId,
      name: '  Summer trip  ',
      currency: 'gbp',
      users: [
        { memberId: t.c, share: 3 },
        { id: t.bob.user.id, share: 2 },
      ],
    });
    expect(updated).toMatchObject({ name: 'Summer trip', currency: 'GBP' });
    expect(updated.users.map((u) => [u.name, u.share])).toEqual([
      ['Alice', 1],
      ['Bob', 2],
      ['Carl', 3],
    ]);
    expect(await call.groups.get({ groupId: t.groupId })).toEqual(updated);
    expect(await logActions(db.current.db, t.groupId)).toEqual(['GROUP_CREATED', 'GROUP_UPDATED']);
  });

  it('ignores a blank name', async () => {
    const t = await trio(db.current.db);
    const updated = await (await t.alice.call()).groups.update({
      groupId: t.groupId,
      name: '   ',
      currency: 'USD',
    });
    expect(updated).toMatchObject({ name: 'Trip', currency: 'USD' });
  });

  it('refuses a non-admin member with FORBIDDEN and changes nothing', async () => {
    const t = await trio(db.current.db);
    const before = await snapshot(db.current.db);
    const error = await refusal(
      (await t.bob.call()).groups.update({
        groupId: t.groupId,
        name: 'Mine now',
        users: [{ memberId: t.b, share: 100 }],
      }),
    );
    expect(error.appCode).toBe('FORBIDDEN');
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('refuses an unknown or removed memberId with INVALID_MEMBER, keeping the rename of the same call undone', async () => {
    const t = await trio(db.current.db);
    await setSeatStatus(db.current.db, t.c, 'REMOVED');
    const before = await snapshot(db.current.db);
    for (const memberId of [unknownId(), t.c]) {
      const error = await refusal(
        (await t.alice.call()).groups.update({
          groupId: t.groupId,
          name: 'Renamed',
          users: [
            { memberId: t.b, share: 4 },
            { memberId, share: 2 },
          ],
        }),
      );
      expect(error).toMatchObject({ appCode: 'INVALID_MEMBER', field: 'users' });
    }
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('sets the time zone (Europe/Moscow by default) with a log row, and refuses an unknown one', async () => {
    const t = await trio(db.current.db);
    const call = await t.alice.call();
    expect((await call.groups.get({ groupId: t.groupId })).timeZone).toBe('Europe/Moscow');
    const updated = await call.groups.update({ groupId: t.groupId, timeZone: 'Asia/Yekaterinburg' });
    expect(updated.timeZone).toBe('Asia/Yekaterinburg');
    expect((await call.groups.get({ groupId: t.groupId })).timeZone).toBe('Asia/Yekaterinburg');
    expect(await logActions(db.current.db, t.groupId)).toEqual(['GROUP_CREATED', 'GROUP_UPDATED']);
    const before = await snapshot(db.current.db);
    const error = await refusal(call.groups.update({ groupId: t.groupId, timeZone: 'Mars/Olympus' }));
    expect(error).toMatchObject({ appCode: 'VALIDATION_ERROR', field: 'timeZone' });
    expect(await snapshot(db.current.db)).toEqual(before);
  });

  it('refuses a negative share with VALIDATION_ERROR', async () => {
    const t = await trio(db.current.db);
    const error = await refusal(
      (await t.alice.call()).groups.update({ groupId: t.groupId, users: [{ memberId: t.c, share: -1 }] }),
    );
    expect(error.appCode).toBe('VALIDATION_ERROR');
    expect(error.field).toMatch(/^users\.0\.share/);
  });
});

describe('groups.delete', () => {
  it('lets the admin delete: gone from the list, GROUP_NOT_FOUND after, a log row kept', async () => {
    const t = await trio(db.current.db);
    expect(await (await t.alice.call()).groups.delete({ groupId: t.groupId })).toEqual({ ok: true });
    for (const who of [t.alice, t.bob]) {
      expect((await (await who.call()).groups.list()).map((g) => g.id)).not.toContain(t.groupId);
      const caller = await who.call();
      // Each read checks access inside its own query (access.ts requireSeatAmong): all refuse.
      for (const read of [
        () => caller.groups.get({ groupId: t.groupId }),
        () => caller.balances.get({ groupId: t.groupId }),
        () => caller.expenses.list({ groupId: t.groupId }),
        () => caller.expenses.list({ groupId: t.groupId, cursor: 'not-a-cursor' }),
      ]) {
        expect((await refusal(read())).appCode).toBe('GROUP_NOT_FOUND');
      }
    }
    expect((await refusal((await t.alice.call()).groups.delete({ groupId: t.groupId }))).appCode).toBe(
      'GROUP_NOT_FOUND',
    );
    // A soft delete: the row and its history stay.
    const [row] = await db.current.db.select().from(groups).where(eq(groups.id, t.groupId));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const logs = await db.current.db.select().from(groupLogs).where(eq(groupLogs.groupId, t.groupId));
    expect(logs.map((l) => l.action).sort()).toEqual(['GROUP_CREATED', 'GROUP_DELETED']);
  });

  it('refuses a non-admin member with FORBIDDEN and changes nothing', async () => {
    const t = await trio(db.current.db);
    const before = await snapshot(db.current.db);
    expect((await refusal((await t.bob.call()).groups.delete({ groupId: t.groupId }))).appCode).toBe(
      'FORBIDDEN',
    );
    expect(await snapshot(db.current.db)).toEqual(before);
  });
});
