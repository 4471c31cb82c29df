import { idSchema } from '@dolya/domain';
import { z } from 'zod';
import { AppError } from '../errors';
import { createDraft, setDraftReply } from '../services/bot-drafts';
import { keepPendingMessage, takePendingMessages } from '../services/bot-pending';
import { claimStaleUpdates, markUpdateDone, recordUpdate } from '../services/bot-updates';
import { cancelDraft, saveDraft } from '../services/draft-outcomes';
import { exportGroupFile } from '../services/group-export';
import { bindChat, type ChatActor, chatGroup, unbindChat } from '../services/telegram-chats';
import { botProcedure, botUserProcedure, router } from '../trpc';
import {
  bindChatInput,
  claimStaleInput,
  createDraftInput,
  draftIdInput,
  recordUpdateInput,
  telegramChatId,
  telegramMessageId,
} from './bot-inputs';

const chatActor = (ctx: { user: { id: string }; actor: { telegramUserId: string | null } }): ChatActor => ({
  userId: ctx.user.id,
  // botUserProcedure lets only the bot acting for a linked Telegram user through.
  telegramUserId: ctx.actor.telegramUserId!,
});

/** Which Dolya group a Telegram chat records into. */
const chatRouter = router({
  get: botUserProcedure
    .input(z.object({ chatId: telegramChatId }))
    .query(({ ctx, input }) => chatGroup(ctx.db, ctx.user.id, input.chatId)),
  set: botUserProcedure
    .input(bindChatInput)
    .mutation(({ ctx, input }) => bindChat(ctx.db, chatActor(ctx), input)),
  /** /disconnect: an admin of the group a group chat records into ends the connection. */
  unset: botUserProcedure
    .input(z.object({ chatId: telegramChatId }))
    .mutation(({ ctx, input }) => unbindChat(ctx.db, chatActor(ctx), input.chatId)),
});

/** A message read as an expense, waiting for its author's Save (BOT-CONTRACT.md). */
const draftsRouter = router({
  create: botUserProcedure
    .input(createDraftInput)
    .mutation(({ ctx, input }) => createDraft(ctx.db, ctx.user.id, input, ctx.config)),
  setReply: botUserProcedure
    .input(draftIdInput.extend({ replyMessageId: telegramMessageId }))
    .mutation(({ ctx, input }) => setDraftReply(ctx.db, ctx.user.id, input.draftId, input.replyMessageId)),
  save: botUserProcedure
    .input(draftIdInput)
    .mutation(({ ctx, input }) => saveDraft(ctx.db, ctx.user.id, input.draftId)),
  cancel: botUserProcedure
    .input(draftIdInput)
    .mutation(({ ctx, input }) => cancelDraft(ctx.db, ctx.user.id, input.draftId)),
});

/** The sender's Telegram id: bot.whoami and the pending messages need to know whom the bot acts for. */
function senderOf(actor: { telegramUserId: string | null }): string {
  if (actor.telegramUserId === null) {
    throw new AppError(
      'VALIDATION_ERROR',
      'x-telegram-user-id: the Telegram user the bot acts for is required here',
      'x-telegram-user-id',
    );
  }
  return actor.telegramUserId;
}

/**
 * What an unlinked Telegram user wrote in a private chat, kept until they link their account:
 * then the bot takes it and shows its draft, once.
 */
const pendingRouter = router({
  keep: botProcedure
    .input(
      z.object({
        chatId: telegramChatId,
        messageId: telegramMessageId,
        text: z.string().min(1).max(4096),
      }),
    )
    .mutation(({ ctx, input }) => {
      const telegramUserId = senderOf(ctx.actor);
      // Only a private chat's own messages: its id is the sender's Telegram id.
      if (input.chatId !== telegramUserId) {
        throw new AppError('VALIDATION_ERROR', 'chatId: only a private chat with the sender', 'chatId');
      }
      return keepPendingMessage(ctx.db, telegramUserId, input);
    }),
  take: botUserProcedure.mutation(({ ctx }) => takePendingMessages(ctx.db, senderOf(ctx.actor))),
});

/** The inbox that makes a redelivered Telegram update count once. */
const updatesRouter = router({
  record: botProcedure
    .input(recordUpdateInput)
    .mutation(({ ctx, input }) => recordUpdate(ctx.db, input.updateId, input.update)),
  done: botProcedure
    .input(z.object({ updateId: recordUpdateInput.shape.updateId }))
    .mutation(({ ctx, input }) => markUpdateDone(ctx.db, input.updateId)),
  claimStale: botProcedure
    .input(claimStaleInput)
    .mutation(({ ctx, input }) => claimStaleUpdates(ctx.db, input.olderThanSeconds)),
});

export const botRouter = router({
  pending: pendingRouter,
  /** Who the Telegram user the bot acts for is here: the linked account, or not linked (ask to link). */
  whoami: botProcedure.query(({ ctx }) => {
    const { telegramUserId, user } = ctx.actor;
    if (telegramUserId === null) {
      throw new AppError(
        'VALIDATION_ERROR',
        'x-telegram-user-id: the Telegram user the bot acts for is required here',
        'x-telegram-user-id',
      );
    }
    if (!user) return { linked: false as const, telegramUserId };
    return {
      linked: true as const,
      telegramUserId,
      user: {
        id: user.id,
        name: user.name,
        username: user.username,
        telegramUsername: user.telegramUsername,
      },
    };
  }),
  chat: chatRouter,
  drafts: draftsRouter,
  /**
   * /export (issue 29): the group's CSV for the bot to send as a document, for an active member
   * (else GROUP_NOT_FOUND, as groupExport.file answers a session; the JSON stays with the web).
   */
  exportCsv: botUserProcedure
    .input(z.object({ groupId: idSchema }))
    .query(({ ctx, input }) => exportGroupFile(ctx.db, input.groupId, ctx.user.id, 'csv')),
  updates: updatesRouter,
});
