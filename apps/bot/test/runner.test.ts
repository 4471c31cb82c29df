import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../src/bot';
import { silentLogger } from '../src/log';
import { recordUpdate } from '../src/runtime/inbox';
import { startStaleSweeper } from '../src/runtime/stale';
import { startWorker, type Worker } from '../src/runtime/worker';
import { BOT_USER } from './support/telegram-stand-in';
import { privateChat } from './support/updates';
import { until } from './support/wait';
import { collectingLogger, startWorld, type World } from './support/world';

/** The worker as `npm run bot` runs it: long polling through grammY runner against the stand-in. */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let worker: Worker | undefined;

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  await demo.createGroup('Поездка', ['Аня']);
});
afterAll(async () => {
  await worker?.stop();
  await world?.close();
});

const chat = () => privateChat(demo.telegram);
const repliesTo = (messageId: number) =>
  world.telegram.messagesIn(chat().id).filter((m) => m.reply_to_message_id === messageId);

describe('long polling', () => {
  it('registers the command menus in both languages and answers a message with a draft', async () => {
    worker = await startWorker(world.bot, world.config, world.api, silentLogger, { pollTimeoutSeconds: 1 });
    expect(worker.mode).toBe('polling');
    expect(world.telegram.callsOf('deleteWebhook')).toHaveLength(1);
    const menus = world.telegram.callsOf('setMyCommands').map((c) => c.payload);
    expect(menus).toHaveLength(4);
    expect(menus.filter((m) => m.language_code === 'ru')).toHaveLength(2);
    expect(menus.find((m) => m.language_code === undefined)?.commands).toContainEqual({
      command: 'balance',
      description: 'Who owes whom',
    });
    // /export in both menus of both languages (issue 29).
    for (const menu of menus)
      expect((menu.commands as { command: string }[]).map((c) => c.command)).toContain('export');
    expect(
      menus.find((m) => m.language_code === 'ru')?.commands as { command: string; description: string }[],
    ).toContainEqual({ command: 'export', description: 'Группа таблицей (CSV)' });

    const update = world.updates.text(chat(), demo.telegram, 'пицца 1000 я и Аня');
    world.telegram.pushUpdate(update);
    await world.telegram.waitFor('sendMessage', (c) => c.payload.chat_id === chat().id);
    expect(repliesTo(update.message!.message_id)[0]?.text).toContain('«Пицца» — 1\u00a0000\u00a0₽');
  });

  it('waits out a flood limit (429 retry_after) and sends the draft anyway', async () => {
    world.telegram.floodOnce('sendMessage', 1);
    const update = world.updates.text(chat(), demo.telegram, 'такси 500 я и Аня');
    const before = world.telegram.callsOf('sendMessage').length;
    world.telegram.pushUpdate(update);
    await until(() => repliesTo(update.message!.message_id).length === 1, 15_000);
    // The refused call and the one after retry_after.
    expect(world.telegram.callsOf('sendMessage').length - before).toBe(2);
  });

  it('a restarted worker that is handed the same update again skips it', async () => {
    await worker!.stop();
    const update = world.updates.text(chat(), demo.telegram, 'кофе 200 я и Аня');
    worker = await startWorker(world.bot, world.config, world.api, silentLogger, { pollTimeoutSeconds: 1 });
    world.telegram.pushUpdate(update);
    await until(() => repliesTo(update.message!.message_id).length === 1);
    await worker.stop();

    // A second worker, a fresh bot: Telegram, unsure it was received, hands over the update again.
    const { logger, lines } = collectingLogger();
    const again = createBot(world.config, { api: world.api, botInfo: BOT_USER, log: logger });
    worker = await startWorker(again, world.config, world.api, logger, { pollTimeoutSeconds: 1 });
    world.telegram.pushUpdate(update);
    await until(() => lines.some((l) => l.message === 'skipped a redelivered update'));
    expect(lines.find((l) => l.message === 'skipped a redelivered update')?.details).toEqual({
      updateId: update.update_id,
    });
    expect(repliesTo(update.message!.message_id)).toHaveLength(1);
  });
});

describe('stale updates', () => {
  it('an update recorded but never handled (a worker died) is claimed and handled', async () => {
    await worker?.stop();
    worker = undefined;
    const update = world.updates.text(chat(), demo.telegram, 'чай 100 я и Аня');
    // The dead worker got as far as the inbox.
    expect(await recordUpdate(world.api, update)).toEqual({ fresh: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const sweeper = startStaleSweeper(world.bot, world.api, silentLogger, { olderThanSeconds: 1 });
    await sweeper.sweep();
    await sweeper.stop();
    expect(repliesTo(update.message!.message_id)).toHaveLength(1);
    // Done now: nothing is left to claim.
    expect((await world.api.asBot().bot.updates.claimStale.mutate({ olderThanSeconds: 1 })).updates).toEqual(
      [],
    );
  });
});
