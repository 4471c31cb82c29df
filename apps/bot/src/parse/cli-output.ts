import { type Cents, centsToDecimal, formatCents, MAX_AMOUNT_CENTS } from '@dolya/domain';
import type { Member, NotExpenseReason, ParseResult, Proposal, Question, SettlementProposal } from './types';

const NOT_EXPENSE: Record<NotExpenseReason, string> = {
  EMPTY: 'Not an expense: the message has no words or numbers',
  QUESTION: 'Not an expense: the message is a question',
  NOT_YET: 'Not an expense yet: the payment is still to come',
  REQUEST: 'Not an expense: a request for money',
  PERSONAL: 'Not a shared expense: spent on oneself, or a gift received',
  TALK: 'Not an expense: money talked about, nothing paid (a bet, a share worked out)',
  NO_AMOUNT: 'Not an expense: the message has no amount',
  INVALID_AMOUNT: `Not an expense: an amount must be at most ${formatCents(MAX_AMOUNT_CENTS)}`,
  ZERO_AMOUNT: 'Not an expense: the amount is 0',
  NOT_MONEY: 'Not an expense: its numbers are no money (a phone or card number, a date, a time, an address)',
  MODEL_NOT_EXPENSE: 'Not an expense: the message states no money spent',
};

const decimals = (record: Record<string, Cents>) =>
  Object.fromEntries(Object.entries(record).map(([id, cents]) => [id, centsToDecimal(cents)]));

/** The first question, as the CLI shows it: amounts as decimals. */
function questionOf(questions: readonly Question[]): object | undefined {
  const [first] = questions;
  if (!first) return undefined;
  if (first.kind === 'amount') return { kind: 'amount', candidates: first.candidates.map(centsToDecimal) };
  return { ...first };
}

/** What stops a proposal from becoming a draft as it is, for people reading the CLI. */
function problemsOf(
  proposal: Pick<Proposal, 'unknownNames' | 'ambiguousNames' | 'foreignCurrency'>,
  members: readonly Member[],
  groupCurrency: string,
): string[] {
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

function settlementOutput(
  settlement: SettlementProposal,
  members: readonly Member[],
  groupCurrency: string,
): object {
  const problems = problemsOf(settlement, members, groupCurrency);
  const question = questionOf(settlement.questions);
  if (problems.length > 0) return { error: problems.join('; '), ...(question ? { question } : {}) };
  return {
    settlement: { fromId: settlement.fromId, toId: settlement.toId },
    amount: centsToDecimal(settlement.amountCents),
    currency: settlement.currency,
    ...(settlement.note ? { note: settlement.note } : {}),
    ...(question ? { question } : {}),
  };
}

/**
 * One JSON object per message: the proposal with decimal amounts, `settlement: {fromId, toId}` for
 * a repayment and `question` when the bot would ask; {error} (with the question, if any) when it is
 * no expense as it stands.
 */
export function cliOutput(result: ParseResult, members: readonly Member[], groupCurrency: string): object {
  if (result.kind === 'not-expense') return { error: NOT_EXPENSE[result.reason] };
  if (result.kind === 'settlement') return settlementOutput(result.settlement, members, groupCurrency);
  const { proposal } = result;
  const problems = problemsOf(proposal, members, groupCurrency);
  const question = questionOf(proposal.questions);
  if (problems.length > 0) return { error: problems.join('; '), ...(question ? { question } : {}) };
  return {
    name: proposal.name,
    amount: centsToDecimal(proposal.amountCents),
    currency: proposal.currency,
    payerId: proposal.payerId,
    ...(proposal.payers ? { payers: decimals(proposal.payers) } : {}),
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
    ...(proposal.repeat ? { repeat: proposal.repeat } : {}),
    ...(question ? { question } : {}),
  };
}
