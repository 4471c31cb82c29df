import type { RouterOutputs } from '@dolya/api';
import { hasAppCode } from '../api/errors';
import type { BotContext } from '../context';
import { CALLBACK, groupChoiceKeyboard, openAppKeyboard } from '../keyboards';
import { answer } from './reply';

export type Group = RouterOutputs['groups']['get'];

/**
 * The Dolya group the expenses of this chat go to, or null when the bot has instead told the
 * person what to do (choose a group, connect the chat, ask to be added).
 * Private chat: the remembered choice; else the only group; else the person is asked, once, with
 * one button per group, most recently active first. Group chat: the group bound by /connect,
 * of which the writer must be a member.
 */
export async function groupOfChat(ctx: BotContext): Promise<Group | null> {
  const chatId = String(ctx.chat!.id);
  const { groupId } = await ctx.dolya.bot.chat.get.query({ chatId });
  if (ctx.chatKind === 'group') {
    if (!groupId) {
      await answer(ctx, ctx.t('chat.notConnected'));
      return null;
    }
    const group = await groupOrNull(ctx, groupId);
    if (!group) await answer(ctx, ctx.t('chat.notMember'));
    return group;
  }
  // A remembered group the person has since left, or that was deleted, is chosen again.
  const remembered = groupId ? await groupOrNull(ctx, groupId) : null;
  if (remembered) return remembered;
  const groups = await ctx.dolya.groups.list.query();
  if (groups.length === 1) return groups[0]!;
  await askForGroup(ctx, groups);
  return null;
}

/** The choice of group for a private chat, as a reply to the message that needed it. */
export async function askForGroup(ctx: BotContext, groups: readonly Group[]) {
  if (groups.length === 0) {
    const { links } = ctx.services;
    // Without a button to the app (a localhost PUBLIC_URL), its address is in the text.
    const text = links.webButtons ? ctx.t('group.none') : ctx.t('group.noneNoButton', { url: links.app() });
    await answer(ctx, text, openAppKeyboard('private', ctx.t, links));
    return;
  }
  await answer(ctx, ctx.t('group.choose'), groupChoiceKeyboard(groups, CALLBACK.chooseGroup));
}

async function groupOrNull(ctx: BotContext, groupId: string): Promise<Group | null> {
  try {
    return await ctx.dolya.groups.get.query({ groupId });
  } catch (error) {
    if (hasAppCode(error, 'GROUP_NOT_FOUND')) return null;
    throw error;
  }
}
