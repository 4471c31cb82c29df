import type { BotContext } from '../context';
import { exampleNames, genitiveOf, pastForm } from '../format/people';
import type { Group } from './chat-group';

export type ExampleNames = {
  a: string;
  b: string;
  bGenitive: string;
  aPaid: string;
  aReturned: string;
};

/** The names the help's and hints' examples use: two of the group's members besides the writer. */
export function examplesOf(group: Group | null, language: BotContext['language']): ExampleNames {
  const others = (group?.users ?? [])
    .filter((user) => user.membershipStatus === 'ACTIVE' && !user.isCurrentUser)
    .map((user) => user.name);
  const [a, b] = exampleNames(others, language);
  return {
    a,
    b,
    bGenitive: language === 'ru' ? genitiveOf(b) : b,
    aPaid: pastForm(a, 'платил', language),
    aReturned: pastForm(a, 'вернул', language),
  };
}

/** The examples for this chat's group when it has one; the default names otherwise (never asks). */
export async function chatExamples(ctx: BotContext): Promise<ExampleNames> {
  try {
    const { groupId } = await ctx.dolya.bot.chat.get.query({ chatId: String(ctx.chat!.id) });
    const groups = groupId ? [] : await ctx.dolya.groups.list.query();
    const id = groupId ?? (groups.length === 1 ? groups[0]!.id : null);
    const group = id ? await ctx.dolya.groups.get.query({ groupId: id }) : null;
    return examplesOf(group, ctx.language);
  } catch {
    // Unlinked, or the group is gone: the examples need no group.
    return examplesOf(null, ctx.language);
  }
}
