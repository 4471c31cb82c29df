import { botDrafts, users } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDolyaApi } from '../src/api/client';
import { createBot } from '../src/bot';
import { BOT_USER } from './support/telegram-stand-in';
import { buttonData, buttons, privateChat } from './support/updates';
import { collectingLogger, startWorld, type World } from './support/world';

/** What goes wrong: an expired draft, a blocked account, a server that does not answer. */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Demo', 'en');
  await demo.createGroup('Trip', ['Anna', 'Bob'], 'EUR');
});
afterAll(async () => {
  await world?.close();
});

const chat = () => privateChat(demo.telegram);

async function write(text: string) {
  const update = world.updates.text(chat(), demo.telegram, text);
  await world.send(update);
  return world.telegram
    .messagesIn(chat().id)
    .find((message) => message.reply_to_message_id === update.message!.message_id);
}

describe('an English-speaking user', () => {
  it('gets the draft in English, amounts in the group’s currency', async () => {
    const reply = await write('pizza 36 me, Anna, Bob');
    expect(reply?.text).toBe('“Pizza” — €36\nPaid by: Demo\nShared by: Demo €12 · Anna €12 · Bob €12');
    expect(buttons(reply).map((b) => b.text)).toEqual(['✅ Save', '✏️ Edit', '✖️ Cancel']);
  });
});

describe('a name that fits two members', () => {
  it('is asked about, a button for each, and makes no draft', async () => {
    const olga = await world.linkedPerson('Olga', 'en');
    await olga.createGroup('Office', ['Sasha Petrov', 'Sasha Ivanov']);
    const update = world.updates.text(privateChat(olga.telegram), olga.telegram, 'lunch 30 me and Sasha');
    await world.send(update);
    const replies = world.telegram.messagesIn(olga.telegram.id);
    expect(replies.map((m) => m.text.replace(/\s/g, ' '))).toEqual(['“Lunch” — ₽30  Who is Sasha?']);
    expect(buttons(replies[0]).map((button) => button.text)).toEqual([
      'Sasha Petrov',
      'Sasha Ivanov',
      '✖️ None of them',
    ]);
    const drafts = await world.server.db
      .select()
      .from(botDrafts)
      .where(eq(botDrafts.chatId, String(olga.telegram.id)));
    expect(drafts).toHaveLength(0);
  });
});

describe('a Save on a draft past its 24 hours', () => {
  it('writes nothing, says so, and the draft shows it expired', async () => {
    const reply = await write('taxi 20 me and Anna');
    const draftId = buttonData(reply, '✅ Save').slice('draft:save:'.length);
    await world.server.db
      .update(botDrafts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(botDrafts.id, draftId));

    const press = world.updates.press(demo.telegram, reply!, buttonData(reply, '✅ Save'));
    await world.send(press);
    const answer = world.telegram
      .callsOf('answerCallbackQuery')
      .find((c) => c.payload.callback_query_id === press.callback_query!.id);
    expect(answer?.payload).toMatchObject({
      text: 'This draft has expired: send the expense again.',
      show_alert: true,
    });
    expect(world.telegram.message(chat().id, reply!.message_id)?.text).toMatch(
      /\n\n⌛ This draft has expired: send the expense again\.$/,
    );
    const expenses = await demo.web.get<{ name: string }[]>(`/api/groups/${await groupId()}/expenses`);
    expect(expenses.filter((e) => e.name === 'Taxi')).toHaveLength(0);
  });
});

describe('a blocked account', () => {
  it('is told so, and nothing else happens', async () => {
    const blocked = await world.linkedPerson('Mallory', 'en');
    await world.server.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.userId));
    const update = world.updates.text(privateChat(blocked.telegram), blocked.telegram, 'pizza 10');
    await world.send(update);
    expect(world.telegram.messagesIn(blocked.telegram.id).map((m) => m.text)).toEqual([
      'This Dolya account is blocked.',
    ]);
  });
});

describe('a server that does not answer', () => {
  it('gets the user a short apology, and the bot goes on', async () => {
    const { logger, lines } = collectingLogger();
    const unreachable = createBot(world.config, {
      api: createDolyaApi('http://127.0.0.1:9', world.config.apiSecret),
      botInfo: BOT_USER,
      log: logger,
    });
    await unreachable.handleUpdate(world.updates.text(chat(), demo.telegram, 'pizza 12'));
    expect(world.telegram.messagesIn(chat().id).at(-1)?.text).toBe(
      'Something went wrong and your message was not handled. Please try again in a moment.',
    );
    expect(lines.some((l) => l.level === 'error' && l.message === 'update failed')).toBe(true);
    // The real bot is unaffected.
    expect((await write('coffee 4 me'))?.text).toMatch(/^“Coffee” — €4\n/);
  });
});

async function groupId() {
  const groups = await demo.web.get<{ id: string }[]>('/api/groups');
  return groups[0]!.id;
}
