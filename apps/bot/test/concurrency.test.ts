import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/log';
import { startWorker, type Worker } from '../src/runtime/worker';
import { answer, type StandIn, startStandIn } from './support/openai-stand-in';
import { privateChat } from './support/updates';
import { until } from './support/wait';
import { startWorld, type World } from './support/world';

/**
 * Through the runner, a slow model call holds up only its own chat: another chat is answered
 * meanwhile, and the next message of the same chat waits its turn.
 */
const MODEL_DELAY_MS = 2_000;
let model: StandIn;
let world: World;
let worker: Worker;

beforeAll(async () => {
  model = await startStandIn();
  world = await startWorld({ modelBaseURL: model.baseURL, modelTimeoutMs: 5_000 });
  worker = await startWorker(world.bot, world.config, world.api, silentLogger, { pollTimeoutSeconds: 1 });
});
afterAll(async () => {
  await worker?.stop();
  await world?.close();
  await model?.close();
});

describe('chats handled side by side', () => {
  it('answers another chat while one waits for the model, and keeps each chat in order', async () => {
    const slow = await world.linkedPerson('Демо');
    await slow.createGroup('Поездка', ['Аня']);
    const quick = await world.linkedPerson('Боря');
    await quick.createGroup('Дача', ['Мама']);
    model.reply({
      content: answer({ description: 'пицца', amount: '1000', participants: ['me', 'Аня'] }),
      delayMs: MODEL_DELAY_MS,
    });

    const slowChat = privateChat(slow.telegram);
    const quickChat = privateChat(quick.telegram);
    const first = world.updates.text(slowChat, slow.telegram, 'пицца тысяча на двоих с Аней');
    const second = world.updates.text(slowChat, slow.telegram, '/balance');
    const other = world.updates.text(quickChat, quick.telegram, '/balance');
    const started = performance.now();
    for (const update of [first, second, other]) world.telegram.pushUpdate(update);

    const replyAt = (chatId: number, messageId: number) =>
      world.telegram
        .callsOf('sendMessage')
        .find(
          (c) =>
            c.payload.chat_id === chatId &&
            (c.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === messageId,
        )?.at;
    await until(() => replyAt(slowChat.id, second.message!.message_id) !== undefined, 15_000);

    const otherAt = replyAt(quickChat.id, other.message!.message_id)! - started;
    const firstAt = replyAt(slowChat.id, first.message!.message_id)! - started;
    const secondAt = replyAt(slowChat.id, second.message!.message_id)! - started;
    expect(otherAt).toBeLessThan(MODEL_DELAY_MS);
    expect(firstAt).toBeGreaterThanOrEqual(MODEL_DELAY_MS);
    expect(secondAt).toBeGreaterThan(firstAt);
  });

  it('stopping waits for the message under way: its draft still goes out', async () => {
    const late = await world.linkedPerson('Гоша');
    await late.createGroup('Гараж', ['Сосед']);
    model.reply({
      content: answer({ description: 'бензин', amount: '800', participants: ['me', 'Сосед'] }),
      delayMs: MODEL_DELAY_MS,
    });
    const chat = privateChat(late.telegram);
    const update = world.updates.text(chat, late.telegram, 'бензин восемьсот пополам с соседом');
    world.telegram.pushUpdate(update);
    await world.telegram.waitFor('sendChatAction', (c) => c.payload.chat_id === chat.id);

    await worker.stop();
    const reply = world.telegram
      .messagesIn(chat.id)
      .find((m) => m.reply_to_message_id === update.message!.message_id);
    expect(reply?.text.split('\n')[0]).toBe('«Бензин» — 800\u00a0₽');
  });
});
