import { botPendingMessages } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PENDING_LIMIT } from '../src/services/bot-pending';
import { linkTelegram } from '../src/services/telegram';
import { botCaller, newTelegramId } from './actors';
import { refusal } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;
const telegramId = newTelegramId;

describe('messages kept for a Telegram user who is not linked yet', () => {
  it('keeps them once each, hands them out oldest first once linked, and only once', async () => {
    const id = telegramId();
    const unlinked = await botCaller(d(), id);
    await unlinked.bot.pending.keep({ chatId: id, messageId: '10', text: 'пицца 1200 я и Аня' });
    await unlinked.bot.pending.keep({ chatId: id, messageId: '10', text: 'redelivered' });
    await unlinked.bot.pending.keep({ chatId: id, messageId: '11', text: 'такси 500' });
    expect((await refusal(unlinked.bot.pending.take())).appCode).toBe('TELEGRAM_NOT_LINKED');

    const user = await signUp(d(), 'Таня');
    await linkTelegram(d(), user.user.id, {
      id,
      firstName: 'Таня',
      lastName: undefined,
      username: undefined,
    });
    const linked = await botCaller(d(), id);
    expect(await linked.bot.pending.take()).toEqual([
      { chatId: id, messageId: '10', text: 'пицца 1200 я и Аня' },
      { chatId: id, messageId: '11', text: 'такси 500' },
    ]);
    expect(await linked.bot.pending.take()).toEqual([]);
  });

  it('keeps a private chat’s messages only, and the latest few', async () => {
    const id = telegramId();
    const bot = await botCaller(d(), id);
    const error = await refusal(bot.bot.pending.keep({ chatId: '-100123', messageId: '1', text: 'x 1' }));
    expect(error.appCode).toBe('VALIDATION_ERROR');
    for (let message = 1; message <= PENDING_LIMIT + 2; message++) {
      await bot.bot.pending.keep({ chatId: id, messageId: String(message), text: `кофе ${message}` });
    }
    const kept = await d().select().from(botPendingMessages).where(eq(botPendingMessages.telegramUserId, id));
    expect(kept.map((row) => row.messageId).sort()).toEqual(['3', '4', '5', '6', '7']);
  });
});
