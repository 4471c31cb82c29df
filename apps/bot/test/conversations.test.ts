import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import type { SentMessage } from './support/telegram-stand-in';
import { buttonData, buttons, privateChat, type TelegramUser } from './support/updates';
import { startWorld, type World } from './support/world';

/**
 * The conversations of issue 24 through the Bot API stand-in: questions answered with buttons,
 * repayments saved as settlements, captions, photos and voice messages, the language of a reply.
 * Demo writes; the group has seats for Аня and Боря.
 */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;
const nb = (text: string) => text.replace(/(?<=\d) (?=\d{3}(?:,| |$))| (?=₽)/g, '\u00a0');

interface RestExpense {
  name: string;
  amount: number;
  paidById: string;
  settlement?: boolean;
  splits: Record<string, number>;
}
interface RestBalance {
  memberId: string;
  name: string;
  net: number | string;
}

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Поездка', ['Аня', 'Боря']);
});
afterAll(async () => {
  await world?.close();
});

const chat = () => privateChat(demo.telegram);
const expenses = () => demo.web.get<RestExpense[]>(`/api/groups/${group.id}/expenses`);
const memberId = (name: string) => group.seat(name);

/** Writes a message and returns the bot's reply to it. */
async function write(text: string, from: TelegramUser = demo.telegram) {
  const update = world.updates.text(chat(), from, text);
  await world.send(update);
  return replyTo(update.message!.message_id);
}

function replyTo(messageId: number): SentMessage | undefined {
  return world.telegram.messagesIn(chat().id).find((message) => message.reply_to_message_id === messageId);
}

/** Presses the button with this text under a bot message; the message as it stands afterwards. */
async function press(message: SentMessage | undefined, text: string, from: TelegramUser = demo.telegram) {
  const update = world.updates.press(from, message!, buttonData(message, text));
  await world.send(update);
  const answered = world.telegram
    .callsOf('answerCallbackQuery')
    .find((call) => call.payload.callback_query_id === update.callback_query!.id);
  return { message: world.telegram.message(chat().id, message!.message_id), answered: answered?.payload };
}

describe('a question with buttons instead of a guess', () => {
  it('«Петя заплатил за пиццу 1200»: who paid, a button per member; the answer makes the draft, saved with that payer', async () => {
    const question = await write('Петя заплатил за пиццу 1200');
    expect(question?.text).toBe(
      nb('«Пицца» — 1 200 ₽\nКто платил: ❓\n\nКто такой Петя? Выберите, кто платил:'),
    );
    expect(buttons(question).map((button) => button.text)).toEqual(['Демо', 'Аня', 'Боря', '✖️ Никто из них']);

    const { message: draft } = await press(question, 'Боря');
    expect(draft?.text).toBe(
      nb('«Пицца» — 1 200 ₽\nКто платил: Боря\nДелят: Демо 400 ₽ · Аня 400 ₽ · Боря 400 ₽'),
    );
    await press(draft, '✅ Сохранить');
    const saved = (await expenses()).find((expense) => expense.name === 'Пицца');
    expect(saved).toMatchObject({ amount: 1200, paidById: memberId('Боря') });
    // A second press of the answered question's button finds the same draft: nothing new is saved.
    const again = world.updates.press(demo.telegram, question!, buttonData(question, 'Боря'));
    await world.send(again);
    expect((await expenses()).filter((expense) => expense.name === 'Пицца')).toHaveLength(1);
  });

  it('«такси 900 я, Аня, Глаша»: who is Глаша — answered, the draft shares with that member', async () => {
    const question = await write('такси 900 я, Аня, Глаша');
    expect(question?.text).toContain('Кто такая Глаша?');
    const { message: draft } = await press(question, 'Боря');
    expect(draft?.text).toBe(
      nb('«Такси» — 900 ₽\nКто платил: Демо\nДелят: Демо 300 ₽ · Аня 300 ₽ · Боря 300 ₽'),
    );
  });

  it('«квест 2400 я, Аня, Боря по 600»: which total — answered with a button', async () => {
    const question = await write('квест 2400 я, Аня, Боря по 600');
    expect(question?.text).toBe('«Квест» — ❓\n\nСколько всего?');
    expect(buttons(question).map((button) => button.text)).toEqual([
      nb('всего 2 400 ₽'),
      nb('всего 1 800 ₽'),
    ]);
    const { message: draft } = await press(question, nb('всего 1 800 ₽'));
    expect(draft?.text).toContain(nb('«Квест» — 1 800 ₽'));
  });

  it('only the writer may answer: someone else’s press is refused and changes nothing', async () => {
    const question = await write('Петя заплатил за кофе 300');
    const anya = await world.linkedPerson('Аня К');
    const { answered, message } = await press(question, 'Аня', anya.telegram);
    expect(answered).toMatchObject({
      text: 'Ответить может только тот, кто написал сообщение.',
      show_alert: true,
    });
    expect(message?.text).toBe(question?.text);
  });

  it('«✖️ Никто из них» asks to write again, naming the members', async () => {
    const question = await write('Вася заплатил за чай 200');
    const { message } = await press(question, '✖️ Никто из них');
    expect(message?.text).toBe(
      'Хорошо. Напишите сообщение ещё раз, назвав людей так, как они записаны в группе: Демо, Аня, Боря.',
    );
    expect(buttons(message)).toEqual([]);
  });
});

describe('a repayment is a settlement, not an expense', () => {
  it('«Аня вернула мне 350»: a settlement draft with Save, Edit and Cancel; Save records it once', async () => {
    const draft = await write('Аня вернула мне 350');
    expect(draft?.text).toBe(nb('Возврат долга — 350 ₽\nАня → Демо'));
    expect(buttons(draft).map((button) => button.text)).toEqual(['✅ Сохранить', '✏️ Изменить', '✖️ Отмена']);
    const before = await demo.web.get<{ members: RestBalance[] }>(`/api/groups/${group.id}/balances`);
    await press(draft, '✅ Сохранить');
    await press(draft, '✅ Сохранить');
    const settlements = (await expenses()).filter((expense) => expense.settlement);
    expect(settlements).toHaveLength(1);
    expect(settlements[0]).toMatchObject({ amount: 350, paidById: memberId('Аня') });
    const after = await demo.web.get<{ members: RestBalance[] }>(`/api/groups/${group.id}/balances`);
    const net = (balances: { members: RestBalance[] }, name: string) =>
      Number(balances.members.find((member) => member.memberId === memberId(name))!.net);
    expect(net(after, 'Аня') - net(before, 'Аня')).toBeCloseTo(350, 2);
    expect(net(after, 'Демо') - net(before, 'Демо')).toBeCloseTo(-350, 2);
  });

  it('«Аня 500» asks: a new expense or a repayment — «Возврат долга» makes the settlement draft', async () => {
    const question = await write('Аня 500');
    expect(question?.text).toContain('Это новый расход или возврат долга?');
    const { message } = await press(question, 'Возврат долга');
    expect(message?.text).toBe(nb('Возврат долга — 500 ₽\nАня → Демо'));
  });
});

describe('photos, captions, voice and stickers', () => {
  const photo = [{ file_id: 'p', file_unique_id: 'p', width: 800, height: 600 }];

  it('a photo whose caption is an expense gets its draft', async () => {
    const update = world.updates.other(chat(), demo.telegram, { photo, caption: 'ужин 2400 на всех' });
    await world.send(update);
    expect(replyTo(update.message!.message_id)?.text).toBe(
      nb('«Ужин» — 2 400 ₽\nКто платил: Демо\nДелят: Демо 800 ₽ · Аня 800 ₽ · Боря 800 ₽'),
    );
  });

  it('a photo without a caption: the bot says it reads text', async () => {
    const update = world.updates.other(chat(), demo.telegram, { photo });
    await world.send(update);
    expect(replyTo(update.message!.message_id)?.text).toContain('Я читаю текст');
  });

  it('without OPENAI_TRANSCRIBE_MODEL a voice message or a video note gets: I read text; nothing downloaded', async () => {
    const voice = world.updates.other(chat(), demo.telegram, {
      voice: { file_id: 'v', file_unique_id: 'v', duration: 3 },
    });
    const videoNote = world.updates.other(chat(), demo.telegram, {
      video_note: { file_id: 'n', file_unique_id: 'n', length: 240, duration: 3 },
    });
    await world.send(voice);
    await world.send(videoNote);
    const readsText =
      'Голосовые сообщения здесь не слушаю — я читаю текст. Напишите расход, например: «такси 700».';
    expect(replyTo(voice.message!.message_id)?.text).toBe(readsText);
    expect(replyTo(videoNote.message!.message_id)?.text).toBe(readsText);
    expect(world.telegram.callsOf('getFile')).toEqual([]);
  });

  it('without OPENAI_TRANSCRIBE_MODEL a voice message’s caption is read as a photo’s', async () => {
    const update = world.updates.other(chat(), demo.telegram, {
      voice: { file_id: 'v', file_unique_id: 'v', duration: 3 },
      caption: 'чай 300 я и Аня',
    });
    await world.send(update);
    expect(replyTo(update.message!.message_id)?.text).toBe(
      nb('«Чай» — 300 ₽\nКто платил: Демо\nДелят: Демо 150 ₽ · Аня 150 ₽'),
    );
  });

  it('in English to a writer whose Telegram speaks English', async () => {
    const en = await world.linkedPerson('Ira', 'en');
    const update = world.updates.other(privateChat(en.telegram), en.telegram, {
      voice: { file_id: 'v', file_unique_id: 'v', duration: 3 },
    });
    await world.send(update);
    expect(
      world.telegram
        .messagesIn(en.telegram.id)
        .find((message) => message.reply_to_message_id === update.message!.message_id)?.text,
    ).toBe('I don’t listen to voice messages here — I read text. Write the expense, for example: “taxi 20”.');
  });
});

describe('the language of a reply', () => {
  it('follows the script of the message: Russian to a writer whose Telegram is set to English', async () => {
    const en = await world.linkedPerson('Ира', 'en');
    await en.createGroup('Дача', ['Оля']);
    const update = world.updates.text(privateChat(en.telegram), en.telegram, 'дрова 900 я и Оля');
    await world.send(update);
    const reply = world.telegram
      .messagesIn(en.telegram.id)
      .find((message) => message.reply_to_message_id === update.message!.message_id);
    expect(reply?.text).toBe(nb('«Дрова» — 900 ₽\nКто платил: Ира\nДелят: Ира 450 ₽ · Оля 450 ₽'));
  });
});

describe('an expense written before linking', () => {
  it('is kept, and once linked /start shows its draft, once', async () => {
    const stranger = world.stranger('Лиза');
    const lizaChat = privateChat(stranger);
    const update = world.updates.text(lizaChat, stranger, 'дрова 900 я и Оля');
    await world.send(update);
    const prompt = world.telegram.messagesIn(stranger.id).at(-1);
    expect(prompt?.text).toContain('Сообщение сохранено: как только войдёте, отправьте /start');

    const liza = await world.server.signUp('Лиза');
    await liza.linkTelegram(stranger.id);
    await liza.createGroup('Дача', ['Оля']);
    await world.send(world.updates.text(lizaChat, stranger, '/start'));
    const draft = world.telegram
      .messagesIn(stranger.id)
      .filter((message) => message.reply_to_message_id === update.message!.message_id)
      .at(-1);
    expect(draft?.text).toBe(nb('«Дрова» — 900 ₽\nКто платил: Лиза\nДелят: Лиза 450 ₽ · Оля 450 ₽'));

    const before = world.telegram.messagesIn(stranger.id).length;
    await world.send(world.updates.text(lizaChat, stranger, '/start'));
    // The greeting again, and no second draft.
    expect(world.telegram.messagesIn(stranger.id)).toHaveLength(before + 1);
  });
});

describe('help and hints in the group’s own words', () => {
  it('/help gives examples with the group’s names, verbs agreeing with them', async () => {
    const vera = await world.linkedPerson('Вера');
    await vera.createGroup('Дом', ['Гоша', 'Лена']);
    const update = world.updates.text(privateChat(vera.telegram), vera.telegram, '/help');
    await world.send(update);
    const help = world.telegram.messagesIn(vera.telegram.id).at(-1)?.text ?? '';
    expect(help).toContain('• пицца 1200 я, Гоша, Лена');
    expect(help).toContain('• такси 700 платил Гоша');
    expect(help).toContain('• продукты 2300 все кроме Лены');
    expect(help).toContain('• Гоша вернул мне 500 — возврат долга');
  });
});

describe('a bot whose app is on localhost', () => {
  it('asks an unlinked user to sign in with the address in the text, pointing at no button', async () => {
    const local = await startWorld({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    try {
      const stranger = local.stranger('Гость');
      await local.send(local.updates.text(privateChat(stranger), stranger, '/start'));
      const prompt = local.telegram.messagesIn(stranger.id).at(-1);
      expect(prompt?.text).toContain('Откройте http://localhost:3000/');
      expect(prompt?.text).not.toContain('кнопкой ниже');
      expect(buttons(prompt)).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
