import { randomInt } from 'node:crypto';
import { botUpdates } from '@dolya/db';
import { raceOnWrites } from '@dolya/db/testing';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPDATE_KEEP_MS } from '../src/services/bot-updates';
import { senderlessBot } from './actors';
import { useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

const updateOf = (updateId: number) => ({
  update_id: updateId,
  message: { message_id: 1, text: 'пицца 1200' },
});

/** Ages an update as if recorded (and last taken) that many seconds ago. */
async function age(updateIds: number[], seconds: number) {
  const then = new Date(Date.now() - seconds * 1000);
  await d()
    .update(botUpdates)
    .set({ receivedAt: then, claimedAt: null })
    .where(inArray(botUpdates.updateId, updateIds));
}

describe('the update inbox', () => {
  it('answers fresh for the first record of an update and not for a redelivery', async () => {
    const bot = await senderlessBot(d());
    const updateId = randomInt(1, 2 ** 40);
    expect(await bot.bot.updates.record({ updateId, update: updateOf(updateId) })).toEqual({ fresh: true });
    expect(await bot.bot.updates.record({ updateId, update: updateOf(updateId) })).toEqual({ fresh: false });
    const rows = await d().select().from(botUpdates).where(eq(botUpdates.updateId, updateId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toEqual(updateOf(updateId));
  });

  it('hands a stale update (recorded, not done) to one claimer, once, until it is stale again', async () => {
    const bot = await senderlessBot(d());
    const [stale, done, recent] = [1, 2, 3].map(() => randomInt(1, 2 ** 40)) as [number, number, number];
    for (const id of [stale, done, recent])
      await bot.bot.updates.record({ updateId: id, update: updateOf(id) });
    await age([stale, done], 120);
    await bot.bot.updates.done({ updateId: done });

    const first = await bot.bot.updates.claimStale({ olderThanSeconds: 60 });
    const mine = first.updates.filter((u) => [stale, done, recent].includes(u.updateId));
    expect(mine).toEqual([{ updateId: stale, update: updateOf(stale) }]);
    const again = await bot.bot.updates.claimStale({ olderThanSeconds: 60 });
    expect(again.updates.map((u) => u.updateId)).not.toContain(stale);
    // Claimed long ago and still not done: stale again.
    await age([stale], 120);
    expect((await bot.bot.updates.claimStale({})).updates.map((u) => u.updateId)).toContain(stale);
  });

  it('never gives two racing claimers the same update', async () => {
    const bot = await senderlessBot(d());
    const ids = Array.from({ length: 12 }, () => randomInt(1, 2 ** 40));
    for (const id of ids) await bot.bot.updates.record({ updateId: id, update: updateOf(id) });
    await age(ids, 600);
    const claimers = await Promise.all(Array.from({ length: 4 }, () => senderlessBot(d())));
    const results = await raceOnWrites(
      db.current,
      'bot_updates',
      claimers.map((claimer) => () => claimer.bot.updates.claimStale({ olderThanSeconds: 300 })),
    );
    const claimed = results.flatMap((r) => (r.status === 'fulfilled' ? r.value.updates : []));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const ours = claimed.map((u) => u.updateId).filter((id) => ids.includes(id));
    expect(ours.sort()).toEqual([...ids].sort());
  });

  it('purges rows older than 7 days as updates arrive', async () => {
    const bot = await senderlessBot(d());
    const old = randomInt(1, 2 ** 40);
    await bot.bot.updates.record({ updateId: old, update: updateOf(old) });
    await age([old], UPDATE_KEEP_MS / 1000 + 60);
    const next = randomInt(1, 2 ** 40);
    await bot.bot.updates.record({ updateId: next, update: updateOf(next) });
    expect(await d().select().from(botUpdates).where(eq(botUpdates.updateId, old))).toEqual([]);
    // Forgotten, a very late redelivery would count as fresh again: 7 days is far beyond Telegram's retries.
    expect(await d().select().from(botUpdates).where(eq(botUpdates.updateId, next))).toHaveLength(1);
  });
});
