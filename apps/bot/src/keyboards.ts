import { InlineKeyboard } from 'grammy';
import type { Translate } from './i18n';
import type { Links } from './links';

/** What the inline buttons send back (64 bytes at most; a UUID is 36). */
export const CALLBACK = {
  save: 'draft:save:',
  cancel: 'draft:cancel:',
  chooseGroup: 'group:',
  connectGroup: 'connect:',
  /** A question's answer: every answer so far, by button index («ask:0.2»). */
  answer: 'ask:',
  /** «None of them» under a question about a person. */
  retype: 'ask:none',
  /** «Something else» under the question of what was paid for. */
  retitle: 'ask:other',
} as const;

export type ChatKind = 'private' | 'group';

/** A button opening a web page: inside Telegram (web_app) in private chats over https, else a link. */
function addWebButton(keyboard: InlineKeyboard, text: string, url: string, chat: ChatKind, links: Links) {
  if (!links.webButtons) return keyboard;
  return chat === 'private' && links.webAppButtons ? keyboard.webApp(text, url) : keyboard.url(text, url);
}

export function draftKeyboard(
  draft: { id: string; groupId: string; expense?: { rateNeeded?: unknown } },
  chat: ChatKind,
  t: Translate,
  links: Links,
): InlineKeyboard {
  // In another currency with no rate (issue 26) there is nothing to save yet: Edit asks for the rate.
  // A repayment's Edit opens the same form, as a repayment (its payer fixed, the recipient and the
  // amount editable).
  const keyboard = draft.expense?.rateNeeded
    ? new InlineKeyboard()
    : new InlineKeyboard().text(t('draft.save'), `${CALLBACK.save}${draft.id}`);
  const miniApp = chat === 'group' ? links.miniAppDraft(draft.id) : undefined;
  if (miniApp) keyboard.url(t('draft.edit'), miniApp);
  else addWebButton(keyboard, t('draft.edit'), links.editDraft(draft.groupId, draft.id), chat, links);
  return keyboard.text(t('draft.cancel'), `${CALLBACK.cancel}${draft.id}`);
}

export function openGroupKeyboard(groupId: string, chat: ChatKind, t: Translate, links: Links) {
  return addWebButton(new InlineKeyboard(), t('draft.openGroup'), links.group(groupId), chat, links);
}

export function openAppKeyboard(chat: ChatKind, t: Translate, links: Links) {
  return addWebButton(new InlineKeyboard(), t('group.openApp'), links.app(), chat, links);
}

/** Unlinked: the mini app's sign-in in a private chat; elsewhere, a way into the private chat. */
export function linkKeyboard(chat: ChatKind, t: Translate, links: Links) {
  if (chat === 'group') return new InlineKeyboard().url(t('link.buttonInGroup'), links.privateChat('link'));
  return addWebButton(new InlineKeyboard(), t('link.button'), links.app(), chat, links);
}

/** One button per group, one per row, in the order given (most recently active first). */
export function groupChoiceKeyboard(groups: readonly { id: string; name: string }[], prefix: string) {
  return InlineKeyboard.from(
    groups.map((group) => [InlineKeyboard.text(group.name, `${prefix}${group.id}`)]),
  );
}
