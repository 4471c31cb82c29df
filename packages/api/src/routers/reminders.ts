import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { listReminders, muteReminders, sendReminder, updateReminderProfile } from '../services/reminders';
import { setWeeklySummary } from '../services/weekly-summary';
import { authedProcedure, router, userProcedure } from '../trpc';

const language = z.string().max(16).optional();

/**
 * Reminders to settle and the weekly summary (issue 28). Group members only; a reminder by the
 * creditor or a group admin, the weekly summary by an admin. mute and profile are the person's
 * own, from the web or through the bot (the Mute button, /stop, /start).
 */
export const remindersRouter = router({
  send: authedProcedure
    .input(z.object({ groupId: idSchema, debtorMemberId: idSchema, creditorMemberId: idSchema }))
    .mutation(({ ctx, input }) => sendReminder(ctx.db, ctx.config, ctx.user.id, input)),
  list: authedProcedure
    .input(z.object({ groupId: idSchema }))
    .query(({ ctx, input }) => listReminders(ctx.db, ctx.config, ctx.user.id, input.groupId)),
  mute: userProcedure
    .input(z.object({ groupId: idSchema, muted: z.boolean(), language }))
    .mutation(({ ctx, input }) => muteReminders(ctx.db, ctx.user.id, input)),
  profile: userProcedure
    .input(z.object({ stopped: z.boolean().optional(), reachable: z.boolean().optional(), language }))
    .mutation(({ ctx, input }) => updateReminderProfile(ctx.db, ctx.user.id, input)),
  weekly: authedProcedure
    .input(
      z.object({
        groupId: idSchema,
        enabled: z.boolean(),
        dayOfWeek: z.number().int().min(1).max(7),
        hour: z.number().int().min(0).max(23),
        language,
      }),
    )
    .mutation(({ ctx, input }) => setWeeklySummary(ctx.db, ctx.user.id, input)),
});
