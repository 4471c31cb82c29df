import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type StandIn, startStandIn } from './support/openai-stand-in';
import { privateChat } from './support/updates';
import { startWorld, type World } from './support/world';

/**
 * With a model configured: the bot asks the local OpenAI-compatible stand-in, and whatever it
 * answers (declined names, not JSON, HTTP 500, nothing within the timeout) ends in a right draft.
 */
const TIMEOUT_MS = 600;
let model: StandIn;
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;

beforeAll(async () => {
  model = await startStandIn();
  world = await startWorld({ modelBaseURL: model.baseURL, modelTimeoutMs: TIMEOUT_MS });
  demo = await world.linkedPerson('Демо');
  await demo.createGroup('Поездка', ['Аня', 'Боря']);
});
afterAll(async () => {
  await world?.close();
  await model?.close();
});

async function write(text: string) {
  const chat = privateChat(demo.telegram);
  const update = world.updates.text(chat, demo.telegram, text);
  const started = performance.now();
  await world.send(update);
  const reply = world.telegram
    .messagesIn(chat.id)
    .find((message) => message.reply_to_message_id === update.message!.message_id);
  return { reply, elapsed: performance.now() - started };
}

const TAXI = '«Такси» — 700\u00a0₽';
const taxiShares = 'Делят: Демо 350\u00a0₽ · Боря 350\u00a0₽';

describe('a draft whatever the model answers', () => {
  it('the model’s reading, with names in other cases matched to members', async () => {
    model.reply({
      content: answer({
        description: 'ужин',
        amount: '1,5к',
        payer: 'Ане',
        participants: ['me', 'Ане', 'Борей'],
      }),
    });
    const { reply } = await write('полторы тысячи за ужин, платила Ане, ели я, Ане и с Борей');
    expect(reply?.text).toBe(
      '«Ужин» — 1\u00a0500\u00a0₽\nКто платил: Аня\nДелят: Демо 500\u00a0₽ · Аня 500\u00a0₽ · Боря 500\u00a0₽',
    );
  });

  it('the rules’ reading when the answer is not JSON', async () => {
    model.reply({ content: 'Sure! Taxi, 700.' });
    const { reply } = await write('такси 700 я и Боря');
    expect(reply?.text).toBe(`${TAXI}\nКто платил: Демо\n${taxiShares}`);
    expect(world.log.some((l) => l.message === 'model failed, the rules answered')).toBe(true);
  });

  it('the rules’ reading on HTTP 500', async () => {
    model.reply({ status: 500, body: '{"error":{"message":"boom"}}' });
    const { reply } = await write('такси 700 я и Боря');
    expect(reply?.text).toBe(`${TAXI}\nКто платил: Демо\n${taxiShares}`);
  });

  it('the rules’ reading when the model hangs past the timeout, typing shown all along', async () => {
    model.reply({ hang: true });
    world.telegram.reset();
    const { reply, elapsed } = await write('такси 700 я и Боря');
    expect(reply?.text).toBe(`${TAXI}\nКто платил: Демо\n${taxiShares}`);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(world.telegram.calls[0]?.method).toBe('sendChatAction');
  });
});
