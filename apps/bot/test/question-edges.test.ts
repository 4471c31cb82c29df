import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import type { SentMessage } from './support/telegram-stand-in';
import { buttonData, buttons, type Chat, privateChat } from './support/updates';
import { startWorld, type World } from './support/world';

/**
 * Edges of issue 24's questions not covered by conversations.test.ts: a name with one likely
 * member («Борюн — это Боря?»), a redelivered message that must not ask twice, and a message kept
 * before linking drafted when the person, linked on the web, writes again without /start.
 */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;
const nb = (text: string) => text.replace(/(?<=\d) (?=\d{3}(?:,| |$))| (?=₽)/g, '\u00a0');

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Поездка', ['Аня', 'Боря']);
});
afterAll(async () => {
  await world?.close();
});

const chat = () => privateChat(demo.telegram);
const repliesTo = (messageId: number): SentMessage[] =>
  world.telegram.messagesIn(chat().id).filter((message) => message.reply_to_message_id === messageId);

describe('questions: edges', () => {
  it('«такси 900 я и Борюн» asks «Борюн — это Боря?»; the answer shares with Боря, and Save keeps it', async () => {
    const update = world.updates.text(chat(), demo.telegram, 'такси 900 я и Борюн');
    await world.send(update);
    const question = repliesTo(update.message!.message_id)[0];
    expect(question?.text).toContain('Борюн — это Боря?');
    expect(buttons(question).map((button) => button.text)).toEqual(['Боря', '✖️ Никто из них']);

    await world.send(world.updates.press(demo.telegram, question!, buttonData(question, 'Боря')));
    const draft = world.telegram.message(chat().id, question!.message_id);
    expect(draft?.text).toBe(nb('«Такси» — 900 ₽\nКто платил: Демо\nДелят: Демо 450 ₽ · Боря 450 ₽'));

    await world.send(world.updates.press(demo.telegram, draft!, buttonData(draft, '✅ Сохранить')));
    const saved = (
      await demo.web.get<{ name: string; splits: Record<string, number> }[]>(
        `/api/groups/${group.id}/expenses`,
      )
    ).filter((expense) => expense.name === 'Такси');
    expect(saved).toHaveLength(1);
    expect(Object.keys(saved[0]!.splits).sort()).toEqual([group.seat('Боря'), group.seat('Демо')].sort());
  });

  it('«1500 я и Аня» asks what it was for; a suggested title makes the draft, «Другое» asks to write again', async () => {
    const update = world.updates.text(chat(), demo.telegram, '1500 я и Аня');
    await world.send(update);
    const question = repliesTo(update.message!.message_id)[0];
    expect(question?.text).toContain('За что это?');
    expect(buttons(question).map((button) => button.text)).toEqual([
      'Продукты',
      'Кафе',
      'Такси',
      'Жильё',
      'Развлечения',
      'Расход',
      '✏️ Другое',
    ]);
    await world.send(world.updates.press(demo.telegram, question!, buttonData(question, 'Кафе')));
    expect(world.telegram.message(chat().id, question!.message_id)?.text).toBe(
      nb('«Кафе» — 1 500 ₽\nКто платил: Демо\nДелят: Демо 750 ₽ · Аня 750 ₽'),
    );

    const other = world.updates.text(chat(), demo.telegram, '700 я и Боря');
    await world.send(other);
    const asked = repliesTo(other.message!.message_id)[0];
    await world.send(world.updates.press(demo.telegram, asked!, buttonData(asked, '✏️ Другое')));
    expect(world.telegram.message(chat().id, asked!.message_id)?.text).toMatch(
      /^Хорошо\. Напишите сообщение ещё раз, добавив, за что/,
    );
  });

  it('a redelivered message asks once', async () => {
    const update = world.updates.text(chat(), demo.telegram, 'Петя заплатил за пиццу 1200');
    await world.send(update);
    await world.send(update);
    expect(repliesTo(update.message!.message_id)).toHaveLength(1);
  });
});

describe('an expense written before linking, linked elsewhere', () => {
  it('is drafted, once, when the person writes again after linking on the web, without /start', async () => {
    const stranger = world.stranger('Нина');
    const ninaChat = privateChat(stranger);
    const before = world.updates.text(ninaChat, stranger, 'дрова 900 я и Оля');
    await world.send(before);

    const nina = await world.server.signUp('Нина');
    await nina.linkTelegram(stranger.id);
    await nina.createGroup('Дача', ['Оля']);
    const after = world.updates.text(ninaChat, stranger, 'баня 1200 я и Оля');
    await world.send(after);
    const draftOf = (messageId: number) =>
      world.telegram.messagesIn(stranger.id).filter((message) => message.reply_to_message_id === messageId);
    expect(draftOf(before.message!.message_id).at(-1)?.text).toBe(
      nb('«Дрова» — 900 ₽\nКто платил: Нина\nДелят: Нина 450 ₽ · Оля 450 ₽'),
    );
    expect(draftOf(after.message!.message_id).at(-1)?.text).toBe(
      nb('«Баня» — 1 200 ₽\nКто платил: Нина\nДелят: Нина 600 ₽ · Оля 600 ₽'),
    );

    const count = draftOf(before.message!.message_id).length;
    await world.send(world.updates.text(ninaChat, stranger, 'чай 100 я и Оля'));
    expect(draftOf(before.message!.message_id)).toHaveLength(count);
  });
});

describe('a question in a connected group chat', () => {
  it('is answered by its writer only: a chat member outside the Dolya group is refused, the writer’s answer makes the draft', async () => {
    const groupChat: Chat = { id: -100_777_000_222, type: 'supergroup', title: 'Поездка' };
    world.telegram.setChatMemberStatus(groupChat.id, demo.telegram.id, 'creator');
    await world.send(world.updates.text(groupChat, demo.telegram, '/connect@dolya_test_bot'));
    const eve = await world.linkedPerson('Ева');

    const update = world.updates.text(groupChat, demo.telegram, '/add Петя заплатил за чай 300');
    await world.send(update);
    const question = world.telegram
      .messagesIn(groupChat.id)
      .find((message) => message.reply_to_message_id === update.message!.message_id);
    expect(question?.text).toContain('Кто такой Петя?');

    const outsider = world.updates.press(eve.telegram, question!, buttonData(question, 'Аня'));
    await world.send(outsider);
    const refused = world.telegram
      .callsOf('answerCallbackQuery')
      .find((call) => call.payload.callback_query_id === outsider.callback_query!.id)?.payload;
    expect(refused).toMatchObject({ show_alert: true });
    expect(world.telegram.message(groupChat.id, question!.message_id)?.text).toBe(question?.text);

    await world.send(world.updates.press(demo.telegram, question!, buttonData(question, 'Аня')));
    expect(world.telegram.message(groupChat.id, question!.message_id)?.text).toContain('Кто платил: Аня');
  });
});

describe('an expense written before linking, by someone with several groups', () => {
  it('is drafted once the group is chosen after /start', async () => {
    const stranger = world.stranger('Рита');
    const ritaChat = privateChat(stranger);
    const kept = world.updates.text(ritaChat, stranger, 'дрова 900 я и Оля');
    await world.send(kept);

    const rita = await world.server.signUp('Рита');
    await rita.linkTelegram(stranger.id);
    await rita.createGroup('Дача', ['Оля']);
    await rita.createGroup('Работа', ['Гоша']);
    await world.send(world.updates.text(ritaChat, stranger, '/start'));
    const choice = world.telegram
      .messagesIn(stranger.id)
      .filter((message) => buttons(message).some((button) => button.text === 'Дача'))
      .at(-1);
    expect(choice).toBeDefined();
    await world.send(world.updates.press(stranger, choice!, buttonData(choice, 'Дача')));

    const drafts = world.telegram
      .messagesIn(stranger.id)
      .filter((message) => message.reply_to_message_id === kept.message!.message_id);
    expect(drafts.at(-1)?.text).toBe(nb('«Дрова» — 900 ₽\nКто платил: Рита\nДелят: Рита 450 ₽ · Оля 450 ₽'));
  });
});
