import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import { buttonData, buttons, privateChat } from './support/updates';
import { PUBLIC_URL, startWorld, type World } from './support/world';

/**
 * A private chat with the bot, end to end: the real server on a fresh database, the real bot,
 * Telegram played by the stand-in. Demo has one group with seats for Аня and Боря.
 */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;
const nb = (text: string) => text.replace(/(?<=\d) (?=\d{3}(?:,| |$))| (?=₽)/g, '\u00a0');

interface RestExpense {
  id: string;
  name: string;
  amount: number;
  paidById: string;
  splits: Record<string, number>;
  items: { name: string; amount: number }[];
}
interface RestLog {
  id: string;
  action: string;
  message: string;
  actor: { id: string; name: string } | null;
  details: Record<string, unknown> | null;
}

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Поездка в Казань', ['Аня', 'Боря']);
});
afterAll(async () => {
  await world?.close();
});

const chat = () => privateChat(demo.telegram);
const expenses = () => demo.web.get<RestExpense[]>(`/api/groups/${group.id}/expenses`);
const logs = () => demo.web.get<RestLog[]>(`/api/groups/${group.id}/logs`);

/** Writes a message and returns the bot's reply to it. */
async function write(text: string) {
  const update = world.updates.text(chat(), demo.telegram, text);
  await world.send(update);
  const reply = world.telegram
    .messagesIn(chat().id)
    .find((message) => message.reply_to_message_id === update.message!.message_id);
  return { update, reply };
}

async function press(message: Parameters<typeof buttonData>[0], text: string, from = demo.telegram) {
  const update = world.updates.press(from, message!, buttonData(message, text));
  await world.send(update);
  const answer = world.telegram
    .callsOf('answerCallbackQuery')
    .find((c) => c.payload.callback_query_id === update.callback_query!.id);
  return { update, answer: answer?.payload };
}

describe('a message becomes a draft, and Save makes it an expense, once', () => {
  it('shows the draft as the contract words it, with Save, Edit (the draft in the mini app) and Cancel', async () => {
    const { reply } = await write('пицца 1200 я, Аня, Боря');
    expect(reply?.text).toBe(
      nb('«Пицца» — 1 200 ₽\nКто платил: Демо\nДелят: Демо 400 ₽ · Аня 400 ₽ · Боря 400 ₽'),
    );
    const [save, edit, cancel] = buttons(reply);
    expect(save).toMatchObject({
      text: '✅ Сохранить',
      callback_data: expect.stringMatching(/^draft:save:/),
    });
    const draftId = save!.callback_data!.slice('draft:save:'.length);
    expect(edit).toEqual({
      text: '✏️ Изменить',
      web_app: { url: `${PUBLIC_URL}/group/${group.id}/new-expense?draft=${draftId}` },
    });
    expect(cancel).toEqual({ text: '✖️ Отмена', callback_data: `draft:cancel:${draftId}` });
    expect(await expenses()).toHaveLength(0);
  });

  it('shows it is working before anything else', async () => {
    world.telegram.reset();
    await write('такси 700 платила Аня');
    expect(world.telegram.calls.map((c) => c.method)).toEqual(['sendChatAction', 'sendMessage']);
    expect(world.telegram.calls[0]!.payload).toMatchObject({ chat_id: chat().id, action: 'typing' });
  });

  it('saves on Save: one expense, exact cents, the same activity log row as the web writes', async () => {
    const { reply } = await write('ужин 1000 я, Аня, Боря');
    const { answer } = await press(reply, '✅ Сохранить');
    expect(answer).toMatchObject({ text: 'Сохранено' });

    const saved = (await expenses()).filter((e) => e.name === 'Ужин');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      amount: 1000,
      paidById: group.seat('Демо'),
      splits: { [group.seat('Демо')]: 333.34, [group.seat('Аня')]: 333.33, [group.seat('Боря')]: 333.33 },
    });
    const edited = world.telegram.message(chat().id, reply!.message_id);
    expect(edited?.text).toBe(
      nb(
        '«Ужин» — 1 000 ₽\nКто платил: Демо\nДелят: Демо 333,34 ₽ · Аня 333,33 ₽ · Боря 333,33 ₽\n\n✅ Сохранено в «Поездка в Казань»',
      ),
    );
    expect(buttons(edited)).toEqual([
      { text: 'Открыть группу', web_app: { url: `${PUBLIC_URL}/group/${group.id}` } },
    ]);

    // The same expense entered in the web app writes the same log row, but for its id.
    const fromWeb = await demo.web.post<{ id: string }>(`/api/groups/${group.id}/expenses`, {
      name: 'Ужин',
      amount: 1000,
      paidById: group.seat('Демо'),
      participants: [group.seat('Демо'), group.seat('Аня'), group.seat('Боря')],
    });
    const rowOf = async (expenseId: string) => {
      const rows = (await logs()).filter((l) => l.details?.expenseId === expenseId);
      expect(rows).toHaveLength(1);
      const { action, message, actor, details } = rows[0]!;
      const { expenseId: _id, ...rest } = details!;
      return { action, message, actor, details: rest };
    };
    const botRow = await rowOf(saved[0]!.id);
    expect(botRow).toMatchObject({ action: 'EXPENSE_CREATED', actor: { name: 'Демо' } });
    expect(botRow).toEqual(await rowOf(fromWeb.id));
  });

  it('a double tap and a redelivered press write nothing more and get a notice', async () => {
    const { reply } = await write('кофе 300 я и Аня');
    const first = await press(reply, '✅ Сохранить');
    // The second tap arrives with the buttons Telegram still showed.
    const second = await press(reply, '✅ Сохранить');
    expect(second.answer).toMatchObject({ text: 'Этот расход уже сохранён.', show_alert: true });
    // Telegram delivers the first press again: the inbox skips it.
    const answersBefore = world.telegram.callsOf('answerCallbackQuery').length;
    await world.send(first.update);
    expect(world.telegram.callsOf('answerCallbackQuery')).toHaveLength(answersBefore);
    expect((await expenses()).filter((e) => e.name === 'Кофе')).toHaveLength(1);
  });

  it('a redelivered message gets no second draft and no second reply', async () => {
    const { update, reply } = await write('бензин 2000 я, Аня, Боря');
    const sent = world.telegram.messagesIn(chat().id).length;
    // The same update again (Telegram redelivers): skipped by the inbox.
    await world.send(update);
    // The same message in an update the inbox has not seen (a worker that crashed before marking
    // it done): the draft is found by (chat, message), and its reply was recorded, so no reply.
    await world.send({ ...update, update_id: update.update_id + 100_000 });
    expect(world.telegram.messagesIn(chat().id)).toHaveLength(sent);
    await press(reply, '✅ Сохранить');
    expect((await expenses()).filter((e) => e.name === 'Бензин')).toHaveLength(1);
  });

  it('cancels on Cancel; a Save after it writes nothing and says why', async () => {
    const { reply } = await write('музей 900 я, Аня, Боря');
    const cancelled = await press(reply, '✖️ Отмена');
    expect(cancelled.answer).toMatchObject({ text: 'Отменено' });
    const edited = world.telegram.message(chat().id, reply!.message_id);
    expect(edited?.text.endsWith('\n\n✖️ Отменено')).toBe(true);
    expect(buttons(edited)).toEqual([]);

    // A stale Save from the buttons shown before the edit.
    const stale = world.updates.press(demo.telegram, reply!, buttonData(reply, '✅ Сохранить'));
    await world.send(stale);
    const notice = world.telegram
      .callsOf('answerCallbackQuery')
      .find((c) => c.payload.callback_query_id === stale.callback_query!.id);
    expect(notice?.payload).toMatchObject({ text: expect.stringContaining('отменён'), show_alert: true });
    expect((await expenses()).filter((e) => e.name === 'Музей')).toHaveLength(0);
  });

  it('only the author’s presses count', async () => {
    const { reply } = await write('обед 1500 я, Аня, Боря');
    const anya = await world.linkedPerson('Аня');
    const stranger = world.stranger('Гость');
    const byAnya = await press(reply, '✅ Сохранить', anya.telegram);
    expect(byAnya.answer).toMatchObject({
      text: expect.stringContaining('только тот, кто его написал'),
      show_alert: true,
    });
    const byStranger = await press(reply, '✅ Сохранить', stranger);
    expect(byStranger.answer).toMatchObject({ show_alert: true });
    expect((await expenses()).filter((e) => e.name === 'Обед')).toHaveLength(0);
    expect(buttons(world.telegram.message(chat().id, reply!.message_id))).toHaveLength(3);
    await press(reply, '✅ Сохранить');
    expect((await expenses()).filter((e) => e.name === 'Обед')).toHaveLength(1);
  });

  it('saved through Edit (the web form with ?draft=), the bot’s Save then writes nothing', async () => {
    const { reply } = await write('цветы 2500 я и Аня');
    const draftId = buttonData(reply, '✅ Сохранить').slice('draft:save:'.length);
    // The web form opened from the Edit button sends the draft with its (edited) expense.
    await demo.web.post('/trpc/expenses.create', {
      groupId: group.id,
      draftId,
      name: 'Цветы и открытка',
      amountCents: 280000,
      paidById: group.seat('Демо'),
      participants: [group.seat('Демо'), group.seat('Аня')],
    });
    const { answer } = await press(reply, '✅ Сохранить');
    expect(answer).toMatchObject({ text: 'Этот расход уже сохранён.', show_alert: true });
    const names = (await expenses()).map((e) => e.name);
    expect(names.filter((n) => n.startsWith('Цветы'))).toEqual(['Цветы и открытка']);
  });

  it('a receipt, one position a line, becomes a draft with its items, saved with them', async () => {
    const { reply } = await write('пицца 800 Аня, Боря\nвино 1200 все\nдесерт 350 я');
    expect(reply?.text.split('\n')).toEqual(
      [
        '«Чек» — 2 350 ₽',
        'Кто платил: Демо',
        '• Пицца 800 ₽ — Аня, Боря',
        '• Вино 1 200 ₽ — Демо, Аня, Боря',
        '• Десерт 350 ₽ — Демо',
        'Делят: Демо 750 ₽ · Аня 800 ₽ · Боря 800 ₽',
      ].map(nb),
    );
    await press(reply, '✅ Сохранить');
    const [receipt] = (await expenses()).filter((e) => e.name === 'Чек');
    expect(receipt?.amount).toBe(2350);
    expect(receipt?.items.map((i) => [i.name, i.amount])).toEqual([
      ['Пицца', 800],
      ['Вино', 1200],
      ['Десерт', 350],
    ]);
  });
});

describe('what is no draft', () => {
  it('a text that is no expense gets a short help that says why', async () => {
    const question = await write('привет, как дела?');
    expect(question.reply?.text).toContain('Похоже на вопрос');
    expect(buttons(question.reply)).toEqual([]);
    expect((await write('привет всем')).reply?.text).toContain('Не вижу суммы');
    expect((await write('такси 0')).reply?.text).toContain('Сумма — ноль');
    expect((await write('мой номер 89031112233')).reply?.text).toContain('не похожи на деньги');
  });

  it('a sticker gets a short answer: the bot reads text', async () => {
    const sticker = world.updates.other(chat(), demo.telegram, {
      sticker: {
        file_id: 's',
        file_unique_id: 's',
        type: 'regular',
        width: 512,
        height: 512,
        is_animated: false,
        is_video: false,
      },
    });
    await world.send(sticker);
    expect(world.telegram.messagesIn(chat().id).at(-1)?.text).toContain('Расход напишите текстом');
  });

  it('an unknown name is asked about with a button per member, never guessed', async () => {
    const { reply } = await write('пицца 1200 я, Аня, Петя');
    expect(reply?.text).toBe(nb('«Пицца» — 1 200 ₽\n\nКто такой Петя?'));
    expect(buttons(reply).map((button) => button.text)).toContain('✖️ Никто из них');
  });

  it('another currency without a rate to be had (no provider here) is no draft: the bot says so', async () => {
    // Issue 26: with a rate it becomes a draft (currencies-and-payers.test.ts).
    const { reply } = await write('такси 20 долларов я и Аня');
    expect(reply?.text).toContain(
      'Курс для валюты «доллар США» к валюте группы («российский рубль») на сегодня не нашёлся',
    );
  });

  it('nothing was saved by any of them (the second Ужин and the flowers are the web’s)', async () => {
    expect((await expenses()).map((e) => e.name).sort()).toEqual([
      'Бензин',
      'Кофе',
      'Обед',
      'Ужин',
      'Ужин',
      'Цветы и открытка',
      'Чек',
    ]);
  });
});

describe('/balance and /help', () => {
  it('/balance shows the simplified debts of the group', async () => {
    const { reply } = await write('/balance');
    expect(reply?.text.split('\n')[0]).toBe('Кто кому должен в «Поездка в Казань»:');
    expect(reply?.text).toMatch(/Аня → Демо: [\d\u00a0]+,\d\d\u00a0₽/);
  });

  it('/help gives examples in the user’s language', async () => {
    const { reply } = await write('/help');
    expect(reply?.text).toContain('• пицца 1200 я, Аня, Боря');
    expect(reply?.text).toContain('@dolya_test_bot');
  });
});
