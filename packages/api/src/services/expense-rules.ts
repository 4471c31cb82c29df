import {
  type Cents,
  checkCents,
  checkPayers,
  convertCents,
  type ExpenseInput,
  type ExpenseItemInput,
  formatCents,
  type ItemSplit,
  itemSplitMemberIds,
  mainPayer,
  type OriginalAmount,
  parseRate,
  type SplitMethod,
  settlementSplit,
  splitExpense,
  splitItems,
} from '@dolya/domain';
import { AppError } from '../errors';
import type { MemberRow } from './access';

export interface ResolvedExpense {
  name: string;
  amountCents: Cents;
  /** "The payer": the only one, or of several the one who paid the most (ties: group order). */
  payerId: string;
  /** Who paid how much, in group order; their amounts sum to amountCents. */
  payers: { memberId: string; amountCents: Cents }[];
  /** Paid in another currency: as paid, and the rate that converted it. */
  original: OriginalAmount | null;
  splits: Record<string, Cents>;
  splitMethod: SplitMethod;
  sharesInput: Record<string, number> | null;
  percentagesInput: Record<string, number> | null;
  isSettlement: boolean;
  settlementFromId: string | null;
  settlementToId: string | null;
  items: ResolvedItem[];
}

export interface ResolvedItem {
  /** The stored item this one is (kept under its id); absent for a new item. */
  id?: string;
  name: string;
  quantity: string;
  amountCents: Cents;
  split: ItemSplit;
}

export const SETTLEMENT_NAME = 'Settlement payment';

/**
 * Turns what a client sent into the expense we store. The server never trusts client arithmetic:
 * shares and percentages are split here from the raw inputs; the client's `splits` count only in
 * amounts mode, after validation. When any receipt item has someone on it, the items decide
 * (spec §4): amounts mode, each member's part the exact sum of their item parts, and the amount
 * must be the items' sum. `members` are all seats of the group in group order;
 * `alreadyReferenced` are seats the stored expense used, which stay usable after their removal.
 */
export function resolveExpense(
  input: ExpenseInput,
  members: readonly MemberRow[],
  alreadyReferenced: ReadonlySet<string> = new Set(),
  groupCurrency?: string,
): ResolvedExpense {
  const usable = new Set(
    members.filter((m) => m.status !== 'REMOVED' || alreadyReferenced.has(m.id)).map((m) => m.id),
  );
  const requireSeat = (id: string | null | undefined, field: string): string => {
    if (!id) throw new AppError('VALIDATION_ERROR', `${field}: required`, field);
    if (!usable.has(id)) throw new AppError('INVALID_MEMBER', `${field}: not a member of this group`, field);
    return id;
  };
  const requireSeats = (record: Record<string, unknown>, field: string) => {
    for (const id of Object.keys(record)) requireSeat(id, `${field}.${id}`);
  };

  const original = resolveOriginal(input.original, groupCurrency);
  const amountCents = checkCents(input.amountCents, { min: 'positive', field: 'amount' });
  if (original) requireConverted(amountCents, original);
  const memberOrder = members.map((m) => m.id);
  const items = (input.items ?? []).map((item, index) => resolveItem(item, index, requireSeat, memberOrder));

  if (input.settlement) {
    if (items.length > 0) {
      throw new AppError('VALIDATION_ERROR', 'items: a settlement payment has no positions', 'items');
    }
    if ((input.payers?.length ?? 0) > 1) {
      throw new AppError('VALIDATION_ERROR', 'payers: a settlement payment has one payer', 'payers');
    }
    const fromId = requireSeat(
      input.settlementFromId ?? input.paidById ?? input.payers?.[0]?.memberId,
      'settlementFromId',
    );
    const toId = requireSeat(input.settlementToId ?? soleRecipient(input), 'settlementToId');
    if (fromId === toId) {
      throw new AppError(
        'VALIDATION_ERROR',
        'settlementToId: payer and recipient must differ',
        'settlementToId',
      );
    }
    return {
      name: input.name || SETTLEMENT_NAME,
      amountCents,
      payerId: fromId,
      payers: [{ memberId: fromId, amountCents }],
      original,
      splits: settlementSplit(amountCents, toId),
      splitMethod: 'amounts',
      sharesInput: null,
      percentagesInput: null,
      isSettlement: true,
      settlementFromId: fromId,
      settlementToId: toId,
      items,
    };
  }

  if (!input.name) throw new AppError('VALIDATION_ERROR', 'name: required', 'name');
  const payers = resolvePayers(input, amountCents, requireSeat, memberOrder);
  const payerId = mainPayer(
    payers.map(({ memberId, amountCents: cents }) => ({ memberId, cents })),
    memberOrder,
  );
  const byItems = splitItems(items, memberOrder);
  if (byItems.assigned) {
    if (amountCents !== byItems.totalCents) {
      throw new AppError(
        'VALIDATION_ERROR',
        `amount: must be the sum of the items, ${formatCents(byItems.totalCents)}`,
        'amount',
      );
    }
    return {
      name: input.name,
      amountCents,
      payerId,
      payers,
      original,
      splits: byItems.totals,
      splitMethod: 'amounts',
      sharesInput: null,
      percentagesInput: null,
      isSettlement: false,
      settlementFromId: null,
      settlementToId: null,
      items,
    };
  }
  let sharesInput: Record<string, number> | null = null;
  let percentagesInput: Record<string, number> | null = null;
  let splits: Record<string, Cents>;

  switch (input.splitMethod) {
    case 'shares': {
      sharesInput = input.sharesInput ?? defaultShares(input, members);
      requireSeats(sharesInput, 'sharesInput');
      splits = splitExpense({ amountCents, payerId, memberOrder, method: 'shares', shares: sharesInput });
      break;
    }
    case 'percentages': {
      if (!input.percentagesInput) {
        throw new AppError('VALIDATION_ERROR', 'percentagesInput: required', 'percentagesInput');
      }
      percentagesInput = input.percentagesInput;
      requireSeats(percentagesInput, 'percentagesInput');
      splits = splitExpense({
        amountCents,
        payerId,
        memberOrder,
        method: 'percentages',
        percentages: percentagesInput,
      });
      break;
    }
    case 'amounts': {
      if (!input.splitCents) throw new AppError('VALIDATION_ERROR', 'splits: required', 'splits');
      requireSeats(input.splitCents, 'splits');
      const amounts: Record<string, Cents> = {};
      for (const [id, value] of Object.entries(input.splitCents)) {
        amounts[id] = checkCents(value, { min: 'nonNegative', field: `splits.${id}` });
      }
      splits = splitExpense({ amountCents, payerId, memberOrder, method: 'amounts', amounts });
      break;
    }
  }
  if (Object.keys(splits).length === 0) {
    throw new AppError('INVALID_SPLIT', 'participants: choose at least one participant', 'participants');
  }
  return {
    name: input.name,
    amountCents,
    payerId,
    payers,
    original,
    splits,
    splitMethod: input.splitMethod,
    sharesInput,
    percentagesInput,
    isSettlement: false,
    settlementFromId: null,
    settlementToId: null,
    items,
  };
}

/** Without shares typed in: equal shares among the named participants, else every seat's default share. */
function defaultShares(input: ExpenseInput, members: readonly MemberRow[]): Record<string, number> {
  if (input.participants?.length) return Object.fromEntries(input.participants.map((id) => [id, 1]));
  return Object.fromEntries(members.filter((m) => m.status !== 'REMOVED').map((m) => [m.id, m.share]));
}

function soleRecipient(input: ExpenseInput): string | undefined {
  const candidates = input.participants?.length ? input.participants : Object.keys(input.splitCents ?? {});
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * One receipt item as stored: its split's members must be usable seats (a members list is kept
 * once each, in group order); whether the split shares the item out is splitItems' check.
 */
function resolveItem(
  item: ExpenseItemInput,
  index: number,
  requireSeat: (id: string, field: string) => string,
  memberOrder: readonly string[],
): ResolvedItem {
  const field = `items.${index}`;
  const amountCents = checkCents(item.amountCents, { min: 'positive', field: `${field}.amount` });
  for (const id of itemSplitMemberIds(item.split)) requireSeat(id, `${field}.split`);
  const { split } = item;
  const stored: ItemSplit =
    split.method === 'members'
      ? { method: 'members', memberIds: memberOrder.filter((id) => split.memberIds.includes(id)) }
      : split;
  return {
    ...(item.id ? { id: item.id } : {}),
    name: item.name,
    quantity: String(item.number),
    amountCents,
    split: stored,
  };
}

/**
 * Who paid: two or more payers sent (each a usable seat, each above zero, summing exactly to the
 * amount: 400 naming `payers`), else paidById (or the one payer sent) paying it all. In group order.
 */
function resolvePayers(
  input: ExpenseInput,
  amountCents: Cents,
  requireSeat: (id: string | null | undefined, field: string) => string,
  memberOrder: readonly string[],
): { memberId: string; amountCents: Cents }[] {
  // One payer is "paidById paid it all": a client that sends back what it read (payers and
  // all) with another amount or payer changes the expense as before several payers existed.
  if (!input.payers || input.payers.length < 2) {
    return [
      { memberId: requireSeat(input.paidById ?? input.payers?.[0]?.memberId, 'paidById'), amountCents },
    ];
  }
  for (const { memberId } of input.payers) requireSeat(memberId, 'payers');
  return checkPayers(
    amountCents,
    input.payers.map(({ memberId, amountCents: cents }) => ({ memberId, cents })),
    memberOrder,
  ).map(({ memberId, cents }) => ({ memberId, amountCents: cents }));
}

/**
 * An amount paid in another currency than the group's: a positive amount, an exact rate above
 * zero (INVALID_RATE), a currency other than the group's (INVALID_CURRENCY). Unknown codes are
 * the schema's refusal already.
 */
function resolveOriginal(
  original: ExpenseInput['original'],
  groupCurrency: string | undefined,
): OriginalAmount | null {
  if (!original) return null;
  if (groupCurrency !== undefined && original.currency === groupCurrency) {
    throw new AppError(
      'INVALID_CURRENCY',
      `original.currency: the group's own currency (${groupCurrency}) needs no conversion`,
      'original.currency',
    );
  }
  return {
    currency: original.currency,
    amountCents: checkCents(original.amountCents, { min: 'positive', field: 'original.amountCents' }),
    rate: parseRate(original.rate, 'original.rate'),
    rateDate: original.rateDate,
    rateSource: original.rateSource,
  };
}

/** The amount in the group's currency must be round_half_up(original × rate), to the cent. */
function requireConverted(amountCents: Cents, original: OriginalAmount) {
  const converted = convertCents(original.amountCents, original.rate, 'amount');
  if (amountCents !== converted) {
    throw new AppError(
      'INVALID_AMOUNT',
      `amount: must be the converted amount, ${formatCents(converted)}`,
      'amount',
    );
  }
}
