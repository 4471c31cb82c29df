import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import { BOT_USER, type SentMessage } from './support/telegram-stand-in';
import { buttonData, buttons, type Chat, type TelegramUser } from './support/updates';
import { MINI_APP, PUBLIC_URL, startWorld, type World } from './support/world';

/**
 * A Telegram group chat: Demo (admin of the Dolya group "Квартира") connects it; Аня, a member
 * who took her seat through an invite, records expenses there too; Ева is in the chat only.
 */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let anya: Awaited<ReturnType<World['linkedPerson']>>;
let eve: Awaited<ReturnType<World['linkedPerson']>>;
let flat: GroupInfo;
const chat: Chat = { id: -100_555_000_111, type: 'supergroup', title: 'Квартира' };

interface RestLog {
  action: string;
}

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  anya = await world.linkedPerson('Аня');
  eve = await world.linkedPerson('Ева');
  flat = await demo.createGroup('Квартира', ['Аня', 'Боря']);
  await anya.claimSeat(await demo.invite(flat.id), flat.seat('Аня'));
  // Telegram's side: Demo administers the chat; Аня and Ева are members.
  world.telegram.setChatMemberStatus(chat.id, demo.telegram.id, 'creator');
});
afterAll(async () => {
  await world?.close();
});

async function write(from: TelegramUser, text: string, replyTo?: SentMessage) {
  const update = world.updates.text(chat, from, text, replyTo);
  await world.send(update);
  const reply = world.telegram
    .messagesIn(chat.id)
    .find((message) => message.reply_to_message_id === update.message!.message_id);
  return { update, reply };
}

async function press(from: TelegramUser, message: SentMessage | undefined, text: string) {
  const update = world.updates.press(from, message!, buttonData(message, text));
  await world.send(update);
  return world.telegram
    .callsOf('answerCallbackQuery')
    .find((c) => c.payload.callback_query_id === update.callback_query!.id)?.payload;
}

describe('/connect', () => {
  it('is what the bot asks for when it is added to the chat', async () => {
    await world.send(world.updates.other(chat, demo.telegram, { new_chat_members: [BOT_USER] }));
    expect(world.telegram.messagesIn(chat.id).at(-1)?.text).toBe(
      'Привет! Я записываю расходы в Долю. Администратор группы в Доле, отправьте /connect, чтобы подключить этот чат к группе.',
    );
  });

  it('is refused to someone who is no administrator of the Telegram chat', async () => {
    const { reply } = await write(anya.telegram, '/connect');
    expect(reply?.text).toBe('Подключать и отключать этот чат может только администратор чата в Telegram.');
    expect(world.telegram.callsOf('getChatMember').at(-1)?.payload).toMatchObject({
      chat_id: chat.id,
      user_id: anya.telegram.id,
    });
  });

  it('is refused to someone who administers no Dolya group, and the chat stays unconnected', async () => {
    world.telegram.setChatMemberStatus(chat.id, anya.telegram.id, 'administrator');
    const { reply } = await write(anya.telegram, '/connect');
    world.telegram.setChatMemberStatus(chat.id, anya.telegram.id, 'member');
    expect(reply?.text).toContain('может только администратор группы');
    const add = await write(anya.telegram, '/add пицца 600 я и Демо');
    expect(add.reply?.text).toContain('Этот чат ещё не подключён к группе Доли');
  });

  it('binds the chat for the group’s admin, with a CHAT_CONNECTED log row', async () => {
    const { reply } = await write(demo.telegram, '/connect@dolya_test_bot');
    expect(reply?.text).toBe(
      'Этот чат подключён к группе «Квартира». Пишите расходы: /add пицца 1200 я, Аня, Боря — или ответом на моё сообщение.',
    );
    const logs = await demo.web.get<RestLog[]>(`/api/groups/${flat.id}/logs`);
    expect(logs.map((l) => l.action)).toContain('CHAT_CONNECTED');
  });

  it('with several groups asks which, and only the asker may choose', async () => {
    const other = await demo.createGroup('Работа', ['Коллега']);
    const side: Chat = { id: -100_555_000_222, type: 'supergroup', title: 'Работа' };
    world.telegram.setChatMemberStatus(side.id, demo.telegram.id, 'administrator');
    world.telegram.setChatMemberStatus(side.id, anya.telegram.id, 'administrator');
    const update = world.updates.text(side, demo.telegram, '/connect');
    await world.send(update);
    const question = world.telegram
      .messagesIn(side.id)
      .find((m) => m.reply_to_message_id === update.message!.message_id);
    expect(buttons(question).map((b) => b.text)).toEqual(['Работа', 'Квартира']);

    const byAnya = world.updates.press(anya.telegram, question!, buttonData(question, 'Работа'));
    await world.send(byAnya);
    expect(
      world.telegram
        .callsOf('answerCallbackQuery')
        .find((c) => c.payload.callback_query_id === byAnya.callback_query!.id)?.payload,
    ).toMatchObject({ text: 'Эта кнопка не для вас.', show_alert: true });

    await world.send(world.updates.press(demo.telegram, question!, buttonData(question, 'Работа')));
    expect(world.telegram.messagesIn(side.id).at(-1)?.text).toContain('Этот чат подключён к группе «Работа»');
    expect(other.id).toBeTruthy();
  });
});

describe('expenses in the connected chat', () => {
  it('/add makes a draft whose Edit opens the mini app on it', async () => {
    const { reply } = await write(demo.telegram, '/add пицца 600 я и Аня');
    expect(reply?.text).toBe(
      '«Пицца» — 600\u00a0₽\nКто платил: Демо\nДелят: Демо 300\u00a0₽ · Аня 300\u00a0₽',
    );
    const draftId = buttonData(reply, '✅ Сохранить').slice('draft:save:'.length);
    expect(buttons(reply)[1]).toEqual({
      text: '✏️ Изменить',
      url: `https://t.me/dolya_test_bot/${MINI_APP}?startapp=draft_${draftId}`,
    });
    // Another member's press does nothing but tell them.
    expect(await press(anya.telegram, reply, '✅ Сохранить')).toMatchObject({ show_alert: true });
    expect(await press(demo.telegram, reply, '✅ Сохранить')).toMatchObject({ text: 'Сохранено' });
    const saved = world.telegram.message(chat.id, reply!.message_id);
    expect(buttons(saved)).toEqual([{ text: 'Открыть группу', url: `${PUBLIC_URL}/group/${flat.id}` }]);
  });

  it('a mention of the bot, as its member who wrote it', async () => {
    const { reply } = await write(anya.telegram, '@dolya_test_bot такси 300 я и Демо');
    expect(reply?.text).toBe(
      '«Такси» — 300\u00a0₽\nКто платил: Аня\nДелят: Демо 150\u00a0₽ · Аня 150\u00a0₽',
    );
  });

  it('a reply to the bot', async () => {
    const question = await write(anya.telegram, '/add вода 100 я и Петя');
    expect(question.reply?.text).toContain('Кто такой Петя?');
    const { reply } = await write(anya.telegram, 'вода 100 я и Боря', question.reply);
    expect(reply?.text).toBe('«Вода» — 100\u00a0₽\nКто платил: Аня\nДелят: Аня 50\u00a0₽ · Боря 50\u00a0₽');
  });

  it('other messages of the chat are none of the bot’s business', async () => {
    const before = world.telegram.messagesIn(chat.id).length;
    await write(anya.telegram, 'купила хлеб 50');
    expect(world.telegram.messagesIn(chat.id)).toHaveLength(before);
  });

  it('someone in the chat but not in the Dolya group is told so', async () => {
    const { reply } = await write(eve.telegram, '/add хлеб 50');
    expect(reply?.text).toBe(
      'Вы не участник группы Доли, подключённой к этому чату. Попросите её администратора добавить вас.',
    );
  });

  it('/balance answers for the chat’s group', async () => {
    const { reply } = await write(anya.telegram, '/balance');
    expect(reply?.text).toBe('Кто кому должен в «Квартира»:\nАня → Демо: 300\u00a0₽');
  });
});

describe('a connected chat cannot be taken (issue 31)', () => {
  const shared: Chat = { id: -100_555_000_333, type: 'supergroup', title: 'Общий' };
  let mallory: Awaited<ReturnType<World['linkedPerson']>>;
  let home: GroupInfo;

  beforeAll(async () => {
    // Demo's group "Дом", with Аня as a second admin who has Telegram linked.
    home = await demo.createGroup('Дом', ['Аня']);
    await anya.claimSeat(await demo.invite(home.id), home.seat('Аня'));
    await demo.web.post(`/api/groups/${home.id}/members/${anya.userId}/make-admin`);
    world.telegram.setChatMemberStatus(shared.id, demo.telegram.id, 'creator');
    const connected = world.updates.text(shared, demo.telegram, '/connect');
    await world.send(connected);
    const question = world.telegram
      .messagesIn(shared.id)
      .find((m) => m.reply_to_message_id === connected.message!.message_id);
    await world.send(world.updates.press(demo.telegram, question!, buttonData(question, 'Дом')));
    expect(world.telegram.messagesIn(shared.id).at(-1)?.text).toContain('подключён к группе «Дом»');
    // Mallory: an administrator of the Telegram chat, and admin of a Dolya group of her own.
    mallory = await world.linkedPerson('Мэллори');
    await mallory.createGroup('Моя', ['Сообщник']);
    world.telegram.setChatMemberStatus(shared.id, mallory.telegram.id, 'administrator');
  });

  async function say(from: TelegramUser, text: string) {
    const update = world.updates.text(shared, from, text);
    await world.send(update);
    return world.telegram
      .messagesIn(shared.id)
      .find((m) => m.reply_to_message_id === update.message!.message_id);
  }

  const logsOf = async (groupId: string) =>
    (await demo.web.get<RestLog[]>(`/api/groups/${groupId}/logs`)).map((l) => l.action);

  it('/connect by an admin of another Dolya group is refused with why; the chat still records into Дом', async () => {
    const before = await logsOf(home.id);
    const reply = await say(mallory.telegram, '/connect@dolya_test_bot');
    expect(reply?.text).toBe(
      'Этот чат уже подключён к другой группе Доли. Перенести его может только администратор той группы: пусть отправит /disconnect или /connect сам.',
    );
    expect(await logsOf(home.id)).toEqual(before);
    const add = await say(anya.telegram, '/add хлеб 80 я и Демо');
    expect(add?.text).toContain('«Хлеб» — 80');
  });

  it('/disconnect by her is refused too', async () => {
    const reply = await say(mallory.telegram, '/disconnect');
    expect(reply?.text).toBe('Отключить чат может только администратор группы Доли, к которой он подключён.');
  });

  it('is answered in English for an English-speaking Telegram user', async () => {
    const english = { ...mallory.telegram, language_code: 'en' };
    const reply = await say(english, '/connect');
    expect(reply?.text).toBe(
      'This chat is already connected to another Dolya group. Only an admin of that group can move it: ask them to send /disconnect or /connect.',
    );
  });

  it('moves when Demo, admin of both groups, asks: logged in each, and Аня is told in private', async () => {
    const work = await demo.createGroup('Дача', ['Сосед']);
    const update = world.updates.text(shared, demo.telegram, '/connect');
    await world.send(update);
    const question = world.telegram
      .messagesIn(shared.id)
      .find((m) => m.reply_to_message_id === update.message!.message_id);
    await world.send(world.updates.press(demo.telegram, question!, buttonData(question, 'Дача')));
    expect(world.telegram.messagesIn(shared.id).at(-1)?.text).toBe(
      'Этот чат теперь подключён к группе «Дача» вместо «Дом». Новые расходы отсюда попадут в «Дача».',
    );
    expect(await logsOf(home.id)).toContain('CHAT_DISCONNECTED');
    expect(await logsOf(work.id)).toContain('CHAT_CONNECTED');
    expect(world.telegram.messagesIn(anya.telegram.id).at(-1)?.text).toBe(
      'Демо подключил(а) чат «Общий» к другой группе Доли. Расходы из этого чата больше не попадают в «Дом».',
    );
  });

  it('/disconnect by the group’s admin ends it; an admin who blocked the bot is skipped quietly', async () => {
    world.telegram.blockChat(anya.telegram.id);
    const reply = await say(demo.telegram, '/disconnect');
    expect(reply?.text).toBe('Чат отключён от группы «Дача». Подключить снова: /connect');
    const after = await say(anya.telegram, '/add хлеб 80 я и Демо');
    expect(after?.text).toContain('Этот чат ещё не подключён к группе Доли');
    expect((await say(demo.telegram, '/disconnect'))?.text).toBe(
      'Этот чат не подключён ни к одной группе Доли.',
    );
  });
});
