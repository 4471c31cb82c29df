import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import {
  addFriend,
  listFriends,
  listNotifications,
  lookupUser,
  type NotificationAction,
  removeFriend,
  resolveNotification,
} from '../services/social';
import { authedProcedure, router } from '../trpc';

/** A username as typed; «@anya», the form the app shows it in, is «anya» (issue 27). */
const usernameInput = z.object({
  username: z
    .string()
    .trim()
    .transform((text) => text.replace(/^@/, ''))
    .pipe(z.string().min(1, 'Enter your username').max(64)),
});
const notificationInput = z.object({ notificationId: idSchema });

export const usersRouter = router({
  /** A user by username, case-insensitively (USERNAME_NOT_FOUND otherwise). */
  lookup: authedProcedure.input(usernameInput).query(({ ctx, input }) => lookupUser(ctx.db, input.username)),
});

export const friendsRouter = router({
  /** The caller's own contact list. */
  list: authedProcedure.query(({ ctx }) => listFriends(ctx.db, ctx.user.id)),
  add: authedProcedure
    .input(usernameInput)
    .mutation(({ ctx, input }) => addFriend(ctx.db, ctx.user.id, input.username)),
  /** Removes from the caller's list only. */
  remove: authedProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    await removeFriend(ctx.db, ctx.user.id, input.id);
    return { ok: true as const };
  }),
});

const act = (action: NotificationAction) =>
  authedProcedure
    .input(notificationInput)
    .mutation(({ ctx, input }) => resolveNotification(ctx.db, ctx.user.id, input.notificationId, action));

export const notificationsRouter = router({
  /** The caller's open GROUP_INVITE notifications, newest first. */
  list: authedProcedure.query(({ ctx }) => listNotifications(ctx.db, ctx.user.id)),
  accept: act('accept'),
  decline: act('decline'),
  block: act('block'),
});
