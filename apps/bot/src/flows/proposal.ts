import type { RouterInputs } from '@dolya/api';
import { cleanExternalName } from '@dolya/domain';
import { joinNames } from '../format/lists';
import type { Translate } from '../i18n';
import type { Member, Proposal } from '../parse';
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
 * What stops a proposal from becoming a draft, in words for the writer: a name that is nobody or
 * several people. Undefined when nothing does. The bot asks; it never guesses. (Another currency
 * no longer stops it: the server converts at the day's rate, issue 26.)
 */
export function proposalProblem(proposal: Proposal, group: Group, t: Translate): string | undefined {
  const members = parseMembers(group);
  const nameOf = (id: string) => {
    const member = members.find((m) => m.id === id);
    return member?.username ? `${member.name} (@${member.username})` : (member?.name ?? id);
  };
  if (proposal.unknownNames.length > 0) {
    return t('expense.unknownNames', {
      count: proposal.unknownNames.length,
      names: joinNames(proposal.unknownNames, t),
      members: members.map((m) => m.name).join(', '),
    });
  }
  const [ambiguous] = proposal.ambiguousNames;
  if (ambiguous) {
    return t('expense.ambiguousName', {
      written: ambiguous.written,
      candidates: joinNames(ambiguous.candidates.map(nameOf), t, 'or'),
    });
  }
  if (proposal.participantIds.length === 0 && !proposal.items?.length) return t('expense.noParticipants');
  return undefined;
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
    sourceText,
  };
}
