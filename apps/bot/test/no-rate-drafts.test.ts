import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import { buttonData, buttons, privateChat } from './support/updates';
import { PUBLIC_URL, startWorld, type World } from './support/world';

/**
 * Issue 26: a message in another currency while the rates provider is down (FX_RATES_URL points
 * at a port nothing listens on). The draft is still made, in the currency the message said, says
 * there is no rate, has Edit (the web form with ?draft=, where the rate is typed) and Cancel but
 * no Save; the form's expense saved with a typed rate consumes it.
 */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let mike: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;
let englishGroup: GroupInfo;
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

interface RestExpense {
  name: string;
  amount: number;
  originalAmount?: number | null;
  originalCurrency?: string | null;
  exchangeRate?: string | null;
}

/** A URL nobody answers at: a port that was listened on and closed again. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  world = await startWorld({ serverEnv: { FX_RATES_URL: await deadUrl() } });
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Поездка в Ереван', ['Аня', 'Боря']);
  mike = await world.linkedPerson('Mike', 'en');
  englishGroup = await mike.createGroup('Lisbon', ['Tom']);
});
afterAll(async () => {
  await world?.close();
});

async function write(person: typeof demo, text: string) {
  const chat = privateChat(person.telegram);
  const update = world.updates.text(chat, person.telegram, text);
  await world.send(update);
  return world.telegram
    .messagesIn(chat.id)
    .find((message) => message.reply_to_message_id === update.message!.message_id);
}

describe('no rate to be had', () => {
  it('«ужин 45 евро на всех» is a draft in euros that says there is no rate; Edit opens the form, no Save', async () => {
    const reply = await write(demo, 'ужин 45 евро на всех');
    expect(plain(reply?.text)?.split('\n')).toEqual([
      '«Ужин» — 45 €',
      'Курс для валюты «евро» к валюте группы («российский рубль») на сегодня не нашёлся: нажмите «Изменить» и введите курс или сумму в валюте группы.',
      'Кто платил: Демо',
      'Делят: Демо 15 € · Аня 15 € · Боря 15 €',
    ]);
    const [edit, cancel] = buttons(reply);
    expect(buttons(reply)).toHaveLength(2);
    expect(cancel).toMatchObject({
      text: '✖️ Отмена',
      callback_data: expect.stringMatching(/^draft:cancel:/),
    });
    const draftId = cancel!.callback_data!.slice('draft:cancel:'.length);
    expect(edit).toEqual({
      text: '✏️ Изменить',
      web_app: { url: `${PUBLIC_URL}/group/${group.id}/new-expense?draft=${draftId}` },
    });

    // The form reads the draft: its amounts as the message said them, and the currency they are in.
    const { result } = await demo.web.get<{
      result: {
        data: {
          expense: { amountCents: number; rateNeeded: { currency: string } | null; original: unknown };
          status: string;
        };
      };
    }>(`/trpc/drafts.get?input=${encodeURIComponent(JSON.stringify({ draftId }))}`);
    expect(result.data).toMatchObject({
      status: 'open',
      expense: { amountCents: 4500, rateNeeded: { currency: 'EUR' }, original: null },
    });
  });

  it('a Save press (a button left from before) writes nothing and says to type the rate', async () => {
    const reply = await write(demo, 'такси 20 евро я и Аня');
    const draftId = buttonData(reply, '✖️ Отмена').slice('draft:cancel:'.length);
    const update = world.updates.press(demo.telegram, reply!, `draft:save:${draftId}`);
    await world.send(update);
    const answer = world.telegram
      .callsOf('answerCallbackQuery')
      .find((c) => c.payload.callback_query_id === update.callback_query!.id);
    expect(answer?.payload).toMatchObject({
      text: 'Курс не нашёлся — сохранить так нельзя. Нажмите «Изменить» и введите курс.',
      show_alert: true,
    });
    expect(await demo.web.get<RestExpense[]>(`/api/groups/${group.id}/expenses`)).toEqual([]);
    // The draft is still open: Cancel closes it.
    const cancel = world.updates.press(demo.telegram, reply!, `draft:cancel:${draftId}`);
    await world.send(cancel);
    expect(plain(world.telegram.message(privateChat(demo.telegram).id, reply!.message_id)?.text)).toBe(
      '«Такси» — 20 €\nКто платил: Демо\nДелят: Демо 10 € · Аня 10 €\n\n✖️ Отменено',
    );
  });

  it('the form saves it with a typed rate, consuming the draft; the draft then reads saved', async () => {
    const reply = await write(demo, 'музей 30 евро на всех');
    const draftId = buttonData(reply, '✖️ Отмена').slice('draft:cancel:'.length);
    await demo.web.post('/trpc/expenses.create', {
      groupId: group.id,
      draftId,
      name: 'Музей',
      amountCents: 300000,
      paidById: group.seat('Демо'),
      participants: [group.seat('Демо'), group.seat('Аня'), group.seat('Боря')],
      original: {
        currency: 'EUR',
        amountCents: 3000,
        rate: '100',
        rateDate: '2026-11-28',
        rateSource: 'manual',
      },
    });
    const saved = (await demo.web.get<RestExpense[]>(`/api/groups/${group.id}/expenses`)).filter(
      (e) => e.name === 'Музей',
    );
    expect(saved).toEqual([
      expect.objectContaining({
        amount: 3000,
        originalAmount: 30,
        originalCurrency: 'EUR',
        exchangeRate: '100',
      }),
    ]);
    const cancel = world.updates.press(demo.telegram, reply!, `draft:cancel:${draftId}`);
    await world.send(cancel);
    const answer = world.telegram
      .callsOf('answerCallbackQuery')
      .find((c) => c.payload.callback_query_id === cancel.callback_query!.id);
    expect(answer?.payload).toMatchObject({ text: 'Этот расход уже сохранён.' });
  });

  it('«Аня вернула мне 50 евро»: a repayment draft in euros that says there is no rate; Edit opens the form as a repayment, no Save', async () => {
    const reply = await write(demo, 'Аня вернула мне 50 евро');
    expect(plain(reply?.text)?.split('\n')).toEqual([
      'Возврат долга — 50 €',
      'Курс для валюты «евро» к валюте группы («российский рубль») на сегодня не нашёлся: нажмите «Изменить» и введите курс или сумму в валюте группы.',
      'Аня → Демо',
    ]);
    expect(buttons(reply).map((b) => b.text)).toEqual(['✏️ Изменить', '✖️ Отмена']);
    const draftId = buttonData(reply, '✖️ Отмена').slice('draft:cancel:'.length);
    expect(buttons(reply)[0]).toEqual({
      text: '✏️ Изменить',
      web_app: { url: `${PUBLIC_URL}/group/${group.id}/new-expense?draft=${draftId}` },
    });

    // A Save press from an older keyboard writes nothing.
    const press = world.updates.press(demo.telegram, reply!, `draft:save:${draftId}`);
    await world.send(press);
    const answer = world.telegram
      .callsOf('answerCallbackQuery')
      .find((c) => c.payload.callback_query_id === press.callback_query!.id);
    expect(answer?.payload).toMatchObject({
      show_alert: true,
      text: expect.stringContaining('Курс не нашёлся'),
    });
    const settlements = async () =>
      (
        await demo.web.get<(RestExpense & { settlement: boolean })[]>(`/api/groups/${group.id}/expenses`)
      ).filter((e) => e.settlement);
    expect(await settlements()).toEqual([]);

    // The form saves it as a repayment with the typed rate, consuming the draft.
    await demo.web.post('/trpc/expenses.create', {
      groupId: group.id,
      draftId,
      name: 'Погашение долга',
      amountCents: 468_750,
      paidById: group.seat('Аня'),
      settlement: true,
      settlementFromId: group.seat('Аня'),
      settlementToId: group.seat('Демо'),
      splitMethod: 'amounts',
      participants: [],
      splitCents: {},
      original: {
        currency: 'EUR',
        amountCents: 5000,
        rate: '93.75',
        rateDate: '2026-11-28',
        rateSource: 'manual',
      },
    });
    expect(await settlements()).toEqual([
      expect.objectContaining({
        amount: 4687.5,
        originalAmount: 50,
        originalCurrency: 'EUR',
        exchangeRate: '93.75',
      }),
    ]);
    const cancel = world.updates.press(demo.telegram, reply!, `draft:cancel:${draftId}`);
    await world.send(cancel);
    const cancelled = world.telegram
      .callsOf('answerCallbackQuery')
      .find((c) => c.payload.callback_query_id === cancel.callback_query!.id);
    expect(cancelled?.payload).toMatchObject({ text: 'Этот расход уже сохранён.' });
  });

  it('in English', async () => {
    const reply = await write(mike, 'lunch 18 euros with Tom');
    expect(plain(reply?.text)?.split('\n')).toEqual([
      '“Lunch” — €18',
      'I found no rate from Euro to the group’s currency (Russian Ruble) for today: press Edit and type the rate or the amount in the group’s currency.',
      'Paid by: Mike',
      'Shared by: Mike €9 · Tom €9',
    ]);
    expect(buttons(reply).map((b) => b.text)).toEqual(['✏️ Edit', '✖️ Cancel']);
    expect(englishGroup.id).toBeTruthy();
  });
});
