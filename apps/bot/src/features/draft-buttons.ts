import { Composer } from 'grammy';
import { hasAppCode } from '../api/errors';
import type { BotContext } from '../context';
import { isNotModified } from '../flows/reply';
import { closedDraftText, type Draft } from '../format/draft-text';
import type { ru } from '../i18n/ru';
import { openGroupKeyboard } from '../keyboards';
import { heardIn, withHeard } from '../voice/heard';

const UUID = '[0-9a-fA-F-]{36}';

type MessageKey = `notice.${keyof typeof ru.notice}`;
interface Notice {
  key: MessageKey;
  /** A pop-up the person must close, for a press that did not do what they asked. */
  alert: boolean;
}

const SAVE_NOTICES: Record<'saved' | 'already_saved' | 'cancelled' | 'expired', Notice> = {
  saved: { key: 'notice.saved', alert: false },
  already_saved: { key: 'notice.alreadySaved', alert: true },
  cancelled: { key: 'notice.cancelledNoSave', alert: true },
  expired: { key: 'notice.expired', alert: true },
};

const CANCEL_NOTICES: Record<'cancelled' | 'already_saved' | 'already_cancelled' | 'expired', Notice> = {
  cancelled: { key: 'notice.cancelled', alert: false },
  already_saved: { key: 'notice.alreadySaved', alert: true },
  already_cancelled: { key: 'notice.alreadyCancelled', alert: true },
  expired: { key: 'notice.expired', alert: true },
};

/**
 * Save and Cancel under a draft. The server decides, atomically, what a press does (only the
 * author's open, unexpired draft is saved, once); the bot shows the outcome. A double tap, a
 * redelivered press, a Save after Cancel or on an expired draft writes nothing and gets a notice.
 */
export function draftButtonsFeature() {
  const feature = new Composer<BotContext>();

  feature.callbackQuery(new RegExp(`^draft:save:(${UUID})$`), async (ctx) => {
    const result = await press(ctx, () => ctx.dolya.bot.drafts.save.mutate({ draftId: ctx.match[1]! }));
    if (!result) return;
    if (result.outcome === 'not_author') return notAuthor(ctx);
    // A draft still without its rate (issue 26; a Save button left from before): it stays as it is.
    if (result.outcome === 'needs_rate')
      return ctx.answerCallbackQuery({ text: ctx.t('notice.needsRate'), show_alert: true });
    await showOutcome(ctx, SAVE_NOTICES[result.outcome], result.draft);
  });

  feature.callbackQuery(new RegExp(`^draft:cancel:(${UUID})$`), async (ctx) => {
    const result = await press(ctx, () => ctx.dolya.bot.drafts.cancel.mutate({ draftId: ctx.match[1]! }));
    if (!result) return;
    if (result.outcome === 'not_author') return notAuthor(ctx);
    await showOutcome(ctx, CANCEL_NOTICES[result.outcome], result.draft);
  });

  return feature;
}

/**
 * Someone unlinked, or outside the draft's group (the server answers DRAFT_NOT_FOUND rather than
 * tell outsiders the draft exists), is told the same as any member who is not the author; the
 * message stays as it is for the author.
 */
async function press<T>(ctx: BotContext, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (!hasAppCode(error, 'TELEGRAM_NOT_LINKED', 'DRAFT_NOT_FOUND')) throw error;
    await notAuthor(ctx);
    return undefined;
  }
}

function notAuthor(ctx: BotContext) {
  return ctx.answerCallbackQuery({ text: ctx.t('notice.notAuthor'), show_alert: true });
}

/**
 * The notice to the presser, and the message showing how the draft ended (buttons gone), still
 * headed by what was heard when it answers a voice message.
 */
async function showOutcome(ctx: BotContext, notice: Notice, draft: Draft) {
  await ctx.answerCallbackQuery({ text: ctx.t(notice.key), show_alert: notice.alert });
  const keyboard =
    draft.status === 'saved'
      ? openGroupKeyboard(draft.groupId, ctx.chatKind, ctx.t, ctx.services.links)
      : undefined;
  const pressedUnder = ctx.callbackQuery?.message;
  const heard = heardIn(pressedUnder && 'text' in pressedUnder ? pressedUnder.text : undefined);
  await ctx
    .editMessageText(withHeard(heard, closedDraftText(draft, ctx.t, ctx.language)), {
      ...(keyboard && keyboard.inline_keyboard.flat().length > 0 ? { reply_markup: keyboard } : {}),
      link_preview_options: { is_disabled: true },
    })
    .catch(ignoreNotModified);
}

function ignoreNotModified(error: unknown) {
  if (!isNotModified(error)) throw error;
}
