import type { RouterInputs } from '@dolya/api';
import { cleanExternalName } from '@dolya/domain';
import type { Translate } from '../i18n';
import type { Member, Proposal, SettlementProposal } from '../parse';
import type { Group } from './chat-group';

export type DraftProposal = RouterInputs['bot']['drafts']['create']['proposal'];

/** The active members as the parser knows them: their Telegram username first, else their Dolya one. */
export function parseMembers(group: Group): Member[] {
  return group.users
    .filter((user) => user.membershipStatus === 'ACTIVE')
    .map((user) => ({
      id: user.memberId,
      name: user.name,
      username: user.telegramUsername ?? user.username ?? null,
    }));
}

/**
 * What stops a proposal the writer has no question left about from becoming a draft: nobody
 * sharing. Undefined when nothing does. (Another currency no longer stops it: the server converts
 * at the day's rate, issue 26; unknown and ambiguous names are questions.)
 */
export function proposalProblem(proposal: Proposal, t: Translate): string | undefined {
  if (proposal.participantIds.length === 0 && !proposal.items?.length) return t('expense.noParticipants');
  return undefined;
}

/**
 * A repayment as the server takes it: a settlement from -> to, its note as the name, and the
 * currency it was paid in when not the group's (issue 26: converted by the server like an
 * expense; it was dropped, and «вернула 50 евро» became 50 in the group's currency).
 */
export function settlementProposal(settlement: SettlementProposal, sourceText: string): DraftProposal {
  return {
    name: cleanExternalName(settlement.note ?? ''),
    amountCents: settlement.amountCents,
    payerId: settlement.fromId,
    participantIds: [settlement.toId],
    settlement: { fromId: settlement.fromId, toId: settlement.toId },
    ...(settlement.foreignCurrency ? { foreignCurrency: settlement.foreignCurrency } : {}),
    sourceText,
  };
}

/** The proposal as the server takes it: receipt items, else per-person amounts, else an equal split. */
export function draftProposal(proposal: Proposal, sourceText: string): DraftProposal {
  // A message may carry control characters or direction marks; the server refuses them in names.
  const items = proposal.items?.map((item, index) => ({
    ...item,
    name: cleanExternalName(item.name) || String(index + 1),
  }));
  return {
    name: cleanExternalName(proposal.name),
    amountCents: proposal.amountCents,
    payerId: proposal.payerId,
    participantIds: proposal.participantIds,
    ...(items ? { items } : proposal.splits ? { splitCents: proposal.splits } : {}),
    // Issue 26: the amounts are in this currency (the server converts), and who paid how much.
    ...(proposal.foreignCurrency ? { foreignCurrency: proposal.foreignCurrency } : {}),
    ...(proposal.payers && Object.keys(proposal.payers).length > 1 ? { payers: proposal.payers } : {}),
    // Issue 28: «каждый месяц» — Save makes the expense the first of a series.
    ...(proposal.repeat ? { repeat: proposal.repeat } : {}),
    sourceText,
  };
}
