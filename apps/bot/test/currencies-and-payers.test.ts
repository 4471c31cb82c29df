import { startFxProvider } from '@dolya/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import { privateChat } from './support/updates';
import { startWorld, type World } from './support/world';

/** Issue 26 end to end: the real server with a rates stand-in on 127.0.0.1, the real bot, Telegram's stand-in. */
let world: World;
let provider: Awaited<ReturnType<typeof startFxProvider>>;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;
let mike: Awaited<ReturnType<World['linkedPerson']>>;
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  provider = await startFxProvider({ 'EUR/RUB': { rate: '93.75' }, 'USD/RUB': { rate: '80.5' } });
  world = await startWorld({ serverEnv: { FX_RATES_URL: provider.url } });
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Поездка в Ереван', ['Аня', 'Боря']);
  mike = await world.linkedPerson('Mike', 'en');
  await mike.createGroup('Lisbon', ['Tom']);
});
afterAll(async () => {
  await world?.close();
  await provider?.close();
});

async function write(text: string, person = demo) {
  const update = world.updates.text(privateChat(person.telegram), person.telegram, text);
  await world.send(update);
  return world.telegram
    .messagesIn(privateChat(person.telegram).id)
    .find((message) => message.reply_to_message_id === update.message!.message_id);
}

describe('a message in another currency', () => {
  it('«ужин 45 евро на всех» becomes a draft at the day’s rate, original beside the converted amount', async () => {
    const reply = await write('ужин 45 евро на всех');
    const lines = plain(reply?.text)?.split('\n') ?? [];
    expect(lines[0]).toBe('«Ужин» — 45 € → 4 218,75 ₽');
    expect(lines[1]).toMatch(/^Курс: 1 € = 93,75 ₽ на \d\d\.\d\d\.\d{4}$/);
    expect(group.id).toBeTruthy();
  });

  it('«lunch $18 with Tom» in a rouble group: dollars at the day’s rate, in English', async () => {
    const reply = await write('lunch $18 with Tom', mike);
    const lines = plain(reply?.text)?.split('\n') ?? [];
    expect(lines[0]).toBe('“Lunch” — $18 → ₽1,449');
    expect(lines[1]).toMatch(/^Rate: \$1 = ₽80\.50 on \d\d\/\d\d\/\d{4}$/);
    expect(lines.slice(2)).toEqual(['Paid by: Mike', 'Shared by: Mike ₽724.50 · Tom ₽724.50']);
    expect(reply?.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      '✅ Save',
      '✏️ Edit',
      '✖️ Cancel',
    ]);
  });

  it('a currency the provider has no rate for: the draft in lari says so, with Edit and no Save', async () => {
    const reply = await write('обед 30 лари на всех');
    const lines = plain(reply?.text)?.split('\n') ?? [];
    expect(lines[0]).toMatch(/^«Обед» — 30 \S+$/);
    expect(lines[1]).toContain(
      'Курс для валюты «грузинский лари» к валюте группы («российский рубль») на сегодня не нашёлся: нажмите «Изменить»',
    );
    expect(reply?.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      '✏️ Изменить',
      '✖️ Отмена',
    ]);
  });
});

describe('a repayment in another currency', () => {
  it('«Аня вернула мне 50 евро»: a repayment draft at the day’s rate, with Edit; Save records it with its original', async () => {
    const reply = await write('Аня вернула мне 50 евро');
    const lines = plain(reply?.text)?.split('\n') ?? [];
    expect(lines[0]).toBe('Возврат долга — 50 € → 4 687,50 ₽');
    expect(lines[1]).toMatch(/^Курс: 1 € = 93,75 ₽ на \d\d\.\d\d\.\d{4}$/);
    expect(lines[2]).toBe('Аня → Демо');
    const keyboard = reply?.reply_markup?.inline_keyboard.flat() ?? [];
    expect(keyboard.map((b) => b.text)).toEqual(['✅ Сохранить', '✏️ Изменить', '✖️ Отмена']);
    const save = keyboard[0]!;
    await world.send(world.updates.press(demo.telegram, reply!, save.callback_data!));
    const settlements = (
      await demo.web.get<
        {
          settlement: boolean;
          amount: number;
          originalAmount: number | null;
          originalCurrency: string | null;
        }[]
      >(`/api/groups/${group.id}/expenses`)
    ).filter((e) => e.settlement);
    expect(settlements).toEqual([
      expect.objectContaining({ amount: 4687.5, originalAmount: 50, originalCurrency: 'EUR' }),
    ]);
  });
});

describe('several payers', () => {
  it('«Аня 700 и я 300 за продукты» becomes a draft with both payers', async () => {
    const reply = await write('Аня 700 и я 300 за продукты');
    expect(plain(reply?.text)).toContain('Кто платил: Демо 300 ₽, Аня 700 ₽');
  });

  it('«Аня и я заплатили по 500 за билеты на всех»: two payers of 500 each, the 1 000 shared by all', async () => {
    const reply = await write('Аня и я заплатили по 500 за билеты на всех');
    expect(plain(reply?.text)?.split('\n')).toEqual([
      '«Билеты» — 1 000 ₽',
      'Кто платил: Демо 500 ₽, Аня 500 ₽',
      'Делят: Демо 333,34 ₽ · Аня 333,33 ₽ · Боря 333,33 ₽',
    ]);
  });
});
