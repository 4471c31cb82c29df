import { type Cents, formatCents, isFullyAllocated, sumCents } from '@dolya/domain';
import type { Debt, Expense } from '../../lib/api-types';

/** The group screen's money rules, in integer cents only, as the API sends them. */

/** The part of an expense the list needs. */
export type ExpenseMoney = Pick<Expense, 'amountCents' | 'paidById' | 'splitCents' | 'settlement'> &
  Partial<Pick<Expense, 'payers'>>;

export type MyPart = { kind: 'lent'; cents: Cents } | { kind: 'borrowed'; cents: Cents } | { kind: 'none' };

/**
 * What an ordinary expense means for me, as the ledger counts it (domain computeBalances): when I
 * paid, I lent what the others' splits add up to, since whatever nobody took (a partly allocated
 * expense) stays with the payer (issue 27: the row said "lent 500" of 1000 split 50 % / 30 %, the
 * debts 300); when someone else paid, I borrowed my split. Nothing when the result is zero, when
 * I am not involved, and for settlements (they are shown as "X paid Y").
 */
export function myPart(expense: ExpenseMoney, myMemberId: string | undefined): MyPart {
  if (!myMemberId || expense.settlement) return { kind: 'none' };
  const mine = Object.hasOwn(expense.splitCents, myMemberId) ? (expense.splitCents[myMemberId] ?? 0) : 0;
  // Several payers (issue 26): what I paid minus my split, either way.
  if (expense.payers && expense.payers.length > 1) {
    const paid = expense.payers.find((p) => p.memberId === myMemberId)?.amountCents ?? 0;
    const net = paid - mine;
    if (net === 0) return { kind: 'none' };
    return net > 0 ? { kind: 'lent', cents: net } : { kind: 'borrowed', cents: -net };
  }
  if (expense.paidById === myMemberId) {
    const lent = sumCents(
      Object.entries(expense.splitCents)
        .filter(([memberId]) => memberId !== myMemberId)
        .map(([, cents]) => cents),
    );
    return lent > 0 ? { kind: 'lent', cents: lent } : { kind: 'none' };
  }
  return mine > 0 ? { kind: 'borrowed', cents: mine } : { kind: 'none' };
}

/** The 'not fully allocated' warning: the splits differ from the amount by more than 0.01. */
export function needsAllocationWarning(expense: ExpenseMoney): boolean {
  if (expense.settlement) return false;
  return !isFullyAllocated(expense.amountCents, expense.splitCents);
}

export type DebtRole = 'iOwe' | 'owedToMe' | 'others';

export interface DebtLine {
  from: string;
  to: string;
  cents: Cents;
  role: DebtRole;
}

/** Debt lines in the API's order, marked by whether they involve me; zero lines are dropped. */
export function debtLines(debts: readonly Debt[], myMemberId: string | undefined): DebtLine[] {
  return debts
    .map((debt) => ({
      from: debt.fromMemberId,
      to: debt.toMemberId,
      cents: debt.amountCents,
      role: (myMemberId && debt.fromMemberId === myMemberId
        ? 'iOwe'
        : myMemberId && debt.toMemberId === myMemberId
          ? 'owedToMe'
          : 'others') as DebtRole,
    }))
    .filter((line) => line.cents > 0);
}

export interface SettleUpChoice {
  payer: string;
  recipient: string;
  /** Prefilled amount as decimal text ("141.26", "141,26" in Russian), or '' when no debt matches. */
  amount: string;
}

/** The debt from payer to recipient, in cents; 0 when there is none. */
export function debtBetween(debts: readonly Debt[], payer: string, recipient: string): Cents {
  const debt = debts.find((d) => d.fromMemberId === payer && d.toMemberId === recipient);
  return debt ? Math.max(0, debt.amountCents) : 0;
}

/** The interface's decimal separator: a comma in Russian, a dot in English. */
export type DecimalMark = '.' | ',';

/** Cents as the form's amount text ("141,26"); '' for none. */
export function amountText(cents: Cents, decimal: DecimalMark): string {
  return cents > 0 ? formatCents(cents).replace('.', decimal) : '';
}

/**
 * The settle-up form when it opens: the payer is me when I owe someone, else the first debtor;
 * the recipient is the payer's first creditor; the amount is that debt. Without debts the payer is
 * me and the recipient the first other member.
 */
export function initialSettleUp(
  debts: readonly Debt[],
  myMemberId: string | undefined,
  memberIds: readonly string[],
  decimal: DecimalMark = '.',
): SettleUpChoice {
  const owing = debtLines(debts, myMemberId);
  const mine = owing.find((line) => line.role === 'iOwe');
  const first = mine ?? owing[0];
  if (first) return { payer: first.from, recipient: first.to, amount: amountText(first.cents, decimal) };
  const payer = myMemberId ?? memberIds[0] ?? '';
  const recipient = memberIds.find((id) => id !== payer) ?? '';
  return { payer, recipient, amount: '' };
}

/**
 * After the payer or the recipient changes: a new payer who owes someone gets their first creditor
 * as recipient unless the chosen one is already a creditor; a recipient equal to the payer is
 * cleared; the amount follows the debt from payer to recipient ('' when there is none).
 */
export function changeSettleUp(
  debts: readonly Debt[],
  current: SettleUpChoice,
  change: { payer?: string; recipient?: string },
  decimal: DecimalMark = '.',
): SettleUpChoice {
  const payer = change.payer ?? current.payer;
  let recipient = change.recipient ?? current.recipient;
  if (change.payer !== undefined) {
    const creditors = debts
      .filter((d) => d.fromMemberId === payer && d.amountCents > 0)
      .map((d) => d.toMemberId);
    if (creditors.length > 0 && !creditors.includes(recipient)) recipient = creditors[0] ?? '';
  }
  if (recipient === payer) recipient = '';
  return {
    payer,
    recipient,
    amount: payer && recipient ? amountText(debtBetween(debts, payer, recipient), decimal) : '',
  };
}

/**
 * Who the settle-up form offers as payer and recipient: current members, then anyone else named
 * in `ids` (a debt still mentions them, or a payment being fixed does), in that order.
 */
export function settleOptions(
  members: readonly { memberId: string; name: string }[],
  ids: readonly string[],
  name: (memberId: string) => string,
): { id: string; name: string }[] {
  const options = members.map((m) => ({ id: m.memberId, name: m.name }));
  for (const id of ids) {
    if (id && !options.some((o) => o.id === id)) options.push({ id, name: name(id) });
  }
  return options;
}

/** Spec §5: submit only when payer, recipient (another member) and an amount above zero are set. */
export function canSubmitSettlement(payer: string, recipient: string, amountCents: Cents): boolean {
  return payer !== '' && recipient !== '' && payer !== recipient && amountCents > 0;
}
