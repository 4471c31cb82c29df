import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotMetricsServer } from '../src/metrics';
import type { GroupInfo } from './support/dolya-server';
import { privateChat } from './support/updates';
import { startWorld, type World } from './support/world';

/** The value of one sample of the exposition text: metric name and some of its labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[4]);
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;
beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Поездка', ['Аня', 'Боря']);
});
afterAll(async () => {
  await world?.close();
});

describe('bot metrics', () => {
  it('count updates handled and redelivered, and how each message was read', async () => {
    expect(group.id).toBeTruthy();
    const chat = privateChat(demo.telegram);
    const pizza = world.updates.text(chat, demo.telegram, 'пицца 1200 я, Аня, Боря');
    await world.send(pizza);
    await world.send(pizza); // Telegram delivers it again
    await world.send(world.updates.text(chat, demo.telegram, 'как дела?'));
    await world.send(world.updates.text(chat, demo.telegram, 'такси 500 я и Вася'));

    const text = await world.metrics.registry.metrics();
    expect(sample(text, 'dolya_bot_updates_total', { outcome: 'handled' })).toBe(3);
    expect(sample(text, 'dolya_bot_updates_total', { outcome: 'redelivered' })).toBe(1);
    expect(sample(text, 'dolya_bot_update_duration_seconds_count')).toBe(3);
    expect(sample(text, 'dolya_bot_parse_total', { outcome: 'draft', reader: 'rules' })).toBe(1);
    expect(sample(text, 'dolya_bot_parse_total', { outcome: 'not_expense', reader: 'rules' })).toBe(1);
    expect(sample(text, 'dolya_bot_parse_total', { outcome: 'question', reader: 'rules' })).toBe(1);
  });

  it('are served at /metrics on the metrics port, with the process metrics', async () => {
    const port = await freePort();
    const server = await startBotMetricsServer(world.metrics.registry, port, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'dolya_bot_updates_total', { outcome: 'handled' })).toBe(3);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
