import {
  type Cents,
  checkCents,
  convertCents,
  type ExpenseInput,
  expenseInput,
  type OriginalAmount,
  type Recurrence,
  splitExpense,
  splitItems,
} from '@dolya/domain';
import { AppError } from '../errors';
import type { MemberRow } from './access';
import { resolveExpense } from './expense-rules';

/** A receipt line as the bot recognised it; money in cents. */
export interface ProposalItem {
  name: string;
  amountCents: Cents;
  participantIds: string[];
}

/** What the bot read from a message (BOT-CONTRACT.md); money in cents. */
export interface DraftProposal {
  name: string;
  amountCents: Cents;
  payerId: string;
  participantIds: string[];
  splitCents?: Record<string, Cents> | null;
  items?: ProposalItem[] | null;
  /** A repayment: saved as a settlement payment from -> to; payerId and participantIds are ignored. */
  settlement?: { fromId: string; toId: string } | null;
  /** The amounts are in this currency, not the group's (issue 26). */
  foreignCurrency?: string | null;
  /** Several payers: member id -> cents, summing to amountCents (issue 26). */
  payers?: Record<string, Cents> | null;
  /** The expense repeats (issue 28): Save makes it the first of a series with this rule. */
  repeat?: Recurrence | null;
  sourceText: string;
}

/** The day's rate for a proposal in another currency. */
export interface ProposalRate {
  rate: string;
  rateDate: string;
}

/** What a draft shows besides its expense input: each participant's exact part, in group order. */
export interface DraftDisplay {
  splits: [memberId: string, amountCents: Cents][];
  items: ProposalItem[];
  sourceText: string;
  /** Paid in another currency: as the message said it, and the rate that converted it. */
  original?: OriginalAmount | null;
  /**
   * Paid in another currency whose rate could not be had: every amount of the input is in this
   * currency, as the message said it, not yet in the group's. Such a draft is not saved as it is:
   * the web form, opened from its Edit button, asks for the rate (or the amount in the group's).
   */
  rateNeeded?: { currency: string } | null;
  /** The rule Save starts a series with (issue 28); drafts made before it have none. */
  repeat?: Recurrence | null;
}

/**
 * A proposal as the expenses.create input it will be saved with, validated by the same
 * resolveExpense as expenses.create. Without per-person amounts or items it is an equal split
 * among the participants (one share each); with items, an amounts split whose parts are the
 * items' exact splits (splitItems, group order), the items stored as members splits and the
 * snapshot holding them as recognised.
 */
export function draftFromProposal(
  sent: DraftProposal,
  seats: readonly MemberRow[],
  rate?: ProposalRate | 'unavailable',
): { input: ExpenseInput; display: DraftDisplay } {
  // No rate to be had: the amounts stay as the message said them, checked as if in the group's
  // currency; an expense's or a repayment's draft alike (the form takes the rate for either).
  const rateNeeded =
    sent.foreignCurrency && rate === 'unavailable' ? { currency: sent.foreignCurrency } : null;
  const { proposal, original } = rateNeeded
    ? { proposal: sent, original: null }
    : inGroupCurrency(sent, seats, rate === 'unavailable' ? undefined : rate);
  const common = { name: proposal.name, amountCents: proposal.amountCents, paidById: proposal.payerId };
  let raw: Record<string, unknown>;
  let items: ProposalItem[] = [];
  if (proposal.settlement) {
    const { fromId, toId } = proposal.settlement;
    raw = {
      name: proposal.name,
      amountCents: proposal.amountCents,
      paidById: fromId,
      settlement: true,
      settlementFromId: fromId,
      settlementToId: toId,
    };
  } else if (proposal.items?.length) {
    items = orderedItems(proposal.items, seats);
    const splitCents = itemSplits(proposal, items, seats);
    const stored = items.map((item) => ({
      name: item.name,
      number: 1,
      amountCents: item.amountCents,
      split: { method: 'members' as const, memberIds: item.participantIds },
    }));
    raw = {
      ...common,
      splitMethod: 'amounts',
      splitCents,
      participants: Object.keys(splitCents),
      items: stored,
      snapshot: stored,
    };
  } else if (proposal.splitCents) {
    raw = {
      ...common,
      splitMethod: 'amounts',
      splitCents: proposal.splitCents,
      participants: Object.keys(proposal.splitCents),
    };
  } else {
    raw = {
      ...common,
      splitMethod: 'shares',
      sharesInput: Object.fromEntries(proposal.participantIds.map((id) => [id, 1])),
      participants: proposal.participantIds,
    };
  }
  if (!proposal.settlement && proposal.payers && Object.keys(proposal.payers).length > 1) {
    const sent = proposal.payers;
    // Group order; a payer who is no seat at all is still sent on, for resolveExpense to refuse naming payers.
    const known = seats.filter((seat) => Object.hasOwn(sent, seat.id)).map((seat) => seat.id);
    const unknown = Object.keys(sent).filter((memberId) => !known.includes(memberId));
    raw.payers = [...known, ...unknown].map((memberId) => ({ memberId, amountCents: sent[memberId] }));
  }
  if (original) raw.original = original;
  const input = expenseInput.parse(raw);
  const resolved = resolveExpense(input, seats);
  if (input.payers) input.paidById = resolved.payerId;
  return {
    input,
    display: {
      splits: Object.entries(resolved.splits),
      items,
      sourceText: proposal.sourceText,
      ...(original ? { original } : {}),
      ...(rateNeeded ? { rateNeeded } : {}),
    },
  };
}

/**
 * A proposal in another currency, in the group's: the total is round_half_up(amount × rate);
 * per-person amounts, payers and items are shares of the converted total weighted by what the
 * message said (largest part of the remainder to the first in group order), so they sum to it
 * exactly. Without a rate for it: RATE_UNAVAILABLE (createDraft asks for one first; without one
 * to be had the draft is made with rateNeeded instead).
 */
function inGroupCurrency(
  proposal: DraftProposal,
  seats: readonly MemberRow[],
  rate: ProposalRate | undefined,
): { proposal: DraftProposal; original: OriginalAmount | null } {
  if (!proposal.foreignCurrency) return { proposal, original: null };
  if (!rate) throw new AppError('RATE_UNAVAILABLE', `No ${proposal.foreignCurrency} rate to convert with`);
  const originalCents = checkCents(proposal.amountCents, { min: 'positive', field: 'amount' });
  const amountCents = convertCents(originalCents, rate.rate, 'amount');
  const memberOrder = seats.map((s) => s.id);
  const reweigh = (weights: Record<string, Cents>) =>
    splitExpense({ amountCents, payerId: proposal.payerId, memberOrder, method: 'shares', shares: weights });
  const itemWeights = Object.fromEntries(
    (proposal.items ?? []).map((item, index) => [String(index), item.amountCents]),
  );
  const itemCents = proposal.items?.length
    ? splitExpense({
        amountCents,
        payerId: '0',
        memberOrder: proposal.items.map((_, index) => String(index)),
        method: 'shares',
        shares: itemWeights,
      })
    : {};
  return {
    proposal: {
      ...proposal,
      amountCents,
      splitCents: proposal.splitCents && !proposal.items?.length ? reweigh(proposal.splitCents) : null,
      payers: proposal.payers ? reweigh(proposal.payers) : null,
      items:
        proposal.items?.map((item, index) => ({ ...item, amountCents: itemCents[String(index)] ?? 0 })) ??
        null,
    },
    original: {
      currency: proposal.foreignCurrency,
      amountCents: originalCents,
      rate: rate.rate,
      rateDate: rate.rateDate,
      rateSource: 'fetched',
    },
  };
}

/** Items with their members in group order; a member that is no current seat is refused as expenses.create would. */
function orderedItems(items: readonly ProposalItem[], seats: readonly MemberRow[]): ProposalItem[] {
  const usable = seats.filter((s) => s.status !== 'REMOVED').map((s) => s.id);
  return items.map((item, index) => {
    const field = `items.${index}`;
    for (const id of item.participantIds) {
      if (!usable.includes(id)) {
        throw new AppError('INVALID_MEMBER', `${field}.participantIds: not a member of this group`, field);
      }
    }
    if (item.participantIds.length === 0) {
      throw new AppError('INVALID_SPLIT', `${field}.participantIds: choose at least one participant`, field);
    }
    checkCents(item.amountCents, { min: 'positive', field: `${field}.amount` });
    return { ...item, participantIds: usable.filter((id) => item.participantIds.includes(id)) };
  });
}

/**
 * Per-member cents of the items. The amount must be the items' total, and per-person amounts
 * sent beside the items must be exactly these parts: a receipt's money is never left unallocated.
 */
function itemSplits(
  proposal: DraftProposal,
  items: readonly ProposalItem[],
  seats: readonly MemberRow[],
): Record<string, Cents> {
  const { totals, totalCents } = splitItems(
    items,
    seats.map((s) => s.id),
  );
  if (proposal.amountCents !== totalCents) {
    throw new AppError('VALIDATION_ERROR', 'amountCents: must be the sum of the items', 'amountCents');
  }
  const sent = proposal.splitCents;
  if (sent) {
    const ids = new Set([...Object.keys(sent), ...Object.keys(totals)]);
    if ([...ids].some((id) => (sent[id] ?? 0) !== (totals[id] ?? 0))) {
      throw new AppError('INVALID_SPLIT', 'splitCents: must be the parts of the items', 'splitCents');
    }
  }
  return totals;
}
