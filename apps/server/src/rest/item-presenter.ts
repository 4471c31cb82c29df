/**
 * Receipt items at the REST edge (part of the presenter, the one place money changes form): the
 * spec's `splitMethod` + `splitJson` text, with decimal amounts, to and from the contract's typed
 * split in cents; and the snapshot, JSON text of such items, to and from the typed list.
 */
import { AppError } from '@dolya/api';
import {
  type Cents,
  centsToDecimal,
  type ItemSplit,
  type ItemSplitMethod,
  parseAmount,
  SNAPSHOT_MAX_ITEMS,
  type SnapshotItem,
} from '@dolya/domain';
import { z } from 'zod';
import { type RestItemSplit, restSnapshotItemSchema } from './schemas';

function invalid(field: string, message: string): never {
  throw new AppError('VALIDATION_ERROR', `${field}: ${message}`, field);
}

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return invalid(field, 'not valid JSON');
  }
}

const memberList = z.array(z.string());
const numberMap = z.record(z.string(), z.number());
const amountMap = z.record(z.string(), z.union([z.number(), z.string()]));

/** `splitJson` read for its method: a member id list for members, else a map of member id to number. */
export function itemSplitFromRest(method: ItemSplitMethod, splitJson: string, field: string): ItemSplit {
  const textField = `${field}.splitJson`;
  const parsed = parseJson(splitJson, textField);
  const read = <T>(schema: z.ZodType<T>): T => {
    const result = schema.safeParse(parsed);
    if (result.success) return result.data;
    return invalid(
      textField,
      method === 'members'
        ? 'a list of member ids for "members"'
        : `a map of member id to ${method === 'amounts' ? 'amount' : 'number'}`,
    );
  };
  switch (method) {
    case 'members':
      return { method, memberIds: read(memberList) };
    case 'amounts': {
      const cents: Record<string, Cents> = {};
      for (const [id, amount] of Object.entries(read(amountMap))) {
        cents[id] = parseAmount(amount, { min: 'nonNegative', field: `${textField}.${id}` });
      }
      return { method, cents };
    }
    case 'shares':
      return { method, shares: read(numberMap) };
    case 'percentages':
      return { method, percents: read(numberMap) };
  }
}

/** The typed split as the spec's method and JSON text, amounts as decimals. */
export function itemSplitToRest(split: ItemSplit): RestItemSplit {
  switch (split.method) {
    case 'members':
      return { splitMethod: 'members', splitJson: JSON.stringify(split.memberIds) };
    case 'amounts':
      return {
        splitMethod: 'amounts',
        splitJson: JSON.stringify(
          Object.fromEntries(Object.entries(split.cents).map(([id, cents]) => [id, centsToDecimal(cents)])),
        ),
      };
    case 'shares':
      return { splitMethod: 'shares', splitJson: JSON.stringify(split.shares) };
    case 'percentages':
      return { splitMethod: 'percentages', splitJson: JSON.stringify(split.percents) };
  }
}

/** The snapshot as REST sends it: JSON text of items (name, number, amount, splitMethod, splitJson). */
export function snapshotFromRest(text: string | null | undefined): SnapshotItem[] | null | undefined {
  if (text == null) return text;
  const result = z
    .array(restSnapshotItemSchema)
    .max(SNAPSHOT_MAX_ITEMS)
    .safeParse(parseJson(text, 'snapshot'));
  if (!result.success) {
    return invalid('snapshot', 'JSON text of a list of items {name, number, amount, splitMethod, splitJson}');
  }
  return result.data.map(({ amount, splitMethod, splitJson, number, ...rest }, index) => ({
    ...rest,
    number: number ?? 1,
    amountCents: parseAmount(amount, { min: 'any', field: `snapshot.${index}.amount` }),
    split: itemSplitFromRest(splitMethod, splitJson, `snapshot.${index}`),
  }));
}

export function snapshotToRest(snapshot: readonly SnapshotItem[] | null): string | null {
  if (snapshot === null) return null;
  return JSON.stringify(
    snapshot.map(({ name, number, amountCents, split }) => ({
      name,
      number,
      amount: centsToDecimal(amountCents),
      ...itemSplitToRest(split),
    })),
  );
}
