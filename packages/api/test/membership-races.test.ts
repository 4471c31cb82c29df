import { groupLogs, groupMembers } from '@dolya/db';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../src/error-mapping';
import { signUp, useTestDatabase } from './harness';

/**
 * Everything that gives an account (or a new seat) a place in a group, run many times at once:
 * concurrent duplicates answer what a sequential duplicate answers, never INTERNAL, and positions
 * in the group stay unique.
 */
const db = useTestDatabase();
const d = () => db.current.db;
const MANY = 20;

/** 'ok' for a call that succeeded, else the code it was refused with. */
function outcomes(results: PromiseSettledResult<unknown>[]): string[] {
  return results.map((r) => (r.status === 'fulfilled' ? 'ok' : toAppError(r.reason).appCode));
}

function count(list: string[], value: string) {
  return list.filter((item) => item === value).length;
}

async function seats(groupId: string) {
  return d()
    .select()
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.position));
}

async function expectUniquePositions(groupId: string) {
  const positions = (await seats(groupId)).map((s) => s.position);
  expect(new Set(positions).size).toBe(positions.length);
}

async function seatsOf(groupId: string, userId: string) {
  return d()
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

/** Ann's group with an invite link. */
async function group() {
  const ann = await signUp(d(), 'Ann');
  const { id: groupId } = await (await ann.call()).groups.create({ name: 'Trip', users: [] });
  const { token } = await (await ann.call()).invites.create({ groupId });
  return { ann, groupId, token };
}

describe('adding the same account at once', () => {
  it(`${MANY} adds by username: one PENDING seat, the rest CONFLICT as one after another would`, async () => {
    const { ann, groupId } = await group();
    const bob = await signUp(d(), 'Bob');
    const call = await ann.call();
    const results = await Promise.allSettled(
      Array.from({ length: MANY }, () =>
        call.members.add({ groupId, name: 'Bob', username: bob.user.username }),
      ),
    );
    const got = outcomes(results);
    expect(count(got, 'ok')).toBe(1);
    expect(count(got, 'CONFLICT')).toBe(MANY - 1);
    expect(await seatsOf(groupId, bob.user.id)).toHaveLength(1);
    expect(await (await bob.call()).notifications.list()).toHaveLength(1);
    await expectUniquePositions(groupId);
  });

  it(`${MANY} adds of a removed account by username: brought back once, the rest CONFLICT`, async () => {
    const { ann, groupId } = await group();
    const bob = await signUp(d(), 'Bob');
    const call = await ann.call();
    const { memberId } = await call.members.add({ groupId, name: 'Bob', username: bob.user.username });
    await call.members.remove({ groupId, memberId });
    const results = await Promise.allSettled(
      Array.from({ length: MANY }, () =>
        call.members.add({ groupId, name: 'Bob', username: bob.user.username }),
      ),
    );
    const got = outcomes(results);
    expect(count(got, 'ok')).toBe(1);
    expect(count(got, 'CONFLICT')).toBe(MANY - 1);
    const logged = await d().select().from(groupLogs).where(eq(groupLogs.groupId, groupId));
    expect(logged.filter((l) => l.action === 'MEMBER_INVITED')).toHaveLength(2);
  });

  it(`${MANY} joins through the link by one account: all answer the group, one seat, one log row`, async () => {
    const { groupId, token } = await group();
    const bob = await signUp(d(), 'Bob');
    const call = await bob.call();
    const results = await Promise.allSettled(
      Array.from({ length: MANY }, () => call.invites.joinNew({ token })),
    );
    expect(outcomes(results)).toEqual(Array(MANY).fill('ok'));
    for (const r of results) expect(r).toMatchObject({ value: { groupId } });
    expect(await seatsOf(groupId, bob.user.id)).toMatchObject([{ status: 'ACTIVE' }]);
    const logged = await d().select().from(groupLogs).where(eq(groupLogs.groupId, groupId));
    expect(logged.filter((l) => l.action === 'MEMBER_JOINED')).toHaveLength(1);
  });

  it('an add by username, a join, a claim and an accept of one account at once: never INTERNAL, one seat', async () => {
    for (let round = 0; round < 4; round++) {
      const { ann, groupId, token } = await group();
      const bob = await signUp(d(), 'Bob');
      const annCall = await ann.call();
      const bobCall = await bob.call();
      const { memberId: emptySeat } = await annCall.members.add({ groupId, name: 'Seat' });
      const results = await Promise.allSettled([
        annCall.members.add({ groupId, name: 'Bob', username: bob.user.username }),
        bobCall.invites.joinNew({ token }),
        bobCall.invites.claim({ token, memberId: emptySeat }),
        annCall.members.add({ groupId, name: 'Bob', username: bob.user.username }),
        bobCall.invites.joinNew({ token }),
        bobCall.invites.claim({ token, memberId: emptySeat }),
      ]);
      const got = outcomes(results);
      for (const code of got) expect(['ok', 'CONFLICT', 'SEAT_TAKEN']).toContain(code);
      expect(await seatsOf(groupId, bob.user.id)).toHaveLength(1);
      // An invitation still open can be accepted, or is gone: not INTERNAL either way.
      const open = await bobCall.notifications.list();
      const accepts = await Promise.allSettled(
        open.flatMap((n) => [
          bobCall.notifications.accept({ notificationId: n.id }),
          bobCall.invites.joinNew({ token }),
        ]),
      );
      for (const code of outcomes(accepts)) expect(['ok', 'NOT_FOUND']).toContain(code);
      await expectUniquePositions(groupId);
    }
  });
});

describe('positions under concurrency', () => {
  it(`${MANY} seats without an account added at once all get their own position`, async () => {
    const { ann, groupId } = await group();
    const call = await ann.call();
    const results = await Promise.allSettled(
      Array.from({ length: MANY }, (_, i) => call.members.add({ groupId, name: `Seat ${i}` })),
    );
    expect(outcomes(results)).toEqual(Array(MANY).fill('ok'));
    const positions = (await seats(groupId)).map((s) => s.position);
    expect(positions).toEqual(Array.from({ length: MANY + 1 }, (_, i) => i));
  });

  it(`${MANY} accounts joining through the link at once all get their own position`, async () => {
    const { groupId, token } = await group();
    const people = [];
    for (let i = 0; i < MANY; i++) people.push(await (await signUp(d(), `Joiner ${i}`)).call());
    const results = await Promise.allSettled(people.map((call) => call.invites.joinNew({ token })));
    expect(outcomes(results)).toEqual(Array(MANY).fill('ok'));
    const positions = (await seats(groupId)).map((s) => s.position);
    expect(positions).toEqual(Array.from({ length: MANY + 1 }, (_, i) => i));
  });

  it('the database refuses a second seat at a taken position', async () => {
    const { groupId } = await group();
    await expect(d().insert(groupMembers).values({ groupId, name: 'Twin', position: 0 })).rejects.toThrow();
  });
});
