import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import { answer, type StandIn, startStandIn, TRANSCRIBE_MODEL } from './support/openai-stand-in';
import type { SentMessage } from './support/telegram-stand-in';
import { buttonData, buttons, type Chat, privateChat, type TelegramUser } from './support/updates';
import { startWorld, type World } from './support/world';

/**
 * Voice messages and video notes (issue 30) through the Bot API stand-in, which serves the
 * recordings by getFile and the file address, and the OpenAI-compatible stand-in, which
 * transcribes them (POST /v1/audio/transcriptions, multipart, checked) and reads the words as it
 * reads typed ones. Demo writes; the group has seats for Аня and Боря.
 */
const TIMEOUT_MS = 800;
let model: StandIn;
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let trip: GroupInfo;
const nb = (text: string) => text.replace(/(?<=\d) (?=\d{3}(?:,| |$))| (?=₽)/g, '\u00a0');

interface RestExpense {
  name: string;
  amount: number;
  paidById: string;
  splits: Record<string, number>;
}

beforeAll(async () => {
  model = await startStandIn();
  world = await startWorld({ modelBaseURL: model.baseURL, modelTimeoutMs: TIMEOUT_MS, transcribe: true });
  demo = await world.linkedPerson('Демо');
  trip = await demo.createGroup('Поездка', ['Аня', 'Боря']);
});
afterAll(async () => {
  await world?.close();
  await model?.close();
});

const expenses = () => demo.web.get<RestExpense[]>(`/api/groups/${trip.id}/expenses`);
let files = 0;

/** A recording Telegram keeps: bytes that stand for OGG/Opus or MP4, served under `path`. */
function recording(path: string): { fileId: string; bytes: Uint8Array } {
  const fileId = `file-${++files}`;
  const bytes = new TextEncoder().encode(`${path.endsWith('.mp4') ? 'ftypmp42' : 'OggS'} recording ${files}`);
  world.telegram.addFile(fileId, path, bytes);
  return { fileId, bytes };
}

/** A voice message of `seconds` in `chat`, and the bot's reply to it. */
async function sayVoice(
  seconds: number,
  options: {
    chat?: Chat;
    from?: TelegramUser;
    fileId?: string;
    caption?: string;
    replyTo?: SentMessage;
  } = {},
) {
  const from = options.from ?? demo.telegram;
  const chat = options.chat ?? privateChat(from);
  const fileId = options.fileId ?? recording(`voice/file_${files + 1}.oga`).fileId;
  const voice = { file_id: fileId, file_unique_id: `u-${fileId}`, duration: seconds, mime_type: 'audio/ogg' };
  const fields = { voice, ...(options.caption ? { caption: options.caption } : {}) };
  const update = world.updates.other(chat, from, fields, options.replyTo);
  const started = performance.now();
  await world.send(update);
  return { update, reply: replyTo(chat, update.message!.message_id), elapsed: performance.now() - started };
}

function replyTo(chat: Chat, messageId: number): SentMessage | undefined {
  return world.telegram.messagesIn(chat.id).find((message) => message.reply_to_message_id === messageId);
}

/** Presses the button with this text under a bot message; the message as it stands afterwards. */
async function press(message: SentMessage | undefined, text: string, from: TelegramUser = demo.telegram) {
  const update = world.updates.press(from, message!, buttonData(message, text));
  await world.send(update);
  const answered = world.telegram
    .callsOf('answerCallbackQuery')
    .find((call) => call.payload.callback_query_id === update.callback_query!.id);
  return {
    message: world.telegram.message(message!.chat.id, message!.message_id),
    answered: answered?.payload,
  };
}

describe('a voice message in a private chat', () => {
  it('is downloaded, transcribed, shown, read as the same words typed; Save twice saves it once', async () => {
    const { fileId, bytes } = recording('voice/file_7.oga');
    model.hear({ text: ' Пицца 1200 я, Аня,\nБоря ' });
    model.reply({
      content: answer({ description: 'пицца', amount: '1200', participants: ['me', 'Аня', 'Боря'] }),
    });
    const { reply } = await sayVoice(7, { fileId });

    const draft = nb('«Пицца» — 1 200 ₽\nКто платил: Демо\nДелят: Демо 400 ₽ · Аня 400 ₽ · Боря 400 ₽');
    expect(reply?.text).toBe(`🎤 “Пицца 1200 я, Аня, Боря”\n\n${draft}`);
    expect(buttons(reply).map((button) => button.text)).toEqual(['✅ Сохранить', '✏️ Изменить', '✖️ Отмена']);
    // Telegram's side: getFile, then the file address; the endpoint got the very bytes, as .ogg.
    expect(world.telegram.callsOf('getFile').at(-1)?.payload).toMatchObject({ file_id: fileId });
    expect(world.telegram.downloads.at(-1)).toBe('voice/file_7.oga');
    const heard = model.transcriptions.at(-1);
    expect(heard).toMatchObject({
      model: TRANSCRIBE_MODEL,
      fileName: 'voice.ogg',
      mimeType: 'audio/ogg',
      prompt: 'Демо, Аня, Боря',
      responseFormat: 'json',
    });
    expect(heard?.bytes).toEqual(bytes);
    // The reading model got the words as if typed.
    const messages = model.requests.at(-1)?.messages as { role: string; content: string }[];
    expect(messages.find((message) => message.role === 'user')?.content).toBe('Пицца 1200 я, Аня, Боря');

    const first = await press(reply, '✅ Сохранить');
    expect(first.answered).toMatchObject({ text: 'Сохранено' });
    expect(first.message?.text).toBe(`🎤 “Пицца 1200 я, Аня, Боря”\n\n${draft}\n\n✅ Сохранено в «Поездка»`);
    const second = await press(reply, '✅ Сохранить');
    expect(second.answered).toMatchObject({ show_alert: true });
    const saved = (await expenses()).filter((expense) => expense.name === 'Пицца');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ amount: 1200, paidById: trip.seat('Демо') });
  });

  it('a video note: its MP4 is transcribed, and the rules read the words when the model fails', async () => {
    const { fileId } = recording('video_notes/file_8.mp4');
    model.hear({ text: 'Такси 700 я и Боря' });
    model.reply({ status: 500, body: '{"error":{"message":"down"}}' });
    const chat = privateChat(demo.telegram);
    const update = world.updates.other(chat, demo.telegram, {
      video_note: { file_id: fileId, file_unique_id: `u-${fileId}`, length: 240, duration: 12 },
    });
    await world.send(update);
    const reply = replyTo(chat, update.message!.message_id);
    const draft = nb('«Такси» — 700 ₽\nКто платил: Демо\nДелят: Демо 350 ₽ · Боря 350 ₽');
    expect(reply?.text).toBe(`🎤 “Такси 700 я и Боря”\n\n${draft}`);
    expect(model.transcriptions.at(-1)).toMatchObject({ fileName: 'video-note.mp4', mimeType: 'video/mp4' });
    // The same words typed make the same draft.
    const typed = world.updates.text(chat, demo.telegram, 'Такси 700 я и Боря');
    await world.send(typed);
    expect(replyTo(chat, typed.message!.message_id)?.text).toBe(draft);

    await press(reply, '✅ Сохранить');
    await press(reply, '✅ Сохранить');
    expect((await expenses()).filter((expense) => expense.name === 'Такси')).toHaveLength(1);
  });

  it('a question about what was heard keeps the words above it, and its answer makes the draft', async () => {
    model.hear({ text: 'кофе 300 я и Глаша' });
    model.reply({ status: 500, body: '{"error":{"message":"down"}}' });
    const { reply: question } = await sayVoice(4);
    expect(question?.text).toMatch(/^🎤 “кофе 300 я и Глаша”\n\n[\s\S]*Кто такая Глаша\?/);
    const heardBefore = model.transcriptions.length;
    const { message: draft } = await press(question, 'Аня');
    expect(draft?.text).toBe(
      `🎤 “кофе 300 я и Глаша”\n\n${nb('«Кофе» — 300 ₽\nКто платил: Демо\nДелят: Демо 150 ₽ · Аня 150 ₽')}`,
    );
    // Read again from the words shown, not heard again.
    expect(model.transcriptions).toHaveLength(heardBefore);
  });

  it('a payment heard without its amount: «Сколько?» quotes the words, the typed amount makes the draft', async () => {
    model.hear({ text: 'Боря заплатил за паром' });
    model.reply({ status: 500, body: '{"error":{"message":"down"}}' });
    const { reply: question } = await sayVoice(3);
    expect(question?.text).toMatch(/^Боря заплатил за паром\n\n«Паром» — ❓\n\nСколько\?/);
    expect(question?.entities).toEqual([
      { type: 'blockquote', offset: 0, length: 'Боря заплатил за паром'.length },
    ]);
    const answer = world.updates.text(privateChat(demo.telegram), demo.telegram, '900', question);
    model.reply({ status: 500, body: '{"error":{"message":"down"}}' });
    await world.send(answer);
    expect(replyTo(privateChat(demo.telegram), answer.message!.message_id)?.text).toBe(
      nb('«Паром» — 900 ₽\nКто платил: Боря\nДелят: Демо 300 ₽ · Аня 300 ₽ · Боря 300 ₽'),
    );
  });

  it('longer than a minute: refused politely, nothing downloaded or sent to be heard', async () => {
    const getFiles = world.telegram.callsOf('getFile').length;
    const downloads = world.telegram.downloads.length;
    const heard = model.transcriptions.length;
    const { reply } = await sayVoice(61);
    expect(reply?.text).toBe(
      'Это голосовое длиннее минуты — такие я не слушаю. Скажите расход короче или напишите его, например: «такси 700».',
    );
    expect(world.telegram.callsOf('getFile')).toHaveLength(getFiles);
    expect(world.telegram.downloads).toHaveLength(downloads);
    expect(model.transcriptions).toHaveLength(heard);
    expect(buttons(reply)).toEqual([]);
  });

  it('a failing transcription: the writer is told, nothing is drafted or saved', async () => {
    const before = (await expenses()).length;
    model.hear({ status: 500, body: '{"error":{"message":"the transcriber is down"}}' });
    const { reply } = await sayVoice(5);
    expect(reply?.text).toBe(
      'Не получилось распознать голосовое, ничего не записано. Попробуйте ещё раз или напишите расход текстом, например: «такси 700».',
    );
    expect(buttons(reply)).toEqual([]);
    expect(world.log.some((line) => line.message === 'a voice message was not transcribed')).toBe(true);
    expect(await expenses()).toHaveLength(before);
  });

  it('a transcription that never answers: the same answer within LLM_TIMEOUT_MS', async () => {
    model.hear({ hang: true });
    const { reply, elapsed } = await sayVoice(5);
    expect(reply?.text).toContain('Не получилось распознать голосовое');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 5_000);
  });

  it('a recording Telegram no longer serves: the same answer, nothing sent to be heard', async () => {
    const heard = model.transcriptions.length;
    model.hear({ text: 'такси 700' });
    const { reply } = await sayVoice(5, { fileId: 'gone' });
    expect(reply?.text).toContain('Не получилось распознать голосовое');
    expect(model.transcriptions).toHaveLength(heard);
  });

  it('an empty transcript: the writer is told no words were heard, nothing is drafted', async () => {
    model.hear({ text: ' \n ' });
    const { reply } = await sayVoice(3);
    expect(reply?.text).toBe(
      'В голосовом не расслышал ни слова, ничего не записано. Скажите расход ещё раз или напишите его, например: «такси 700».',
    );
    expect(buttons(reply)).toEqual([]);
  });

  it('an audio file is not heard: the writer is asked for a voice message', async () => {
    const getFiles = world.telegram.callsOf('getFile').length;
    const chat = privateChat(demo.telegram);
    const update = world.updates.other(chat, demo.telegram, {
      audio: { file_id: 'song', file_unique_id: 'song', duration: 30, mime_type: 'audio/mpeg' },
    });
    await world.send(update);
    expect(replyTo(chat, update.message!.message_id)?.text).toBe(
      'Аудиофайлы я не слушаю — запишите голосовое сообщение (до минуты) или напишите расход текстом, например: «такси 700».',
    );
    expect(world.telegram.callsOf('getFile')).toHaveLength(getFiles);
  });

  it('is counted by outcome', async () => {
    const text = await world.metrics.registry.getSingleMetricAsString('dolya_bot_voice_total');
    for (const outcome of ['transcribed', 'failed', 'too_long', 'empty']) {
      expect(text).toContain(`outcome="${outcome}"`);
    }
  });

  it('/help says that a voice message will do', async () => {
    const chat = privateChat(demo.telegram);
    const update = world.updates.text(chat, demo.telegram, '/help');
    await world.send(update);
    expect(replyTo(chat, update.message!.message_id)?.text).toContain('🎤 Можно и голосом');
  });
});

describe('a voice message waiting for the choice of group', () => {
  it('is heard once the group is chosen', async () => {
    const ira = await world.linkedPerson('Ира');
    await ira.createGroup('Дача', ['Оля']);
    await ira.createGroup('Работа', ['Коллега']);
    model.hear({ text: 'дрова 900 я и Оля' });
    model.reply({ status: 500, body: '{}' });
    const { reply: choice } = await sayVoice(6, { from: ira.telegram });
    expect(buttons(choice).map((button) => button.text)).toEqual(['Работа', 'Дача']);
    await press(choice, 'Дача', ira.telegram);
    const draft = world.telegram.messagesIn(ira.telegram.id).at(-1);
    expect(draft?.text).toBe(
      `🎤 “дрова 900 я и Оля”\n\n${nb('«Дрова» — 900 ₽\nКто платил: Ира\nДелят: Ира 450 ₽ · Оля 450 ₽')}`,
    );
  });
});

describe('a voice message in a connected group chat', () => {
  const chat: Chat = { id: -100_777_000_111, type: 'supergroup', title: 'Поездка' };
  let connected: SentMessage | undefined;

  beforeAll(async () => {
    world.telegram.setChatMemberStatus(chat.id, demo.telegram.id, 'creator');
    const update = world.updates.text(chat, demo.telegram, '/connect');
    await world.send(update);
    connected = replyTo(chat, update.message!.message_id);
    expect(connected?.text).toContain('Этот чат подключён к группе «Поездка»');
  });

  it('that replies to the bot is heard and drafted', async () => {
    model.hear({ text: 'вода 100 я и Аня' });
    model.reply({ status: 500, body: '{}' });
    const { reply } = await sayVoice(3, { chat, replyTo: connected });
    expect(reply?.text).toBe(
      `🎤 “вода 100 я и Аня”\n\n${nb('«Вода» — 100 ₽\nКто платил: Демо\nДелят: Демо 50 ₽ · Аня 50 ₽')}`,
    );
  });

  it('whose caption mentions the bot is heard too', async () => {
    model.hear({ text: 'хлеб 80 я и Боря' });
    const { reply } = await sayVoice(3, { chat, caption: '@dolya_test_bot' });
    expect(reply?.text).toContain('🎤 “хлеб 80 я и Боря”');
  });

  it('any other is left alone: not downloaded, not answered', async () => {
    const getFiles = world.telegram.callsOf('getFile').length;
    const before = world.telegram.messagesIn(chat.id).length;
    const { reply } = await sayVoice(3, { chat });
    expect(reply).toBeUndefined();
    expect(world.telegram.messagesIn(chat.id)).toHaveLength(before);
    expect(world.telegram.callsOf('getFile')).toHaveLength(getFiles);
  });
});
