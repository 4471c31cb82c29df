/**
 * bench:scale's bot: two workers of the real bot (apps/bot) in webhook mode behind the load
 * balancer, Telegram played by the bot tests' stand-in on loopback. Every message and every Save
 * press is delivered twice at once, as Telegram does when an answer is slow, so the two copies
 * usually reach different workers; the group must still get one expense per message.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Update } from 'grammy/types';
import {
  BOT_TOKEN,
  startTelegramStandIn,
  type TelegramStandIn,
} from '../../../bot/test/support/telegram-stand-in';
import { buttonData, privateChat, type TelegramUser, updateFactory } from '../../../bot/test/support/updates';
import { freePort, repoRoot } from './processes';
import { waitForPort } from './wait-for-port';

export const WEBHOOK_PATH = '/telegram/webhook';
const WEBHOOK_SECRET = 'bench-scale-webhook-secret';

export interface BotWorkers {
  ports: number[];
  telegram: TelegramStandIn;
  stop(): Promise<void>;
}

/** The stand-in and the bot workers' ports; the workers start once the balancer is up (start()). */
export async function prepareBotWorkers(count: number) {
  const telegram = await startTelegramStandIn();
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const children: ChildProcess[] = [];
  return {
    ports,
    telegram,
    /** Starts the workers against the Dolya API behind the balancer. */
    async start(apiUrl: string, apiSecret: string): Promise<BotWorkers> {
      for (const port of ports) {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', resolve(repoRoot, 'apps/bot/src/main.ts')],
          {
            cwd: repoRoot,
            env: {
              ...process.env,
              NODE_ENV: 'test',
              LOG_LEVEL: 'warn',
              TELEGRAM_BOT_TOKEN: BOT_TOKEN,
              TELEGRAM_API_ROOT: telegram.apiRoot,
              BOT_API_URL: apiUrl,
              BOT_API_SECRET: apiSecret,
              PUBLIC_URL: apiUrl,
              BOT_WEBHOOK_URL: `https://bot.example${WEBHOOK_PATH}`,
              BOT_WEBHOOK_SECRET: WEBHOOK_SECRET,
              BOT_WEBHOOK_PORT: String(port),
              BOT_WEBHOOK_HOST: '127.0.0.1',
              OPENAI_API_KEY: '',
            },
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        );
        child.once('error', () => {});
        children.push(child);
        await waitForPort(port, () => child.exitCode !== null, `bot worker on ${port}`);
      }
      return {
        ports,
        telegram,
        async stop() {
          await Promise.all(
            children.map(
              (child) =>
                new Promise<void>((done) => {
                  if (child.exitCode !== null) return done();
                  child.once('exit', () => done());
                  child.kill('SIGTERM');
                }),
            ),
          );
          await telegram.close();
        },
      };
    },
  };
}

export interface BotRunResult {
  messages: number;
  posts: number;
  postErrors: number;
  draftsShown: number;
  savedAnswers: number;
  expensesStored: number;
  duplicateReplies: number;
  seconds: number;
}

/**
 * `messages` expenses written in a private chat, each update posted twice at once through the
 * balancer, then each draft's Save pressed twice at once; answers what came of it.
 * `countStored(name)` counts the group's expenses of that name.
 */
export async function runBotScenario(options: {
  balancerUrl: string;
  telegram: TelegramStandIn;
  user: TelegramUser;
  messages: number;
  /** What each message is for (a word, no digits): the stored expenses are counted by it. */
  expenseName: string;
  memberName: string;
  countStored: (expenseName: string) => Promise<number>;
}): Promise<BotRunResult> {
  const { telegram, user } = options;
  const updates = updateFactory();
  const chat = privateChat(user);
  const started = performance.now();
  let posts = 0;
  let postErrors = 0;
  const postTwice = async (update: Update) => {
    const statuses = await Promise.all(
      [0, 1].map(() =>
        fetch(`${options.balancerUrl}${WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
          body: JSON.stringify(update),
        }).then(
          (res) => res.status,
          () => 0,
        ),
      ),
    );
    posts += statuses.length;
    postErrors += statuses.filter((status) => status !== 200).length;
  };

  const sent: Update[] = [];
  for (let i = 0; i < options.messages; i++) {
    const update = updates.text(chat, user, `${options.expenseName} ${100 + i} я и ${options.memberName}`);
    sent.push(update);
    await postTwice(update);
  }
  const replyTo = (messageId: number) =>
    telegram.messagesIn(chat.id).filter((m) => m.reply_to_message_id === messageId);
  await waitUntil(() => sent.every((u) => replyTo(u.message!.message_id).length > 0), 30_000);
  const duplicateReplies = sent.reduce(
    (n, u) => n + Math.max(0, replyTo(u.message!.message_id).length - 1),
    0,
  );
  const drafts = sent.flatMap((u) => replyTo(u.message!.message_id).slice(0, 1));
  const saveLabel = (message: (typeof drafts)[number]) =>
    message.reply_markup?.inline_keyboard.flat().find((b) => b.callback_data?.startsWith('draft:save:'))
      ?.text;
  const presses: Update[] = [];
  for (const draft of drafts) {
    const label = saveLabel(draft);
    if (!label) continue;
    const press = updates.press(user, draft, buttonData(draft, label));
    presses.push(press);
    await postTwice(press);
  }
  const answered = (press: Update) =>
    telegram
      .callsOf('answerCallbackQuery')
      .some((c) => c.payload.callback_query_id === press.callback_query!.id);
  await waitUntil(() => presses.every(answered), 30_000);
  return {
    messages: options.messages,
    posts,
    postErrors,
    draftsShown: drafts.filter((d) => saveLabel(d)).length,
    savedAnswers: presses.filter(answered).length,
    expensesStored: await options.countStored(options.expenseName),
    duplicateReplies,
    seconds: (performance.now() - started) / 1000,
  };
}

async function waitUntil(done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}
