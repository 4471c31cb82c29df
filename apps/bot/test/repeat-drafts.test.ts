import { expenseSeries } from '@dolya/db';
import { dayIn, occurrenceDate } from '@dolya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import { buttonData, buttons, privateChat } from './support/updates';
import { PUBLIC_URL, startWorld, type World } from './support/world';

/**
 * A message that repeats (issue 28) through the whole bot: the real server on a fresh database,
 * the real bot, Telegram played by the stand-in. The draft says it repeats and when next; Save
 * makes the expense the first of a series, once however often it is pressed.
 */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;
const nb = (text: string) => text.replace(/(?<=\d) (?=\d{3}(?:,| |$))| (?=₽)/g, '\u00a0');

interface RestExpense {
  id: string;
  name: string;
  amount: number;
  splits: Record<string, number>;
  seriesId: string | null;
  recurrence: { every: number; unit: string; until: string | null; count: number | null } | null;
  nextDate: string | null;
}
interface RestLog {
  action: string;
  actor: { name: string } | null;
  details: Record<string, unknown> | null;
}

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Квартира', ['Аня', 'Боря']);
});
afterAll(async () => {
  await world?.close();
});

const chat = () => privateChat(demo.telegram);
const listed = () => demo.web.get<RestExpense[]>(`/api/groups/${group.id}/expenses`);
const expense = (id: string) => demo.web.get<RestExpense>(`/api/groups/expenses/${id}`);
const seriesRows = () =>
  world.server.db.select().from(expenseSeries).where(eq(expenseSeries.groupId, group.id));
/** A month after today in the group's time zone (Europe/Moscow, the default), as the bot writes it. */
const nextMonth = () => {
  const [year, month, day] = occurrenceDate(
    dayIn('Europe/Moscow', new Date()),
    { every: 1, unit: 'month' },
    1,
  )!
    .split('-')
    .map(Number);
  return new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, day!));
};

async function write(text: string, from = demo.telegram) {
  const update = world.updates.text(privateChat(from), from, text);
  await world.send(update);
  return world.telegram
    .messagesIn(from.id)
    .find((message) => message.reply_to_message_id === update.message!.message_id);
}

async function press(message: Parameters<typeof buttonData>[0], text: string, from = demo.telegram) {
  const update = world.updates.press(from, message!, buttonData(message, text));
  await world.send(update);
  return world.telegram
    .callsOf('answerCallbackQuery')
    .find((c) => c.payload.callback_query_id === update.callback_query!.id)?.payload;
}

describe('«аренда 45000 каждый месяц на двоих с Аней»', () => {
  it('is shown as a draft that says it repeats and when next, its name without the repeat', async () => {
    const reply = await write('аренда 45000 каждый месяц на двоих с Аней');
    expect(reply?.text).toBe(
      `${nb('«Аренда» — 45 000 ₽\nКто платил: Демо\nДелят: Демо 22 500 ₽ · Аня 22 500 ₽')}\n🔁 Повторяется каждый месяц, следующий раз ${nextMonth()}`,
    );
    const [save, edit] = buttons(reply);
    const draftId = save!.callback_data!.slice('draft:save:'.length);
    // Edit opens the form prefilled from the draft, whose repeat the web reads (drafts.get).
    expect(edit).toEqual({
      text: '✏️ Изменить',
      web_app: { url: `${PUBLIC_URL}/group/${group.id}/new-expense?draft=${draftId}` },
    });
    expect(await listed()).toHaveLength(0);
    expect(await seriesRows()).toHaveLength(0);
  });

  it('Save makes one expense, the first of a monthly series with its next date; a second Save makes nothing', async () => {
    const reply = await write('интернет 600 ежемесячно на двоих с Аней');
    const [first, second] = [await press(reply, '✅ Сохранить'), await press(reply, '✅ Сохранить')];
    expect(first).toMatchObject({ text: 'Сохранено' });
    expect(second).toMatchObject({ text: 'Этот расход уже сохранён.', show_alert: true });

    const saved = (await listed()).filter((e) => e.name === 'Интернет');
    expect(saved).toHaveLength(1);
    const one = await expense(saved[0]!.id);
    expect(one).toMatchObject({
      amount: 600,
      splits: { [group.seat('Демо')]: 300, [group.seat('Аня')]: 300 },
      seriesId: expect.any(String),
      recurrence: { every: 1, unit: 'month', until: null, count: null },
    });
    const rows = await seriesRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: one.seriesId,
      every: 1,
      unit: 'month',
      status: 'active',
      name: 'Интернет',
    });
    expect(one.nextDate).toBe(rows[0]!.nextDate);
    const [year, month, day] = rows[0]!.nextDate!.split('-');
    expect(`${day}.${month}.${year}`).toBe(nextMonth());

    // The saved message keeps the line, from the series itself.
    const edited = world.telegram.message(chat().id, reply!.message_id);
    expect(edited?.text).toBe(
      `${nb('«Интернет» — 600 ₽\nКто платил: Демо\nДелят: Демо 300 ₽ · Аня 300 ₽')}\n🔁 Повторяется каждый месяц, следующий раз ${nextMonth()}\n\n✅ Сохранено в «Квартира»`,
    );
    // The series' own log line, by the one who saved it, beside the expense's.
    const logs = await demo.web.get<RestLog[]>(`/api/groups/${group.id}/logs`);
    const made = logs.filter((l) => l.details?.seriesId === one.seriesId);
    expect(made).toMatchObject([{ action: 'SERIES_CREATED', actor: { name: 'Демо' } }]);
  });

  it('two presses delivered together still make one expense and one series', async () => {
    const reply = await write('уборка 2000 каждые 2 недели');
    const save = buttonData(reply, '✅ Сохранить');
    await Promise.all([
      world.send(world.updates.press(demo.telegram, reply!, save)),
      world.send(world.updates.press(demo.telegram, reply!, save)),
    ]);
    const saved = (await listed()).filter((e) => e.name === 'Уборка');
    expect(saved).toHaveLength(1);
    const rows = (await seriesRows()).filter((row) => row.name === 'Уборка');
    expect(rows).toMatchObject([{ every: 2, unit: 'week', id: saved[0]!.seriesId }]);
  });

  it('Cancel makes no series', async () => {
    const before = (await seriesRows()).length;
    const reply = await write('страховка 12000 каждый год');
    expect(reply?.text).toMatch(/\n🔁 Повторяется каждый год, следующий раз \d\d\.\d\d\.\d{4}$/);
    await press(reply, '✖️ Отмена');
    expect(await seriesRows()).toHaveLength(before);
  });

  it('a message with no repeat makes a plain expense, as before', async () => {
    const reply = await write('пицца 1500 я и Аня');
    expect(reply?.text).not.toContain('🔁');
    await press(reply, '✅ Сохранить');
    const [pizza] = (await listed()).filter((e) => e.name === 'Пицца');
    expect(pizza?.seriesId).toBeNull();
  });
});

describe('in English', () => {
  it('"netflix 999 every 2 months" repeats every two months, said in English', async () => {
    const boris = await world.linkedPerson('Boris', 'en');
    const flat = await boris.createGroup('Flat', ['Ann']);
    const reply = await write('netflix 999 every 2 months', boris.telegram);
    expect(reply?.text).toMatch(
      /^“Netflix” — ₽999\n.*\n.*\n🔁 Repeats every 2 months, next on \d{1,2}\/\d{1,2}\/\d{4}$/,
    );
    await press(reply, '✅ Save', boris.telegram);
    const [saved] = await boris.web.get<RestExpense[]>(`/api/groups/${flat.id}/expenses`);
    expect(saved).toMatchObject({ name: 'Netflix', seriesId: expect.any(String) });
  });
});
