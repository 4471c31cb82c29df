import {
  type Database,
  debtReminders,
  groupMembers,
  reminderMutes,
  telegramChats,
  weeklySummaries,
} from '@dolya/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ApiConfig } from '../context';
import { AppError } from '../errors';
import { appButton } from '../telegram/app-button';
import { RecipientBlockedError, TelegramBusyError } from '../telegram/sender';
import { fill, formatMoney, messageLanguage, TEXTS } from '../telegram/texts';
import { requireMember } from './access';
import { groupBalances } from './balances';
import { type Delivery, lastReminders, recipientsOf, updateRecipient } from './reminder-recipients';

/** A day: at most one reminder per debt in this time. */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface DebtRef {
  groupId: string;
  debtorMemberId: string;
  creditorMemberId: string;
}

/** The callback data of the reminder's Mute button; the bot reads it back. */
export const muteCallback = (groupId: string) => `rmute:${groupId}`;

/** The settle-up form opened on this debt (the group page reads `settle`). */
export const settlePath = (debt: DebtRef) =>
  `/group/${debt.groupId}?settle=${debt.debtorMemberId}.${debt.creditorMemberId}`;

/**
 * Reminds a debtor of a simplified debt, in a private message from the bot (issue 28). The creditor
 * or a group admin may; once per debt a day. The slot is claimed by an upsert that moves
 * last_sent_at on only when the last one is a day old, in the transaction that sends: a second
 * press at the same time waits on the row, then finds it fresh and is refused. A failed send rolls
 * the claim back; a 403 marks the person unreachable, so nobody is offered to remind them again.
 */
export async function sendReminder(db: Database, config: ApiConfig, userId: string, debt: DebtRef) {
  const { member, group } = await requireMember(db, debt.groupId, userId);
  if (member.id !== debt.creditorMemberId && !member.isAdmin) {
    throw new AppError('FORBIDDEN', 'Only the creditor or a group admin can send a reminder');
  }
  const sender = config.telegramSender;
  if (!sender) throw new AppError('TELEGRAM_DISABLED', 'Reminders need the Telegram bot');
  const { debts } = await groupBalances(db, group);
  const owed = debts.find(
    (d) => d.fromMemberId === debt.debtorMemberId && d.toMemberId === debt.creditorMemberId,
  );
  if (!owed) throw new AppError('DEBT_NOT_FOUND', 'No such debt in the group now');
  const [recipient] = await recipientsOf(db, debt.groupId, [debt.debtorMemberId]);
  if (!recipient?.telegramId || !recipient.userId || recipient.delivery !== 'telegram') {
    throw undeliverable(recipient?.delivery ?? 'no_telegram');
  }
  const [creditor] = await db
    .select({ name: groupMembers.name })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, debt.groupId), eq(groupMembers.id, debt.creditorMemberId)));
  const language = messageLanguage(recipient.language);
  const t = TEXTS[language];
  const settle = appButton(config.publicUrl, settlePath(debt), t.reminderSettle, 'private');
  const message = {
    chatId: recipient.telegramId,
    text: fill(t.reminder, {
      creditor: creditor?.name ?? '',
      amount: formatMoney(owed.amountCents, group.currency, language),
      group: group.name,
    }),
    buttons: [
      ...(settle ? [[settle]] : []),
      [{ text: t.reminderMute, callback_data: muteCallback(debt.groupId) }],
    ],
  };

  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const dayAgo = new Date(now.getTime() - REMINDER_INTERVAL_MS);
      const claimed = await tx
        .insert(debtReminders)
        .values({ ...debt, lastSentAt: now, sentByUserId: userId })
        .onConflictDoUpdate({
          target: [debtReminders.groupId, debtReminders.debtorMemberId, debtReminders.creditorMemberId],
          set: { lastSentAt: now, sentByUserId: userId },
          setWhere: sql`${debtReminders.lastSentAt} <= ${dayAgo.toISOString()}::timestamptz`,
        })
        .returning({ lastSentAt: debtReminders.lastSentAt });
      if (claimed.length === 0) {
        const last = (await lastReminders(tx, debt.groupId)).get(
          `${debt.debtorMemberId}:${debt.creditorMemberId}`,
        );
        const wait = last ? Math.ceil((last.getTime() + REMINDER_INTERVAL_MS - now.getTime()) / 1000) : 60;
        throw new AppError(
          'REMINDER_TOO_SOON',
          'This debt was reminded of less than a day ago',
          undefined,
          wait,
        );
      }
      await sender.send(message);
      return { lastSentAt: now.toISOString() };
    });
  } catch (error) {
    if (error instanceof RecipientBlockedError) {
      await updateRecipient(db, recipient.userId, { unreachableAt: now });
      throw undeliverable('unreachable');
    }
    if (error instanceof TelegramBusyError) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'Telegram is busy, try later',
        undefined,
        error.retryAfterSeconds,
      );
    }
    throw error;
  }
}

function undeliverable(delivery: Delivery): AppError {
  if (delivery === 'muted' || delivery === 'stopped') {
    return new AppError('REMINDERS_MUTED', 'This person turned reminders off');
  }
  if (delivery === 'unreachable') {
    return new AppError('RECIPIENT_UNREACHABLE', 'This person blocked the bot');
  }
  return new AppError('RECIPIENT_NOT_ON_TELEGRAM', 'This person has no Telegram linked');
}

/**
 * What the group page's debt lines show: per simplified debt, whether the caller may remind, whether
 * it would reach its debtor, and when it was last sent; the caller's own mute; the weekly summary.
 */
export async function listReminders(db: Database, config: ApiConfig, userId: string, groupId: string) {
  const { member, group } = await requireMember(db, groupId, userId);
  const { debts } = await groupBalances(db, group);
  const recipients = new Map(
    (await recipientsOf(db, groupId, [...new Set([...debts.map((d) => d.fromMemberId), member.id])])).map(
      (r) => [r.memberId, r],
    ),
  );
  const last = await lastReminders(db, groupId);
  const [weekly] = await db.select().from(weeklySummaries).where(eq(weeklySummaries.groupId, groupId));
  const [chat] = await db
    .select({ chatId: telegramChats.chatId })
    .from(telegramChats)
    .where(and(eq(telegramChats.groupId, groupId), ne(telegramChats.chatType, 'private')))
    .limit(1);
  const mine = recipients.get(member.id);
  return {
    botEnabled: Boolean(config.telegramSender),
    debts: debts.map((d) => ({
      debtorMemberId: d.fromMemberId,
      creditorMemberId: d.toMemberId,
      canRemind: d.toMemberId === member.id || member.isAdmin,
      delivery: recipients.get(d.fromMemberId)?.delivery ?? 'no_telegram',
      lastSentAt: last.get(`${d.fromMemberId}:${d.toMemberId}`)?.toISOString() ?? null,
    })),
    me: {
      memberId: member.id,
      telegramLinked: Boolean(mine?.telegramId),
      muted: mine?.delivery === 'muted',
      stopped: mine?.delivery === 'stopped',
    },
    weekly: {
      chatConnected: Boolean(chat),
      isAdmin: member.isAdmin,
      enabled: Boolean(weekly),
      dayOfWeek: weekly?.dayOfWeek ?? 1,
      hour: weekly?.hour ?? 10,
      nextAt: weekly?.nextAt.toISOString() ?? null,
    },
  };
}

/** The caller mutes (or unmutes) reminders of one group for their own seat. */
export async function muteReminders(
  db: Database,
  userId: string,
  input: { groupId: string; muted: boolean; language?: string | undefined },
) {
  const { member } = await requireMember(db, input.groupId, userId);
  if (input.muted) {
    await db
      .insert(reminderMutes)
      .values({ groupId: input.groupId, memberId: member.id })
      .onConflictDoNothing();
  } else {
    await db
      .delete(reminderMutes)
      .where(and(eq(reminderMutes.groupId, input.groupId), eq(reminderMutes.memberId, member.id)));
  }
  if (input.language) await updateRecipient(db, userId, { language: messageLanguage(input.language) });
  return { muted: input.muted };
}

/**
 * The bot's /stop (stopped: true) and its undoing; and, with `reachable`, that the person wrote to
 * the bot, so a bot blocked before is reachable again. The language they write in is kept for the
 * messages the server sends them.
 */
export async function updateReminderProfile(
  db: Database,
  userId: string,
  input: { stopped?: boolean | undefined; reachable?: boolean | undefined; language?: string | undefined },
) {
  await updateRecipient(db, userId, {
    ...(input.stopped === undefined ? {} : { stoppedAt: input.stopped ? new Date() : null }),
    ...(input.reachable ? { unreachableAt: null } : {}),
    ...(input.language ? { language: messageLanguage(input.language) } : {}),
  });
  return { ok: true as const };
}
