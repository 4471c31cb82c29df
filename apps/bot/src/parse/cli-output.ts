import { type Cents, centsToDecimal, formatCents, MAX_AMOUNT_CENTS } from '@dolya/domain';
import type { Member, NotExpenseReason, ParseResult, Proposal } from './types';

const NOT_EXPENSE: Record<NotExpenseReason, string> = {
  EMPTY: 'Not an expense: the message has no words or numbers',
  QUESTION: 'Not an expense: the message is a question',
  NO_AMOUNT: 'Not an expense: the message has no amount',
  INVALID_AMOUNT: `Not an expense: an amount must be above 0 and at most ${formatCents(MAX_AMOUNT_CENTS)}`,
  MODEL_NOT_EXPENSE: 'Not an expense: the message states no money spent',
};

const decimals = (record: Record<string, Cents>) =>
  Object.fromEntries(Object.entries(record).map(([id, cents]) => [id, centsToDecimal(cents)]));

/** What stops a proposal from becoming a draft as it is: unknown or ambiguous names, another currency. */
function problemsOf(proposal: Proposal, members: readonly Member[], groupCurrency: string): string[] {
  const nameOf = (id: string) => members.find((member) => member.id === id)?.name ?? id;
  const problems: string[] = [];
  if (proposal.unknownNames.length > 0) {
    problems.push(`Unknown names, not members of the group: ${proposal.unknownNames.join(', ')}`);
  }
  if (proposal.ambiguousNames.length > 0) {
    const listed = proposal.ambiguousNames.map(
      ({ written, candidates }) => `${written} (${candidates.map(nameOf).join(' or ')})`,
    );
    problems.push(`Ambiguous names: ${listed.join(', ')}`);
  }
  if (proposal.foreignCurrency) {
    problems.push(
      `The amount is in ${proposal.foreignCurrency}, the group's currency is ${groupCurrency}; amounts are never converted`,
    );
  }
  return problems;
}

/** One JSON object per message: the proposal with decimal amounts, or {error}. */
export function cliOutput(result: ParseResult, members: readonly Member[], groupCurrency: string): object {
  if (result.kind === 'not-expense') return { error: NOT_EXPENSE[result.reason] };
  const { proposal } = result;
  const problems = problemsOf(proposal, members, groupCurrency);
  if (problems.length > 0) return { error: problems.join('; ') };
  return {
    name: proposal.name,
    amount: centsToDecimal(proposal.amountCents),
    currency: proposal.currency,
    payerId: proposal.payerId,
    participantIds: proposal.participantIds,
    ...(proposal.splits ? { splits: decimals(proposal.splits) } : {}),
    ...(proposal.items
      ? {
          items: proposal.items.map((item) => ({
            name: item.name,
            amount: centsToDecimal(item.amountCents),
            participantIds: item.participantIds,
          })),
        }
      : {}),
  };
}
