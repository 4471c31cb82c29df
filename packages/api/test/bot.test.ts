import { expenses, groupLogs } from '@dolya/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { linkTelegram } from '../src/services/telegram';
import { adminCaller, botCaller, linkedBot, newTelegramId } from './actors';
import { refusal, snapshot, trio } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

describe('the bot acting for a linked Telegram user', () => {
  it('creates an expense in that user’s group, as that user’s seat, with a log row', async () => {
    const t = await trio(d());
    const bot = await linkedBot(d(), t.bob.user.id);
    const { id } = await (await bot()).expenses.create({
      groupId: t.groupId,
      name: 'Taxi from the bot',
      amountCents: 1250,
      paidById: t.b,
    });
    const [row] = await d().select().from(expenses).where(eq(expenses.id, id));
    expect(row).toMatchObject({ groupId: t.groupId, createdByMemberId: t.b, amountCents: 1250 });
    const logs = await d()
      .select()
      .from(groupLogs)
      .where(and(eq(groupLogs.groupId, t.groupId), eq(groupLogs.action, 'EXPENSE_CREATED')));
    expect(logs.map((l) => l.actorMemberId)).toEqual([t.b]);
  });

  it('sees the user’s groups with their members, and the balances', async () => {
    const t = await trio(d());
    const bot = await botCallerFor(t.bob.user.id);
    expect((await bot.groups.list()).map((g) => g.id)).toEqual([t.groupId]);
    const group = await bot.groups.get({ groupId: t.groupId });
    expect(group.users.map((u) => [u.name, u.isCurrentUser])).toEqual([
      ['Alice', false],
      ['Bob', true],
      ['Carl', false],
    ]);
    expect((await bot.balances.get({ groupId: t.groupId })).members).toHaveLength(3);
  });

  it('is refused in a group the user is not in, as the web would be, and writes nothing', async () => {
    const t = await trio(d());
    const eve = await signUp(d(), 'Eve');
    const bot = await botCallerFor(eve.user.id);
    const before = await snapshot(d());
    const error = await refusal(
      bot.expenses.create({ groupId: t.groupId, name: 'Planted', amountCents: 500, paidById: t.a }),
    );
    expect(error.appCode).toBe('GROUP_NOT_FOUND');
    expect((await refusal(bot.groups.get({ groupId: t.groupId }))).appCode).toBe('GROUP_NOT_FOUND');
    expect(await snapshot(d())).toEqual(before);
  });

  it('is refused the admin-only group procedures when the user is no admin', async () => {
    const t = await trio(d());
    const bot = await botCallerFor(t.bob.user.id);
    // Group management is not for the bot at all, whatever the user's rights.
    expect((await refusal(bot.groups.delete({ groupId: t.groupId }))).appCode).toBe('FORBIDDEN');
  });

  it('refuses to act for a blocked account, and acts again once it is unblocked', async () => {
    const t = await trio(d());
    const telegramId = newTelegramId();
    await linkTelegram(d(), t.bob.user.id, {
      id: telegramId,
      firstName: 'Bob',
      lastName: undefined,
      username: undefined,
    });
    await adminCaller(d()).admin.users.block({ userId: t.bob.user.id });
    expect((await refusal(botCaller(d(), telegramId))).appCode).toBe('ACCOUNT_BLOCKED');
    await adminCaller(d()).admin.users.unblock({ userId: t.bob.user.id });
    expect(await (await botCaller(d(), telegramId)).bot.whoami()).toMatchObject({ linked: true });
  });

  it('refuses a Telegram user id that is not a positive integer', async () => {
    for (const bad of ['', '0', '-5', '12a', '1'.repeat(17)]) {
      const error = await refusal(botCaller(d(), bad));
      expect({ code: error.appCode, field: error.field }).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'x-telegram-user-id',
      });
    }
  });
});

async function botCallerFor(userId: string) {
  return (await linkedBot(d(), userId))();
}
