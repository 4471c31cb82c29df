import { groupLogs, groupMembers, invites } from '@dolya/db';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  logActions,
  raceOnSeats,
  refusal,
  setSeatStatus,
  setStatus,
  snapshot,
  trio,
  unknownId,
} from './fixtures';
import { browser, signUp, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

async function seat(memberId: string) {
  const [row] = await d().select().from(groupMembers).where(eq(groupMembers.id, memberId));
  if (!row) throw new Error(`no seat ${memberId}`);
  return row;
}

async function liveRows(groupId: string) {
  return d()
    .select()
    .from(invites)
    .where(and(eq(invites.groupId, groupId), isNull(invites.revokedAt)));
}

/** The trio plus a live invite link created by Alice. */
async function invited(ttlSeconds?: number) {
  const t = await trio(d());
  const invite = await (await t.alice.call()).invites.create({ groupId: t.groupId, ttlSeconds });
  return { ...t, token: invite.token, invite };
}

/** 'ok' for a call that succeeded, else the code it was refused with. */
async function outcomes(results: PromiseSettledResult<unknown>[]) {
  return Promise.all(
    results.map(async (r) =>
      r.status === 'fulfilled' ? 'ok' : (await refusal(Promise.reject(r.reason))).appCode,
    ),
  );
}

describe('invite links (admin side)', () => {
  it('creates an unguessable link without expiry by default and reads it back', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    expect(await alice.invites.get({ groupId: t.groupId })).toBeNull();
    const invite = await alice.invites.create({ groupId: t.groupId });
    expect(invite).toEqual({ token: expect.any(String), expiresAt: null, ttlSeconds: null });
    // 32 random bytes in base64url: 43 characters, 256 bits.
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await alice.invites.get({ groupId: t.groupId })).toEqual(invite);
    const zero = await alice.invites.create({ groupId: t.groupId, ttlSeconds: 0 });
    expect(zero.expiresAt).toBeNull();
    expect(zero.token).not.toBe(invite.token);
    expect(await logActions(d(), t.groupId)).toContain('INVITE_CREATED');
  });

  it('sets the expiry from ttlSeconds', async () => {
    const t = await trio(d());
    const before = Date.now();
    const invite = await (await t.alice.call()).invites.create({ groupId: t.groupId, ttlSeconds: 3600 });
    expect(invite.ttlSeconds).toBe(3600);
    const expires = new Date(invite.expiresAt!).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
  });

  it('keeps one live link per group: creating revokes the previous one', async () => {
    const t = await invited();
    const alice = await t.alice.call();
    const second = await alice.invites.create({ groupId: t.groupId, ttlSeconds: 60 });
    expect((await liveRows(t.groupId)).map((r) => r.token)).toEqual([second.token]);
    expect((await refusal(alice.invites.preview({ token: t.token }))).appCode).toBe('INVITE_INVALID');
    expect((await alice.invites.preview({ token: second.token })).groupId).toBe(t.groupId);
    expect(await alice.invites.get({ groupId: t.groupId })).toEqual(second);
  });

  it('keeps one live link when two creates run at once', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    await Promise.all([
      alice.invites.create({ groupId: t.groupId }),
      alice.invites.create({ groupId: t.groupId }),
      alice.invites.create({ groupId: t.groupId }),
    ]);
    expect(await liveRows(t.groupId)).toHaveLength(1);
  });

  it('revokes: the link stops working and none is left; revoking nothing is fine', async () => {
    const t = await invited();
    const alice = await t.alice.call();
    await expect(alice.invites.revoke({ groupId: t.groupId })).resolves.toEqual({ ok: true });
    expect(await alice.invites.get({ groupId: t.groupId })).toBeNull();
    expect((await refusal(alice.invites.preview({ token: t.token }))).appCode).toBe('INVITE_INVALID');
    await expect(alice.invites.revoke({ groupId: t.groupId })).resolves.toEqual({ ok: true });
    expect((await logActions(d(), t.groupId)).filter((a) => a === 'INVITE_REVOKED')).toHaveLength(1);
  });

  it('is for admins only: an ordinary member gets FORBIDDEN, an outsider GROUP_NOT_FOUND', async () => {
    const t = await invited();
    const bob = await t.bob.call();
    const mallory = await (await signUp(d(), 'Mallory')).call();
    for (const caller of [bob, mallory]) {
      const code = caller === bob ? 'FORBIDDEN' : 'GROUP_NOT_FOUND';
      expect((await refusal(caller.invites.create({ groupId: t.groupId }))).appCode).toBe(code);
      expect((await refusal(caller.invites.get({ groupId: t.groupId }))).appCode).toBe(code);
      expect((await refusal(caller.invites.revoke({ groupId: t.groupId }))).appCode).toBe(code);
    }
    expect((await liveRows(t.groupId)).map((r) => r.token)).toEqual([t.token]);
  });

  it('refuses a negative or fractional lifetime', async () => {
    const t = await trio(d());
    const alice = await t.alice.call();
    for (const ttlSeconds of [-1, 1.5]) {
      expect((await refusal(alice.invites.create({ groupId: t.groupId, ttlSeconds }))).appCode).toBe(
        'VALIDATION_ERROR',
      );
    }
    expect(await liveRows(t.groupId)).toHaveLength(0);
  });
});

describe('invite preview', () => {
  it('shows the group and its seats, and whether the caller is a member', async () => {
    const t = await invited();
    const dina = (await (await t.alice.call()).members.add({ groupId: t.groupId, name: 'Dina' })).memberId;
    await setSeatStatus(d(), dina, 'REMOVED');
    const preview = await (await t.alice.call()).invites.preview({ token: t.token });
    expect(preview).toEqual({
      groupId: t.groupId,
      groupName: 'Trip',
      users: [
        { memberId: t.a, id: t.alice.user.id, name: 'Alice', username: t.alice.user.username },
        { memberId: t.b, id: t.bob.user.id, name: 'Bob', username: t.bob.user.username },
        { memberId: t.c, id: null, name: 'Carl', username: null },
      ],
      alreadyMember: true,
    });
    const mallory = await signUp(d(), 'Mallory');
    expect((await (await mallory.call()).invites.preview({ token: t.token })).alreadyMember).toBe(false);
    // A PENDING member is not in yet.
    await setStatus(d(), t.groupId, t.bob.user.id, 'PENDING');
    expect((await (await t.bob.call()).invites.preview({ token: t.token })).alreadyMember).toBe(false);
  });

  it('is open to guests (alreadyMember false)', async () => {
    const t = await invited();
    const guest = await (await browser(d())).call();
    const preview = await guest.invites.preview({ token: t.token });
    expect(preview).toMatchObject({ groupId: t.groupId, groupName: 'Trip', alreadyMember: false });
    expect(preview.users).toHaveLength(3);
  });

  it('answers INVITE_INVALID for an unknown, expired or revoked link and for a deleted group', async () => {
    const t = await invited();
    const guest = await (await browser(d())).call();
    for (const token of ['made-up', `${t.token}x`, t.token.slice(0, -1)])
      expect((await refusal(guest.invites.preview({ token }))).appCode).toBe('INVITE_INVALID');

    await d()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, t.token));
    expect((await refusal(guest.invites.preview({ token: t.token }))).appCode).toBe('INVITE_INVALID');
    expect(await (await t.alice.call()).invites.get({ groupId: t.groupId })).toBeNull();

    const u = await invited();
    await (await u.alice.call()).groups.delete({ groupId: u.groupId });
    expect((await refusal(guest.invites.preview({ token: u.token }))).appCode).toBe('INVITE_INVALID');
  });
});

describe('claiming a seat', () => {
  it('gives the seat without an account to the caller, with its history', async () => {
    const t = await invited();
    const alice = await t.alice.call();
    const { id: expenseId } = await alice.expenses.create({
      groupId: t.groupId,
      name: 'Dinner',
      amountCents: 9000,
      paidById: t.c,
      splitMethod: 'shares',
      sharesInput: { [t.a]: 1, [t.b]: 1, [t.c]: 1 },
    });
    const balancesBefore = await alice.balances.get({ groupId: t.groupId });

    const carl = await signUp(d(), 'Carlos');
    const call = await carl.call();
    expect(await call.invites.claim({ token: t.token, memberId: t.c })).toEqual({ groupId: t.groupId });

    expect(await seat(t.c)).toMatchObject({ userId: carl.user.id, status: 'ACTIVE', name: 'Carl', share: 1 });
    expect((await call.groups.list()).map((g) => g.id)).toContain(t.groupId);
    const group = await call.groups.get({ groupId: t.groupId });
    expect(group.users.find((u) => u.isCurrentUser)?.memberId).toBe(t.c);
    const { items: expenses } = await call.expenses.list({ groupId: t.groupId });
    expect(expenses.map((e) => [e.id, e.paidById])).toEqual([[expenseId, t.c]]);
    expect(await call.balances.get({ groupId: t.groupId })).toEqual(balancesBefore);
    expect(await alice.balances.get({ groupId: t.groupId })).toEqual(balancesBefore);
    expect((await call.invites.preview({ token: t.token })).alreadyMember).toBe(true);

    const [log] = await d()
      .select()
      .from(groupLogs)
      .where(and(eq(groupLogs.groupId, t.groupId), eq(groupLogs.action, 'SEAT_CLAIMED')));
    expect(log).toMatchObject({ actorMemberId: t.c, details: { memberId: t.c, userId: carl.user.id } });
  });

  it('answers SEAT_TAKEN for a seat with an account, also one claimed a moment ago', async () => {
    const t = await invited();
    const first = await signUp(d(), 'First');
    const second = await signUp(d(), 'Second');
    expect(
      (await refusal((await first.call()).invites.claim({ token: t.token, memberId: t.b }))).appCode,
    ).toBe('SEAT_TAKEN');
    await (await first.call()).invites.claim({ token: t.token, memberId: t.c });
    const before = await snapshot(d());
    expect(
      (await refusal((await second.call()).invites.claim({ token: t.token, memberId: t.c }))).appCode,
    ).toBe('SEAT_TAKEN');
    expect(await snapshot(d())).toEqual(before);
    expect((await seat(t.c)).userId).toBe(first.user.id);
  });

  it('refuses a caller who already has a seat in the group (CONFLICT)', async () => {
    const t = await invited();
    const bob = await t.bob.call();
    expect((await refusal(bob.invites.claim({ token: t.token, memberId: t.c }))).appCode).toBe('CONFLICT');
    expect((await seat(t.c)).userId).toBeNull();
  });

  it('answers NOT_FOUND for a removed seat or a seat of another group', async () => {
    const t = await invited();
    const other = await trio(d());
    const mallory = await (await signUp(d(), 'Mallory')).call();
    expect((await refusal(mallory.invites.claim({ token: t.token, memberId: other.c }))).appCode).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(mallory.invites.claim({ token: t.token, memberId: unknownId() }))).appCode).toBe(
      'NOT_FOUND',
    );
    await setSeatStatus(d(), t.c, 'REMOVED');
    expect((await refusal(mallory.invites.claim({ token: t.token, memberId: t.c }))).appCode).toBe(
      'NOT_FOUND',
    );
    expect((await seat(other.c)).userId).toBeNull();
  });

  it('answers INVITE_INVALID for an unknown, revoked or expired link', async () => {
    const t = await invited();
    const mallory = await (await signUp(d(), 'Mallory')).call();
    expect((await refusal(mallory.invites.claim({ token: 'made-up', memberId: t.c }))).appCode).toBe(
      'INVITE_INVALID',
    );
    await d()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, t.token));
    expect((await refusal(mallory.invites.claim({ token: t.token, memberId: t.c }))).appCode).toBe(
      'INVITE_INVALID',
    );
    const fresh = await (await t.alice.call()).invites.create({ groupId: t.groupId });
    await (await t.alice.call()).invites.revoke({ groupId: t.groupId });
    expect((await refusal(mallory.invites.claim({ token: fresh.token, memberId: t.c }))).appCode).toBe(
      'INVITE_INVALID',
    );
    expect((await seat(t.c)).userId).toBeNull();
  });

  it('lets exactly one of two users claiming the same seat at once win; the other gets SEAT_TAKEN', async () => {
    const t = await invited();
    const first = await signUp(d(), 'First');
    const second = await signUp(d(), 'Second');
    const [c1, c2] = [await first.call(), await second.call()];
    const results = await raceOnSeats(
      db.current,
      [t.c],
      [
        () => c1.invites.claim({ token: t.token, memberId: t.c }),
        () => c2.invites.claim({ token: t.token, memberId: t.c }),
      ],
    );
    expect((await outcomes(results)).sort()).toEqual(['SEAT_TAKEN', 'ok']);
    const winner = results[0]!.status === 'fulfilled' ? first : second;
    expect(await seat(t.c)).toMatchObject({ userId: winner.user.id, status: 'ACTIVE' });
    expect((await logActions(d(), t.groupId)).filter((a) => a === 'SEAT_CLAIMED')).toHaveLength(1);
  });
});

describe('joining as a new member', () => {
  it('adds an ACTIVE seat with the account name and share 1; again is a no-op', async () => {
    const t = await invited();
    const mallory = await signUp(d(), 'Mallory');
    const call = await mallory.call();
    expect(await call.invites.joinNew({ token: t.token })).toEqual({ groupId: t.groupId });
    const seats = await d()
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, t.groupId), eq(groupMembers.userId, mallory.user.id)));
    expect(seats).toHaveLength(1);
    expect(seats[0]).toMatchObject({
      name: 'Mallory',
      share: 1,
      status: 'ACTIVE',
      isAdmin: false,
      position: 3,
    });
    expect((await call.groups.list()).map((g) => g.id)).toContain(t.groupId);
    expect(await call.invites.joinNew({ token: t.token })).toEqual({ groupId: t.groupId });
    expect(await d().select().from(groupMembers).where(eq(groupMembers.groupId, t.groupId))).toHaveLength(4);
    expect((await logActions(d(), t.groupId)).filter((a) => a === 'MEMBER_JOINED')).toHaveLength(1);
  });

  it('brings back a REMOVED or PENDING seat of the caller instead of adding one', async () => {
    for (const status of ['REMOVED', 'PENDING'] as const) {
      const t = await invited();
      await setStatus(d(), t.groupId, t.bob.user.id, status);
      const bob = await t.bob.call();
      expect(await bob.invites.joinNew({ token: t.token })).toEqual({ groupId: t.groupId });
      expect(await seat(t.b)).toMatchObject({ userId: t.bob.user.id, status: 'ACTIVE' });
      expect(await d().select().from(groupMembers).where(eq(groupMembers.groupId, t.groupId))).toHaveLength(
        3,
      );
      expect(await logActions(d(), t.groupId)).toContain('MEMBER_JOINED');
    }
  });

  it('answers INVITE_INVALID for an unknown, revoked or expired link', async () => {
    const t = await invited(60);
    const mallory = await (await signUp(d(), 'Mallory')).call();
    expect((await refusal(mallory.invites.joinNew({ token: 'made-up' }))).appCode).toBe('INVITE_INVALID');
    await d()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, t.token));
    const before = await snapshot(d());
    expect((await refusal(mallory.invites.joinNew({ token: t.token }))).appCode).toBe('INVITE_INVALID');
    expect(await snapshot(d())).toEqual(before);
    const fresh = await (await t.alice.call()).invites.create({ groupId: t.groupId });
    await (await t.alice.call()).invites.revoke({ groupId: t.groupId });
    expect((await refusal(mallory.invites.joinNew({ token: fresh.token }))).appCode).toBe('INVITE_INVALID');
    const seats = await d().select().from(groupMembers).where(eq(groupMembers.groupId, t.groupId));
    expect(seats).toHaveLength(3);
  });

  it('needs a session', async () => {
    const t = await invited();
    const guest = await (await browser(d())).call();
    expect((await refusal(guest.invites.joinNew({ token: t.token }))).appCode).toBe('UNAUTHORIZED');
    expect((await refusal(guest.invites.claim({ token: t.token, memberId: t.c }))).appCode).toBe(
      'UNAUTHORIZED',
    );
  });
});
