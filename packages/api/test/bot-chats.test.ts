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

async function connectedLogs(
  groupId: string,
  action: 'CHAT_CONNECTED' | 'CHAT_DISCONNECTED' = 'CHAT_CONNECTED',
) {
  return d()
    .select()
    .from(groupLogs)
    .where(and(eq(groupLogs.groupId, groupId), eq(groupLogs.action, action)));
}

describe('a private chat', () => {
  it('remembers the user’s choice of group', async () => {
    const t = await trio(d());
    const bob = await linkedBot(d(), t.bob.user.id);
    // A private chat's id is its user's Telegram id.
    const chatId = bob.telegramId;
    expect(await (await bob()).bot.chat.get({ chatId })).toEqual({ groupId: null });
    expect(await (await bob()).bot.chat.set({ chatId, chatType: 'private', groupId: t.groupId })).toEqual({
      groupId: t.groupId,
      movedFrom: null,
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
      (await bot()).bot.chat.set({ chatId: bot.telegramId, chatType: 'private', groupId: t.groupId }),
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

  it('is not moved by an admin of another group who is no admin of the chat’s group (the takeover)', async () => {
    const t = await trio(d());
    const mallory = await trio(d());
    const chatId = groupChat();
    const demo = await linkedBot(d(), t.alice.user.id);
    await (await demo()).bot.chat.set({ chatId, chatType: 'supergroup', groupId: t.groupId });
    // Mallory is in the Telegram chat too, and is a Bob-like member of the victim group besides.
    await (await t.alice.call()).members.add({
      groupId: t.groupId,
      name: 'Mallory',
      username: mallory.alice.user.username,
    });
    await setStatus(d(), t.groupId, mallory.alice.user.id, 'ACTIVE');
    const thief = await linkedBot(d(), mallory.alice.user.id);
    const before = await snapshot(d());
    const error = await refusal(
      (await thief()).bot.chat.set({ chatId, chatType: 'supergroup', groupId: mallory.groupId }),
    );
    expect(error.appCode).toBe('CHAT_CONNECTED_ELSEWHERE');
    expect(error.field).toBe('chatId');
    expect(await snapshot(d())).toEqual(before);
    expect(await (await demo()).bot.chat.get({ chatId })).toEqual({ groupId: t.groupId });

    // Nor by passing the group chat off as her private chat, nor as a "group" of another id kind.
    for (const chatType of ['private', 'group'] as const) {
      const trick = await refusal(
        (await thief()).bot.chat.set({ chatId, chatType, groupId: mallory.groupId }),
      );
      expect([chatType, trick.appCode]).toEqual([
        chatType,
        chatType === 'private' ? 'VALIDATION_ERROR' : 'CHAT_CONNECTED_ELSEWHERE',
      ]);
    }
    const privateAsGroup = await refusal(
      (await thief()).bot.chat.set({ chatId: thief.telegramId, chatType: 'group', groupId: mallory.groupId }),
    );
    expect(privateAsGroup.appCode).toBe('VALIDATION_ERROR');
    // Nor by disconnecting it first: she is no admin of the group it records into.
    expect((await refusal((await thief()).bot.chat.unset({ chatId }))).appCode).toBe('FORBIDDEN');
    expect(await snapshot(d())).toEqual(before);
  });

  it('moves when the caller is an admin of both groups: logged in each, the old group’s other admins named', async () => {
    const t = await trio(d());
    const chatId = groupChat();
    const alice = await linkedBot(d(), t.alice.user.id);
    // Bob, admin of the old group with Telegram linked, is to be told.
    await (await t.alice.call()).members.makeAdmin({ groupId: t.groupId, memberId: t.b });
    const bob = await linkedBot(d(), t.bob.user.id);
    await (await alice()).bot.chat.set({ chatId, chatType: 'group', groupId: t.groupId });
    const { id: otherGroup } = await (await t.alice.call()).groups.create({
      name: 'Work',
      users: [{ name: 'Colleague' }],
    });

    const moved = await (await alice()).bot.chat.set({ chatId, chatType: 'group', groupId: otherGroup });
    expect(moved).toEqual({
      groupId: otherGroup,
      movedFrom: { groupId: t.groupId, name: 'Trip', adminTelegramIds: [bob.telegramId] },
    });
    expect(await (await alice()).bot.chat.get({ chatId })).toEqual({ groupId: otherGroup });
    expect(await connectedLogs(otherGroup)).toHaveLength(1);
    const away = await connectedLogs(t.groupId, 'CHAT_DISCONNECTED');
    expect(away).toHaveLength(1);
    expect(away[0]).toMatchObject({ actorMemberId: t.a, details: { chatType: 'group', moved: true } });
  });

  it('moves freely once the group it was connected to is deleted', async () => {
    const t = await trio(d());
    const u = await trio(d());
    const chatId = groupChat();
    await (await (await linkedBot(d(), t.alice.user.id))()).bot.chat.set({
      chatId,
      chatType: 'group',
      groupId: t.groupId,
    });
    await (await t.alice.call()).groups.delete({ groupId: t.groupId });
    const other = await linkedBot(d(), u.alice.user.id);
    expect(await (await other()).bot.chat.set({ chatId, chatType: 'group', groupId: u.groupId })).toEqual({
      groupId: u.groupId,
      movedFrom: null,
    });
    expect(await connectedLogs(u.groupId)).toHaveLength(1);
  });

  it('/disconnect by the group’s admin ends the connection, logged; a member who is no admin is refused', async () => {
    const t = await trio(d());
    const chatId = groupChat();
    const alice = await linkedBot(d(), t.alice.user.id);
    const bob = await linkedBot(d(), t.bob.user.id);
    await (await alice()).bot.chat.set({ chatId, chatType: 'supergroup', groupId: t.groupId });
    const before = await snapshot(d());
    expect((await refusal((await bob()).bot.chat.unset({ chatId }))).appCode).toBe('FORBIDDEN');
    expect(await snapshot(d())).toEqual(before);

    expect(await (await alice()).bot.chat.unset({ chatId })).toEqual({
      disconnectedFrom: { groupId: t.groupId, name: 'Trip', adminTelegramIds: [] },
    });
    expect(await (await bob()).bot.chat.get({ chatId })).toEqual({ groupId: null });
    expect(await connectedLogs(t.groupId, 'CHAT_DISCONNECTED')).toMatchObject([
      { actorMemberId: t.a, details: { chatType: 'supergroup' } },
    ]);
    // Nothing is connected any more: the same answer as for a group one has no seat in.
    expect((await refusal((await alice()).bot.chat.unset({ chatId }))).appCode).toBe('GROUP_NOT_FOUND');
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
  it('refuses a private chat that is not the caller’s own', async () => {
    const t = await trio(d());
    const alice = await linkedBot(d(), t.alice.user.id);
    const bob = await linkedBot(d(), t.bob.user.id);
    const error = await refusal(
      (await alice()).bot.chat.set({ chatId: bob.telegramId, chatType: 'private', groupId: t.groupId }),
    );
    expect([error.appCode, error.field]).toEqual(['VALIDATION_ERROR', 'chatId']);
  });

  it('refuses what is no Telegram chat id', async () => {
    const t = await trio(d());
    const alice = await linkedBot(d(), t.alice.user.id);
    for (const chatId of ['', '0', '-0', '12a', '1'.repeat(21), ' 5']) {
      const error = await refusal((await alice()).bot.chat.get({ chatId }));
      expect([chatId, error.appCode]).toEqual([chatId, 'VALIDATION_ERROR']);
    }
  });
});
