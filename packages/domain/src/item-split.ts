import { DomainError } from './errors';
import { type Cents, checkCents, sumCents } from './money';
import { splitExpense } from './split';

/**
 * How one receipt position is shared (spec §3 "Expense item"), money in cents: equally among the
 * listed members, or by each member's amount, whole share or percentage.
 */
export type ItemSplit =
  | { method: 'members'; memberIds: string[] }
  | { method: 'amounts'; cents: Record<string, Cents> }
  | { method: 'shares'; shares: Record<string, number> }
  | { method: 'percentages'; percents: Record<string, number> };

export type ItemSplitMethod = ItemSplit['method'];
export type NumericItemSplitMethod = Exclude<ItemSplitMethod, 'members'>;

/** 100 % in hundredths of a percent. */
const FULL_PERCENT = 10_000;
/** Spec §5: a percent total is good within 0.1 of 100, and above 100.1 it is refused. */
const PERCENT_TOLERANCE = 10;
/** Spec §5: amounts must equal the item total within 0.01. */
const AMOUNT_TOLERANCE = 1;

/** Why a numeric item split does not share its item out (the item split dialog's messages). */
export type ItemSplitProblem =
  | { code: 'AMOUNTS_EXCEED'; requiredCents: Cents; currentCents: Cents }
  | { code: 'AMOUNTS_MISMATCH'; requiredCents: Cents; currentCents: Cents }
  | { code: 'PERCENTS_EXCEED'; currentHundredths: number }
  | { code: 'PERCENTS_MISMATCH'; currentHundredths: number }
  | { code: 'NO_SHARES' };

/** The split's values per member: 1 per listed member, else the typed number. */
function entries(split: ItemSplit): [string, number][] {
  switch (split.method) {
    case 'members':
      return split.memberIds.map((id) => [id, 1]);
    case 'amounts':
      return Object.entries(split.cents);
    case 'shares':
      return Object.entries(split.shares);
    case 'percentages':
      return Object.entries(split.percents);
  }
}

/** Every member id the split names, zero values included (for "is this seat still referenced"). */
export function itemSplitMemberIds(split: ItemSplit): string[] {
  return [...new Set(entries(split).map(([id]) => id))];
}

/** The members who take part: listed, or with a positive value; in group order. */
export function itemParticipants(split: ItemSplit, memberOrder: readonly string[]): string[] {
  const taking = new Set(
    entries(split)
      .filter(([, value]) => value > 0)
      .map(([id]) => id),
  );
  return [...new Set(memberOrder)].filter((id) => taking.has(id));
}

/** An item with someone on it. A numeric split always is (it must share the whole item out). */
export function isItemAssigned(split: ItemSplit): boolean {
  return split.method !== 'members' || split.memberIds.length > 0;
}

/** A percentage as whole hundredths (33.33 -> 3333); undefined beyond 2 decimals. */
function hundredthsOf(percent: number): number | undefined {
  const hundredths = Math.round(percent * 100);
  return Math.abs(hundredths / 100 - percent) < 1e-9 ? hundredths : undefined;
}

/**
 * The item split dialog's rules (spec §5) for a numeric split: amounts may not exceed the item
 * total and must equal it within 0.01; percentages may not exceed 100.1 and must be 100 within
 * 0.1; shares need someone with a share. Values are assumed already read (cents, whole shares).
 */
export function checkItemSplit(amountCents: Cents, split: ItemSplit): ItemSplitProblem | null {
  switch (split.method) {
    case 'members':
      return null;
    case 'shares':
      return Object.values(split.shares).some((share) => share > 0) ? null : { code: 'NO_SHARES' };
    case 'amounts': {
      const currentCents = sumCents(Object.values(split.cents));
      if (currentCents > amountCents) {
        return { code: 'AMOUNTS_EXCEED', requiredCents: amountCents, currentCents };
      }
      const someone = Object.values(split.cents).some((cents) => cents > 0);
      if (amountCents - currentCents > AMOUNT_TOLERANCE || !someone) {
        return { code: 'AMOUNTS_MISMATCH', requiredCents: amountCents, currentCents };
      }
      return null;
    }
    case 'percentages': {
      const currentHundredths = Object.values(split.percents).reduce(
        (sum, percent) => sum + (hundredthsOf(percent) ?? 0),
        0,
      );
      if (currentHundredths > FULL_PERCENT + PERCENT_TOLERANCE) {
        return { code: 'PERCENTS_EXCEED', currentHundredths };
      }
      if (Math.abs(currentHundredths - FULL_PERCENT) > PERCENT_TOLERANCE) {
        return { code: 'PERCENTS_MISMATCH', currentHundredths };
      }
      return null;
    }
  }
}

function describeProblem(problem: ItemSplitProblem): string {
  switch (problem.code) {
    case 'AMOUNTS_EXCEED':
      return `The amounts add up to ${problem.currentCents} cents, more than the item's ${problem.requiredCents}`;
    case 'AMOUNTS_MISMATCH':
      return `The amounts must add up to the item's ${problem.requiredCents} cents (within 1), not ${problem.currentCents}`;
    case 'PERCENTS_EXCEED':
      return `The percentages add up to ${problem.currentHundredths / 100}, more than 100.1`;
    case 'PERCENTS_MISMATCH':
      return `The percentages must add up to 100 (within 0.1), not ${problem.currentHundredths / 100}`;
    case 'NO_SHARES':
      return 'Give at least one member a share';
  }
}

/**
 * One item's exact parts, keys in group order, summing exactly to the item's amount (an item
 * with no members listed stays unallocated: {}). The remainder cents go to the first member in
 * group order who takes part, whatever the method; for amounts the remainder is the at most one
 * cent the dialog's 0.01 tolerance leaves. `field` names the split in errors.
 */
export function splitItem(
  amountCents: Cents,
  split: ItemSplit,
  memberOrder: readonly string[],
  field = 'split',
): Record<string, Cents> {
  const fail = (message: string): never => {
    throw new DomainError('INVALID_SPLIT', message, field);
  };
  const order = [...new Set(memberOrder)];
  const known = new Set(order);
  for (const id of itemSplitMemberIds(split)) {
    if (!known.has(id)) fail(`"${id}" is not a member of this group`);
  }
  checkCents(amountCents, { field: 'amount' });
  if (split.method === 'amounts') {
    for (const [id, cents] of Object.entries(split.cents)) checkCents(cents, { field: `${field}.${id}` });
  }
  const problem = checkItemSplit(amountCents, split);
  if (problem) fail(describeProblem(problem));

  const participants = itemParticipants(split, order);
  const first = participants[0];
  if (first === undefined) return {};
  try {
    switch (split.method) {
      case 'members':
        return splitExpense({
          amountCents,
          payerId: first,
          memberOrder: order,
          method: 'shares',
          shares: Object.fromEntries(participants.map((id) => [id, 1])),
        });
      case 'shares':
        return splitExpense({
          amountCents,
          payerId: first,
          memberOrder: order,
          method: 'shares',
          shares: split.shares,
        });
      case 'percentages':
        return splitExpense({
          amountCents,
          payerId: first,
          memberOrder: order,
          method: 'percentages',
          percentages: split.percents,
        });
      case 'amounts': {
        const parts: Record<string, Cents> = {};
        for (const id of participants) parts[id] = split.cents[id] ?? 0;
        parts[first] = (parts[first] ?? 0) + amountCents - sumCents(Object.values(parts));
        return parts;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.code, error.message, field);
    throw error;
  }
}

/**
 * A member chip pressed on an item (spec §4): the member joins or leaves it. An item with a
 * numeric split becomes a plain members split of those who took part, with the member toggled.
 */
export function toggleItemMember(
  split: ItemSplit,
  memberId: string,
  memberOrder: readonly string[],
): ItemSplit {
  const current =
    split.method === 'members'
      ? [...new Set(memberOrder)].filter((id) => split.memberIds.includes(id))
      : itemParticipants(split, memberOrder);
  const next = current.includes(memberId) ? current.filter((id) => id !== memberId) : [...current, memberId];
  return { method: 'members', memberIds: [...new Set(memberOrder)].filter((id) => next.includes(id)) };
}

/** Two splits typed alike: the same method and values (the order of ids and keys aside). */
export function sameItemSplit(a: ItemSplit, b: ItemSplit): boolean {
  if (a.method !== b.method) return false;
  if (a.method === 'members' && b.method === 'members') {
    const left = new Set(a.memberIds);
    const right = new Set(b.memberIds);
    return left.size === right.size && [...right].every((id) => left.has(id));
  }
  const left = new Map(entries(a));
  const right = entries(b);
  return left.size === right.length && right.every(([id, value]) => left.get(id) === value);
}
