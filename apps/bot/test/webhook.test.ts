import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../src/runtime/worker';
import { privateChat } from './support/updates';
import { until } from './support/wait';
import { collectingLogger, startWorld, type World } from './support/world';

/** Webhook mode: Telegram posts each update to our HTTP endpoint with the secret token header. */
const SECRET = 'webhook-secret-for-tests_0123';
let world: World;
let worker: Worker;
let endpoint: string;
let demo: Awaited<ReturnType<World['linkedPerson']>>;

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  await demo.createGroup('Поездка', ['Аня']);
  const { logger } = collectingLogger();
  const config = {
    ...world.config,
    webhook: { url: 'https://bot.example/telegram/hook', secret: SECRET, port: 0, host: '127.0.0.1' },
  };
  worker = await startWorker(world.bot, config, world.api, logger, { metrics: world.metrics });
  endpoint = `http://127.0.0.1:${worker.address!.port}/telegram/hook`;
});
afterAll(async () => {
  await worker?.stop();
  await world?.close();
});

const post = (body: unknown, secret?: string) =>
  fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret !== undefined ? { 'x-telegram-bot-api-secret-token': secret } : {}),
    },
    body: JSON.stringify(body),
  });

const chat = () => privateChat(demo.telegram);
const repliesTo = (messageId: number) =>
  world.telegram.messagesIn(chat().id).filter((m) => m.reply_to_message_id === messageId);

describe('the webhook', () => {
  it('is set with the secret token and the updates the bot handles', () => {
    expect(worker.mode).toBe('webhook');
    expect(world.telegram.callsOf('setWebhook')[0]?.payload).toEqual({
      url: 'https://bot.example/telegram/hook',
      secret_token: SECRET,
      allowed_updates: ['message', 'callback_query'],
    });
  });

  it('refuses a post without the secret, or with a wrong one, and does nothing with it', async () => {
    const update = world.updates.text(chat(), demo.telegram, 'пицца 1000 я и Аня');
    expect((await post(update)).status).toBe(401);
    expect((await post(update, `${SECRET}x`)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repliesTo(update.message!.message_id)).toHaveLength(0);
    // Not even recorded: the right delivery later is fresh.
    expect((await post(update, SECRET)).status).toBe(200);
    await until(() => repliesTo(update.message!.message_id).length === 1);
  });

  it('acknowledges at once, then answers; a redelivery is acknowledged and skipped', async () => {
    const update = world.updates.text(chat(), demo.telegram, 'такси 600 я и Аня');
    const started = performance.now();
    const response = await post(update, SECRET);
    const acknowledgedAfter = performance.now() - started;
    expect(response.status).toBe(200);
    // The reply comes after the acknowledgement.
    expect(repliesTo(update.message!.message_id)).toHaveLength(0);
    await until(() => repliesTo(update.message!.message_id).length === 1);
    expect(acknowledgedAfter).toBeLessThan(1_000);

    expect((await post(update, SECRET)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repliesTo(update.message!.message_id)).toHaveLength(1);
    // Both counted: one handled, one redelivered (metrics.test.ts covers long polling's path).
    const counted = (await world.metrics.registry.getSingleMetric('dolya_bot_updates_total')?.get())?.values;
    expect(counted?.find((v) => v.labels.outcome === 'handled')?.value).toBeGreaterThanOrEqual(1);
    expect(counted?.find((v) => v.labels.outcome === 'redelivered')?.value).toBe(1);
  });

  it('answers 400 to a body that is no update, and 404 elsewhere', async () => {
    expect((await post({ hello: 'world' }, SECRET)).status).toBe(400);
    // A negative or fractional update_id, or no update at all, is refused before anything is
    // recorded: a 500 would have Telegram redeliver it for ever (issue 31).
    const update = world.updates.text(chat(), demo.telegram, 'кофе 300 я и Аня');
    for (const body of [
      { ...update, update_id: -5 },
      { ...update, update_id: 1.5 },
      { ...update, update_id: '7' },
      null,
      [update],
      42,
    ]) {
      expect((await post(body, SECRET)).status, JSON.stringify(body)).toBe(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repliesTo(update.message!.message_id)).toHaveLength(0);
    expect((await fetch(endpoint.replace('/hook', '/other'), { method: 'POST' })).status).toBe(404);
  });
});
