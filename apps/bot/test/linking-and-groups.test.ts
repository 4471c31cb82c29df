import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonData, buttons, type Chat, privateChat, type TelegramUser } from './support/updates';
import { PUBLIC_URL, startWorld, type World } from './support/world';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

async function write(
  chat: Chat,
  from: TelegramUser,
  text: string,
  replyTo?: Parameters<World['updates']['text']>[3],
) {
  const update = world.updates.text(chat, from, text, replyTo);
  await world.send(update);
  const reply = world.telegram
    .messagesIn(chat.id)
    .find((message) => message.reply_to_message_id === update.message!.message_id);
  return { update, reply };
}

describe('a Telegram user with no Dolya account linked', () => {
  it('gets an explanation and the mini app to sign in, never a draft', async () => {
    const stranger = world.stranger('Петя');
    const chat = privateChat(stranger);
    const { reply } = await write(chat, stranger, 'пицца 1200 я, Аня');
    expect(reply?.text).toContain('Я ещё не знаю, кто вы в Доле');
    expect(buttons(reply)).toEqual([{ text: 'Открыть Долю', web_app: { url: `${PUBLIC_URL}/` } }]);
    expect(world.telegram.messagesIn(chat.id)).toHaveLength(1);

    const started = await write(chat, stranger, '/start');
    expect(started.reply?.text).toContain('Я ещё не знаю, кто вы в Доле');
  });

  it('in a group chat is sent to the private chat, in English for an English Telegram', async () => {
    const stranger = world.stranger('Pete', 'en');
    const group: Chat = { id: -100_777_001, type: 'supergroup', title: 'Friends' };
    const { reply } = await write(group, stranger, '/add pizza 36 me, Anna');
    expect(reply?.text).toBe(
      'Pete, I don’t know who you are in Dolya yet. Open me in a private chat and sign in — then write your expenses here.',
    );
    expect(buttons(reply)).toEqual([
      { text: 'Sign in to Dolya', url: 'https://t.me/dolya_test_bot?start=link' },
    ]);
  });

  it('once linked, /start greets them by their Dolya name', async () => {
    const ann = await world.linkedPerson('Аня');
    const { reply } = await write(privateChat(ann.telegram), ann.telegram, '/start');
    expect(reply?.text).toMatch(/^Привет, Аня! Я записываю расходы в Долю/);
    // From the group chat's "sign in" button, after signing in.
    const again = await write(privateChat(ann.telegram), ann.telegram, '/start link');
    expect(again.reply?.text).toBe(
      'Ваш Telegram уже связан с аккаунтом «Аня» в Доле. Пишите расходы прямо сюда.',
    );
  });
});

describe('which group a private chat records into', () => {
  it('with no group: says so, with the app to make one', async () => {
    const lone = await world.linkedPerson('Одиночка');
    const { reply } = await write(privateChat(lone.telegram), lone.telegram, 'такси 500');
    expect(reply?.text).toContain('У вас пока нет групп');
    expect(buttons(reply)).toEqual([{ text: 'Открыть Долю', web_app: { url: `${PUBLIC_URL}/` } }]);
  });

  it('with two groups: asks once (most recently active first), remembers, and drafts the waiting message', async () => {
    const boris = await world.linkedPerson('Борис');
    const older = await boris.createGroup('Дача', ['Мама']);
    const newer = await boris.createGroup('Поход', ['Гоша']);
    const chat = privateChat(boris.telegram);

    const first = await write(chat, boris.telegram, 'палатка 3000 я и Гоша');
    expect(first.reply?.text).toBe('В какую группу записывать расходы из этого чата?');
    expect(buttons(first.reply)).toEqual([
      { text: 'Поход', callback_data: `group:${newer.id}` },
      { text: 'Дача', callback_data: `group:${older.id}` },
    ]);

    const choice = world.updates.press(boris.telegram, first.reply!, buttonData(first.reply, 'Поход'));
    await world.send(choice);
    expect(world.telegram.message(chat.id, first.reply!.message_id)?.text).toBe(
      'Записываю расходы в «Поход». Сменить группу: /group',
    );
    // The message that waited for the choice is now a draft, as a reply to it.
    const draft = world.telegram
      .messagesIn(chat.id)
      .filter((m) => m.reply_to_message_id === first.update.message!.message_id)
      .at(-1);
    expect(draft?.text.split('\n')[0]).toBe('«Палатка» — 3\u00a0000\u00a0₽');

    // Remembered: the next message goes straight to a draft in the same group.
    const second = await write(chat, boris.telegram, 'газ 400 я и Гоша');
    expect(second.reply?.text.split('\n').at(-1)).toBe('Делят: Борис 200\u00a0₽ · Гоша 200\u00a0₽');

    // /group changes it.
    const asked = await write(chat, boris.telegram, '/group');
    const change = world.updates.press(boris.telegram, asked.reply!, buttonData(asked.reply, 'Дача'));
    await world.send(change);
    const third = await write(chat, boris.telegram, 'краска 900 я и мама');
    expect(third.reply?.text.split('\n').at(-1)).toBe('Делят: Борис 450\u00a0₽ · Мама 450\u00a0₽');
  });
});
