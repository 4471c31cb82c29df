import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { type Group, groupOfChat } from '../flows/chat-group';
import { answer } from '../flows/reply';
import { formatMoney } from '../format/money';

/** /balance: who owes whom in the chat's group, the same simplified debts as the web shows. */
export function balanceFeature() {
  const feature = new Composer<BotContext>();
  feature.command('balance', async (ctx) => {
    const group = await groupOfChat(ctx);
    if (group) await showBalance(ctx, group);
  });
  return feature;
}

export async function showBalance(ctx: BotContext, group: Group) {
  const balances = await ctx.dolya.balances.get.query({ groupId: group.id });
  const names = new Map(balances.members.map((member) => [member.memberId, member.name]));
  if (balances.debts.length === 0) {
    await answer(ctx, ctx.t('balance.settled', { group: group.name }));
    return;
  }
  const lines = balances.debts.map((debt) =>
    ctx.t('balance.debt', {
      from: names.get(debt.fromMemberId) ?? '?',
      to: names.get(debt.toMemberId) ?? '?',
      amount: formatMoney(debt.amountCents, balances.currency, ctx.language),
    }),
  );
  await answer(ctx, [ctx.t('balance.title', { group: group.name }), ...lines].join('\n'));
}
