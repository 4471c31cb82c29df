import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { idempotentProcedure } from '../idempotency';
import {
  claimSeat,
  createInvite,
  getInvite,
  joinAsNew,
  previewInvite,
  revokeInvite,
} from '../services/invites';
import { authedProcedure, publicProcedure, router } from '../trpc';

const byGroup = z.object({ groupId: idSchema });
/** Lifetime in seconds; 0 or absent means the link never expires. At most ten years. */
const createInput = byGroup.extend({
  ttlSeconds: z
    .number()
    .int()
    .min(0)
    .max(10 * 366 * 24 * 3600)
    .nullish(),
});
/** Any string may be a token; one that matches no live invite is INVITE_INVALID, not bad input. */
const token = z.string().min(1).max(512);
const byToken = z.object({ token });

export const invitesRouter = router({
  // Admins of the group: the group's single live link.
  create: idempotentProcedure
    .input(createInput)
    .mutation(({ ctx, input }) => createInvite(ctx.db, ctx.user.id, input.groupId, input.ttlSeconds)),
  get: authedProcedure
    .input(byGroup)
    .query(({ ctx, input }) => getInvite(ctx.db, ctx.user.id, input.groupId)),
  revoke: authedProcedure.input(byGroup).mutation(async ({ ctx, input }) => {
    await revokeInvite(ctx.db, ctx.user.id, input.groupId);
    return { ok: true } as const;
  }),
  // Whoever holds the token: the unguessable token is the authorisation. Guests may look.
  preview: publicProcedure
    .input(byToken)
    .query(({ ctx, input }) => previewInvite(ctx.db, ctx.user?.id ?? null, input.token)),
  claim: authedProcedure
    .input(z.object({ token, memberId: idSchema }))
    .mutation(({ ctx, input }) => claimSeat(ctx.db, ctx.user.id, input.token, input.memberId)),
  joinNew: authedProcedure
    .input(byToken)
    .mutation(({ ctx, input }) => joinAsNew(ctx.db, ctx.user, input.token)),
});
