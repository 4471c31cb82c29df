import { startWeeklySummaryJob, TelegramSender } from '@dolya/api';
import { type Database, debtReminders, openDatabase, telegramChats, weeklySummaries } from '@dolya/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo, Person } from './support/dolya-server';
import { BOT_TOKEN } from './support/telegram-stand-in';
import { buttonData, buttons, privateChat, type TelegramUser } from './support/updates';
import { PUBLIC_URL, startWorld, type World } from './support/world';

/**
 * Reminders to settle and the weekly summary (issue 28), end to end: the real server sends through
 * the Bot API stand-in (TELEGRAM_API_ROOT), the real bot handles the debtor's Mute and /stop.
 */
let world: World;
let anna: Person & { telegram: TelegramUser };
let boris: Person & { telegram: TelegramUser };
let flat: GroupInfo;

type Debt = { groupId: string; debtorMemberId: string; creditorMemberId: string };
const borisDebt = (): Debt => ({
  groupId: flat.id,
  debtorMemberId: flat.seat('Боря'),
  creditorMemberId: flat.seat('Аня'),
});

/** A tRPC call over HTTP as a browser of this person; the error's text carries the status and code. */
const call = <T>(person: Person, path: string, input: unknown) =>
  person.web.post<{ result: { data: T } }>(`/trpc/${path}`, input).then((answer) => answer.result.data);
const list = (person: Person) =>
  person.web
    .get<{ result: { data: ReminderList } }>(
      `/trpc/reminders.list?input=${encodeURIComponent(JSON.stringify({ groupId: flat.id }))}`,
    )
    .then((answer) => answer.result.data);
interface ReminderList {
  debts: { debtorMemberId: string; delivery: string; lastSentAt: string | null; canRemind: boolean }[];
}

const sentTo = (user: TelegramUser) => world.telegram.messagesIn(user.id);
/** The debt's last reminder, moved back past the day's limit. */
const dayLater = async (debt = borisDebt()) => {
  await world.server.db
    .update(debtReminders)
    .set({ lastSentAt: sql`now() - interval '25 hours'` })
    .where(eq(debtReminders.debtorMemberId, debt.debtorMemberId));
};

beforeAll(async () => {
  // The server's public address is https, as in production: the reminder carries the mini app's
  // button (a localhost address gets none: Telegram refuses it). The test's browser keeps its origin.
  world = await startWorld({
    serverSendsTelegram: true,
    serverEnv: { PUBLIC_URL, TRUSTED_ORIGINS: 'http://localhost:3000' },
  });
  anna = await world.linkedPerson('Аня');
  boris = await world.linkedPerson('Boris', 'en');
  flat = await anna.createGroup('Квартира', ['Боря', 'Вера']);
  await boris.claimSeat(await anna.invite(flat.id), flat.seat('Боря'));
  // Anna paid 900 for three: Боря and Вера owe her 300 each.
  await anna.web.post(`/api/groups/${flat.id}/expenses`, {
    name: 'Ужин',
    amount: 900,
    paidById: flat.seat('Аня'),
  });
  // Boris writes to the bot once, so the server knows he reads English.
  await world.send(world.updates.text(privateChat(boris.telegram), boris.telegram, '/start'));
});
afterAll(async () => {
  await world?.close();
});

describe('a reminder', () => {
  it('reaches a debtor with Telegram once, in his language, however many presses arrive together', async () => {
    const before = sentTo(boris.telegram).length;
    const presses = await Promise.allSettled([
      call(anna, 'reminders.send', borisDebt()),
      call(anna, 'reminders.send', borisDebt()),
      call(anna, 'reminders.send', borisDebt()),
    ]);
    expect(presses.filter((p) => p.status === 'fulfilled')).toHaveLength(1);
    for (const refused of presses.filter((p) => p.status === 'rejected')) {
      expect(String((refused as PromiseRejectedResult).reason)).toMatch(/429.*REMINDER_TOO_SOON/);
    }
    const messages = sentTo(boris.telegram).slice(before);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toBe('Аня reminds you: you owe ₽300 in “Квартира”.');
    // Settle up opens the mini app on the group page with the settle-up form on this debt (?settle=debtor.creditor).
    expect(buttons(messages[0])).toEqual([
      {
        text: 'Settle up',
        web_app: { url: `${PUBLIC_URL}/group/${flat.id}?settle=${flat.seat('Боря')}.${flat.seat('Аня')}` },
      },
      { text: 'Mute reminders of this group', callback_data: `rmute:${flat.id}` },
    ]);
  });

  it('is refused again within 24 hours, and the web shows when it was sent', async () => {
    const before = world.telegram.callsOf('sendMessage').length;
    await expect(call(anna, 'reminders.send', borisDebt())).rejects.toThrow(/429.*REMINDER_TOO_SOON/);
    expect(world.telegram.callsOf('sendMessage')).toHaveLength(before);
    const line = (await list(anna)).debts.find((d) => d.debtorMemberId === flat.seat('Боря'))!;
    expect(line.canRemind).toBe(true);
    expect(line.delivery).toBe('telegram');
    expect(Date.now() - Date.parse(line.lastSentAt!)).toBeLessThan(60_000);
    // A day later it may go again, and a 429 from Telegram is waited out (retry_after: 1 s).
    await dayLater();
    world.telegram.floodOnce('sendMessage', 1);
    await call(anna, 'reminders.send', borisDebt());
    expect(sentTo(boris.telegram).at(-1)?.text).toMatch(/^Аня reminds you/);
  });

  it('says so, and sends nothing, for a seat without Telegram; and only the creditor or an admin may send', async () => {
    const vera: Debt = { ...borisDebt(), debtorMemberId: flat.seat('Вера') };
    await expect(call(anna, 'reminders.send', vera)).rejects.toThrow(/409.*RECIPIENT_NOT_ON_TELEGRAM/);
    const line = (await list(anna)).debts.find((d) => d.debtorMemberId === flat.seat('Вера'))!;
    expect(line.delivery).toBe('no_telegram');
    await expect(call(boris, 'reminders.send', vera)).rejects.toThrow(/403.*FORBIDDEN/);
    expect((await list(boris)).debts.every((d) => !d.canRemind)).toBe(true);
  });

  it('is not sent to a debtor who muted the group with the button, nor after /stop', async () => {
    const reminder = sentTo(boris.telegram).findLast((m) => m.text.startsWith('Аня reminds you'))!;
    await world.send(
      world.updates.press(boris.telegram, reminder, buttonData(reminder, 'Mute reminders of this group')),
    );
    const edited = world.telegram.message(boris.telegram.id, reminder.message_id)!;
    expect(edited.text).toMatch(/Reminders of this group are muted\.$/);
    expect(buttons(edited).some((b) => b.callback_data?.startsWith('rmute:'))).toBe(false);

    await dayLater();
    const before = world.telegram.callsOf('sendMessage').length;
    await expect(call(anna, 'reminders.send', borisDebt())).rejects.toThrow(/409.*REMINDERS_MUTED/);
    expect((await list(anna)).debts.find((d) => d.debtorMemberId === flat.seat('Боря'))!.delivery).toBe(
      'muted',
    );

    // Unmuted on the web, then /stop in the bot: still nothing.
    await call(boris, 'reminders.mute', { groupId: flat.id, muted: false });
    await world.send(world.updates.text(privateChat(boris.telegram), boris.telegram, '/stop'));
    expect(sentTo(boris.telegram).at(-1)?.text).toMatch(/^Done: I won’t send you reminders/);
    await expect(call(anna, 'reminders.send', borisDebt())).rejects.toThrow(/409.*REMINDERS_MUTED/);
    expect(world.telegram.callsOf('sendMessage')).toHaveLength(before + 1); // the /stop answer only
    await call(boris, 'reminders.profile', { stopped: false });
  });

  it('to someone who blocked the bot (403) marks them unreachable, and Telegram is not asked again', async () => {
    world.telegram.blockChat(boris.telegram.id);
    await dayLater();
    await expect(call(anna, 'reminders.send', borisDebt())).rejects.toThrow(/409.*RECIPIENT_UNREACHABLE/);
    expect((await list(anna)).debts.find((d) => d.debtorMemberId === flat.seat('Боря'))!.delivery).toBe(
      'unreachable',
    );
    const asked = world.telegram.callsOf('sendMessage').length;
    await expect(call(anna, 'reminders.send', borisDebt())).rejects.toThrow(/409.*RECIPIENT_UNREACHABLE/);
    expect(world.telegram.callsOf('sendMessage')).toHaveLength(asked);
  });
});

describe('the weekly summary', () => {
  const chatId = -100_777_000_111;

  it('is sent once to the group chat when two instances run the job at the same time', async () => {
    await world.server.db.insert(telegramChats).values({
      chatId: String(chatId),
      groupId: flat.id,
      chatType: 'supergroup',
      boundByUserId: anna.userId,
    });
    const set = await call<{ enabled: boolean; nextAt: string }>(anna, 'reminders.weekly', {
      groupId: flat.id,
      enabled: true,
      dayOfWeek: 1,
      hour: 10,
      language: 'ru',
    });
    expect(set.enabled).toBe(true);
    // Monday 10:00 in Moscow is ahead; the job runs as if it were a minute past it.
    const due = new Date(Date.parse(set.nextAt) + 60_000);
    const second = openDatabase({ databaseUrl: world.server.databaseUrl!, maxConnections: 5 });
    const sender = new TelegramSender({ botToken: BOT_TOKEN, apiRoot: world.telegram.apiRoot });
    const job = (db: Database) =>
      startWeeklySummaryJob(db, { sender, now: () => due, intervalMs: 3_600_000 });
    const one = job(world.server.db);
    const two = job(second.db as Database);
    try {
      // Each instance's timer and its start-up run at once; one instance shares its run under way.
      const [first, other] = await Promise.all([one.runNow(), two.runNow(), one.runNow(), two.runNow()]);
      expect([...first!, ...other!]).toEqual([flat.id]);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      await second.close();
    }
    const summaries = world.telegram.messagesIn(chatId);
    expect(summaries).toHaveLength(1);
    // Intl puts no-break spaces between the number and the sign.
    const lines = summaries[0]!.text
      .replace(/[\u00a0\u202f]/g, ' ')
      .replace(/\u2212/g, '-')
      .split('\n');
    expect(lines).toEqual([
      'Итоги недели в «Квартира»',
      '',
      'Балансы:',
      'Аня: +600 ₽',
      'Боря: -300 ₽',
      'Вера: -300 ₽',
      '',
      'Кто кому должен:',
      'Боря → Аня: 300 ₽',
      'Вера → Аня: 300 ₽',
      '',
      'Новые расходы за неделю:',
      expect.stringMatching(/ · Ужин — 900 ₽$/),
    ]);
    const [row] = await world.server.db
      .select()
      .from(weeklySummaries)
      .where(eq(weeklySummaries.groupId, flat.id));
    expect(row!.nextAt.getTime() - Date.parse(set.nextAt)).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
