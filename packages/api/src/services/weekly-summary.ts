import { type Database, expenses, groups, telegramChats, weeklySummaries } from '@dolya/db';
import { nextWeeklyAt } from '@dolya/domain';
import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { appButton } from '../telegram/app-button';
import { RecipientBlockedError, TelegramBusyError, type TelegramSender } from '../telegram/sender';
import {
  fill,
  formatDay,
  formatMoney,
  type MessageLanguage,
  messageLanguage,
  TEXTS,
} from '../telegram/texts';
import { requireAdmin } from './access';
import { type GroupBalances, groupBalances } from './balances';
import { type PeriodicJob, startPeriodicJob } from './periodic-job';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The week's expenses listed by name; the rest are counted. */
const LISTED_EXPENSES = 15;

/**
 * Turns a group's weekly summary on (day ISO 1-7, hour 0-23, in the group's time zone) or off;
 * group admins only. `language` is the admin's, the summary's texts.
 */
export async function setWeeklySummary(
  db: Database,
  userId: string,
  input: {
    groupId: string;
    enabled: boolean;
    dayOfWeek: number;
    hour: number;
    language?: string | undefined;
  },
) {
  const { group } = await requireAdmin(db, input.groupId, userId);
  if (!input.enabled) {
    await db.delete(weeklySummaries).where(eq(weeklySummaries.groupId, input.groupId));
    return { enabled: false, nextAt: null };
  }
  const nextAt = nextWeeklyAt(new Date(), input.dayOfWeek, input.hour, group.timeZone);
  const row = {
    dayOfWeek: input.dayOfWeek,
    hour: input.hour,
    language: messageLanguage(input.language),
    nextAt,
    updatedAt: new Date(),
  };
  await db
    .insert(weeklySummaries)
    .values({ groupId: input.groupId, ...row })
    .onConflictDoUpdate({ target: weeklySummaries.groupId, set: row });
  return { enabled: true, nextAt: nextAt.toISOString() };
}

export interface WeeklyRunOptions {
  sender: TelegramSender;
  publicUrl?: string | undefined;
  now?: Date;
  /** Called per chat a summary could not reach (the bot left it, Telegram kept answering 429). */
  onUndelivered?: (details: { groupId: string; chatId: string; error: unknown }) => void;
}

/**
 * Sends every due weekly summary, one transaction each: the row is claimed with
 * `SELECT ... FOR UPDATE SKIP LOCKED`, the summary sent to the group's chats and `next_at` moved to
 * the next week in the same transaction, so a second runner skips it while it is sent and finds it
 * not due once committed. A chat that refuses (403: the bot was removed) or stays busy (429 past the
 * bounded waits) is reported and not retried: the week moves on. Returns the groups sent.
 */
export async function runWeeklySummaries(db: Database, options: WeeklyRunOptions): Promise<string[]> {
  const sent: string[] = [];
  for (;;) {
    const groupId = await sendNextSummary(db, options);
    if (!groupId) return sent;
    sent.push(groupId);
  }
}

async function sendNextSummary(db: Database, options: WeeklyRunOptions): Promise<string | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .select({ summary: weeklySummaries, group: groups })
      .from(weeklySummaries)
      .innerJoin(groups, eq(groups.id, weeklySummaries.groupId))
      .where(and(lte(weeklySummaries.nextAt, now), isNull(groups.deletedAt)))
      .orderBy(weeklySummaries.nextAt)
      .limit(1)
      .for('update', { of: weeklySummaries, skipLocked: true });
    if (!claimed) return null;
    const { summary, group } = claimed;
    const chats = await tx
      .select({ chatId: telegramChats.chatId })
      .from(telegramChats)
      .where(and(eq(telegramChats.groupId, group.id), ne(telegramChats.chatType, 'private')));
    if (chats.length > 0) {
      const text = await summaryText(tx, group, messageLanguage(summary.language), now);
      const open = appButton(
        options.publicUrl,
        `/group/${group.id}`,
        TEXTS[messageLanguage(summary.language)].summaryOpen,
        'group',
      );
      for (const { chatId } of chats) {
        try {
          await options.sender.send({ chatId, text, buttons: open ? [[open]] : [] });
        } catch (error) {
          if (!(error instanceof RecipientBlockedError || error instanceof TelegramBusyError)) throw error;
          options.onUndelivered?.({ groupId: group.id, chatId, error });
        }
      }
    }
    await tx
      .update(weeklySummaries)
      .set({
        nextAt: nextWeeklyAt(now, summary.dayOfWeek, summary.hour, group.timeZone),
        lastSentAt: now,
      })
      .where(eq(weeklySummaries.groupId, group.id));
    return group.id;
  });
}

/** The summary: balances, the simplified debts and the week's new expenses. */
export async function summaryText(
  db: Database,
  group: { id: string; name: string; currency: string; timeZone: string },
  language: MessageLanguage,
  now: Date,
): Promise<string> {
  const t = TEXTS[language];
  const money = (cents: number) => formatMoney(cents, group.currency, language);
  const balances: GroupBalances = await groupBalances(db, group);
  const names = new Map(balances.members.map((m) => [m.memberId, m.name]));
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  // The week's new expenses (not repayments): the first ones listed, all of them counted.
  const inTheWeek = and(
    eq(expenses.groupId, group.id),
    gt(expenses.createdAt, weekAgo),
    lte(expenses.createdAt, now),
    isNull(expenses.deletedAt),
    eq(expenses.isSettlement, false),
  );
  const week = await db
    .select({ name: expenses.name, amountCents: expenses.amountCents, date: expenses.date })
    .from(expenses)
    .where(inTheWeek)
    .orderBy(desc(expenses.date))
    .limit(LISTED_EXPENSES + 1);
  const [{ count } = { count: 0 }] =
    week.length > LISTED_EXPENSES
      ? await db.select({ count: sql<number>`count(*)::int` }).from(expenses).where(inTheWeek)
      : [{ count: week.length }];

  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  const lines = [fill(t.summaryTitle, { group: group.name }), '', t.summaryBalances];
  for (const m of balances.members) lines.push(`${m.name}: ${signed(m.netCents)}`);
  lines.push('', t.summaryDebts);
  if (balances.debts.length === 0) lines.push(t.summaryNoDebts);
  for (const d of balances.debts) {
    lines.push(
      `${names.get(d.fromMemberId) ?? '?'} → ${names.get(d.toMemberId) ?? '?'}: ${money(d.amountCents)}`,
    );
  }
  lines.push('', week.length ? t.summaryExpenses : t.summaryNoExpenses);
  for (const e of week.slice(0, LISTED_EXPENSES)) {
    lines.push(
      fill(t.summaryExpense, {
        day: formatDay(e.date, group.timeZone, language),
        name: e.name,
        amount: money(e.amountCents),
      }),
    );
  }
  if (count > LISTED_EXPENSES) lines.push(fill(t.summaryMore, { count: count - LISTED_EXPENSES }));
  return lines.join('\n');
}

export type WeeklySummaryJob = PeriodicJob<string[]>;

/**
 * Runs the weekly summaries every `intervalMs` (default a minute) in this process. Every instance
 * may start it: row locks share the work out. Idle, a run is one indexed query (next_at <= now).
 */
export function startWeeklySummaryJob(
  db: Database,
  {
    intervalMs = 60_000,
    onError,
    now = () => new Date(),
    ...options
  }: Omit<WeeklyRunOptions, 'now'> & {
    intervalMs?: number;
    onError?: (error: unknown) => void;
    now?: () => Date;
  },
): WeeklySummaryJob {
  return startPeriodicJob(() => runWeeklySummaries(db, { ...options, now: now() }), { intervalMs, onError });
}
