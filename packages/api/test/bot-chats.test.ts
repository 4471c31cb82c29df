import { randomInt } from 'node:crypto';
import { groupLogs } from '@dolya/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { linkedBot } from './actors';
import { refusal, setStatus, snapshot, trio } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

const groupChat = () => `-100${randomInt(1, 2 ** 40)}`;
const privateChat = () => String(randomInt(1, 2 ** 40));

async function connectedLogs(groupId: string) {
  return d()
    .select()
    .from(groupLogs)
    .where(and(eq(groupLogs.groupId, groupId), eq(groupLogs.action, 'CHAT_CONNECTED')));
}

describe('a private chat', () => {
  it('remembers the user’s choice of group', async () => {
    const t = await trio(d());
    const bob = await linkedBot(d(), t.bob.user.id);
    const chatId = privateChat();
    expect(await (await bob()).bot.chat.get({ chatId })).toEqual({ groupId: null });
    expect(await (await bob()).bot.chat.set({ chatId, chatType: 'private', groupId: t.groupId })).toEqual({
      groupId: t.groupId,
    });
    expect(await (await bob()).bot.chat.get({ chatId })).toEqual({ groupId: t.groupId });
    // A private choice is no group event.
    expect(await connectedLogs(t.groupId)).toEqual([]);
    // It is the user's alone, and lapses with their seat.
    const alice = await linkedBot(d(), t.alice.user.id);
    expect(await (await alice()).bot.chat.get({ chatId })).toEqual({ groupId: null });
    await setStatus(d(), t.groupId, t.bob.user.id, 'REMOVED');
    expect(await (await bob()).bot.chat.get({ chatId })).toEqual({ groupId: null });
  });

  it('may be bound only to a group the user is an active member of', async () => {
    const t = await trio(d());
    const eve = await signUp(d(), 'Eve');
    const bot = await linkedBot(d(), eve.user.id);
    const before = await snapshot(d());
    const error = await refusal(
      (await bot()).bot.chat.set({ chatId: privateChat(), chatType: 'private', groupId: t.groupId }),
    );
    expect(error.appCode).toBe('GROUP_NOT_FOUND');
    expect(await snapshot(d())).toEqual(before);
  });
});

describe('/connect in a group chat', () => {
  it('by an admin binds the chat for everyone in it and logs CHAT_CONNECTED once', async () => {
    const t = await trio(d());
    const alice = await linkedBot(d(), t.alice.user.id);
    const chatId = groupChat();
    await (await alice()).bot.chat.set({ chatId, chatType: 'supergroup', groupId: t.groupId });
    const bob = await linkedBot(d(), t.bob.user.id);
    expect(await (await bob()).bot.chat.get({ chatId })).toEqual({ groupId: t.groupId });
    // Someone without a seat in the group reads the binding too (recording there still needs one).
    const eve = await linkedBot(d(), (await signUp(d(), 'Eve')).user.id);
    expect(await (await eve()).bot.chat.get({ chatId })).toEqual({ groupId: t.groupId });

    const logs = await connectedLogs(t.groupId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      actorMemberId: t.a,
      message: 'Alice connected a Telegram chat',
      details: { chatType: 'supergroup' },
    });
    // Connecting it again changes nothing and logs nothing.
    await (await alice()).bot.chat.set({ chatId, chatType: 'supergroup', groupId: t.groupId });
    expect(await connectedLogs(t.groupId)).toHaveLength(1);
    const seen = await (await t.alice.call()).logs.list({ groupId: t.groupId });
    expect(seen.filter((entry) => entry.action === 'CHAT_CONNECTED')).toHaveLength(1);
  });

  it('moves the chat to another group of an admin, logged there', async () => {
    const t = await trio(d());
    const u = await trio(d());
    const chatId = groupChat();
    await (await linkedBot(d(), t.alice.user.id))().then((bot) =>
      bot.bot.chat.set({ chatId, chatType: 'group', groupId: t.groupId }),
    );
    const other = await linkedBot(d(), u.alice.user.id);
    await (await other()).bot.chat.set({ chatId, chatType: 'group', groupId: u.groupId });
    expect(await (await other()).bot.chat.get({ chatId })).toEqual({ groupId: u.groupId });
    expect(await connectedLogs(u.groupId)).toHaveLength(1);
  });

  it('by a member who is no admin: FORBIDDEN; by an outsider: GROUP_NOT_FOUND; nothing written', async () => {
    const t = await trio(d());
    const chatId = groupChat();
    const bob = await linkedBot(d(), t.bob.user.id);
    const eve = await linkedBot(d(), (await signUp(d(), 'Eve')).user.id);
    const before = await snapshot(d());
    const input = { chatId, chatType: 'group' as const, groupId: t.groupId };
    expect((await refusal((await bob()).bot.chat.set(input))).appCode).toBe('FORBIDDEN');
    expect((await refusal((await eve()).bot.chat.set(input))).appCode).toBe('GROUP_NOT_FOUND');
    expect(await snapshot(d())).toEqual(before);
    expect(await (await bob()).bot.chat.get({ chatId })).toEqual({ groupId: null });
  });

  it('answers null once the group is deleted', async () => {
    const t = await trio(d());
    const alice = await linkedBot(d(), t.alice.user.id);
    const chatId = groupChat();
    await (await alice()).bot.chat.set({ chatId, chatType: 'group', groupId: t.groupId });
    await (await t.alice.call()).groups.delete({ groupId: t.groupId });
    expect(await (await alice()).bot.chat.get({ chatId })).toEqual({ groupId: null });
  });
});

describe('chat ids', () => {
  it('refuses what is no Telegram chat id', async () => {
    const t = await trio(d());
    const alice = await linkedBot(d(), t.alice.user.id);
    for (const chatId of ['', '0', '-0', '12a', '1'.repeat(21), ' 5']) {
      const error = await refusal((await alice()).bot.chat.get({ chatId }));
      expect([chatId, error.appCode]).toEqual([chatId, 'VALIDATION_ERROR']);
    }
  });
});
