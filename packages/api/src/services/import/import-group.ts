import { randomUUID } from 'node:crypto';
import {
  type Database,
  expensePayers,
  expenseSplits,
  expenses,
  groupImports,
  groupMembers,
  groups,
} from '@dolya/db';
import type { ImportFormat } from '@dolya/interchange';
import { and, eq } from 'drizzle-orm';
import type { ApiConfig } from '../../context';
import { AppError } from '../../errors';
import { type MemberRow, requireAdmin } from '../access';
import { groupSeats } from '../expense-queries';
import { resolveExpense } from '../expense-rules';
import { writeLog } from '../logs';
import { addExpense, applyTotalsDelta, type TotalsDelta } from '../member-totals';
import { nextPosition } from '../members';
import type { ImportGroupInput } from './input';
import { mapPeople } from './mapping';
import { expenseRow, type ImportedRow, settlementRow } from './plan-rows';
import { ratesRequired, resolveImportRates } from './rates';
import { importCurrency, type ReadFile, readImportFile, seatName } from './read';

export const FORMAT_NAMES: Record<ImportFormat, string> = {
  'splitwise-csv': 'Splitwise',
  'spliit-csv': 'Spliit',
  'spliit-json': 'Spliit',
};

export interface ImportResult {
  groupId: string;
  expenses: number;
  settlements: number;
  /** Lines of the file left out: unreadable rows, and rows that change no balance. */
  skippedLines: number[];
}

interface Importer {
  id: string;
  name: string;
}

/**
 * Writes a file into a new group, or into an existing one (its admins), in one transaction: the
 * people as seats (mapped, or new seats without an account, claimable like any), the expenses and
 * settlements whose balances are the file's, one log line, and the file's hash, so the same file
 * twice into one group is IMPORT_ALREADY_DONE. Rates are had before the transaction (the provider
 * is a network call); a currency without one is RATE_REQUIRED listing them all.
 */
export async function importIntoGroup(
  db: Database,
  config: ApiConfig,
  user: Importer,
  input: ImportGroupInput,
): Promise<ImportResult> {
  const read = readImportFile(input);
  const target = input.groupId ? await requireAdmin(db, input.groupId, user.id) : undefined;
  const currency = importCurrency(target?.group.currency, input.currency, read.preview);
  const { plan } = read.preview;
  const rates = await resolveImportRates(
    db,
    config,
    currency,
    [...plan.expenses, ...plan.settlements],
    input.rates,
  );
  if (rates.missing.length > 0) throw ratesRequired(rates.missing, currency);

  return db.transaction(async (tx) => {
    const { groupId, me } = input.groupId
      ? { groupId: input.groupId, me: (await requireAdmin(tx, input.groupId, user.id)).member }
      : await newGroup(tx, user, input.name || read.file.groupName || defaultName(input.format), currency);
    await claimHash(tx, groupId, read, me.id);

    const seats = await seatPeople(tx, groupId, read, input.memberMap, me);
    const seatOf = (key: string) => seats.byKey.get(key)!;
    const rows: ImportedRow[] = [];
    const skippedLines = new Set([...read.preview.skippedLines, ...read.file.problems.map((p) => p.line)]);
    for (const expense of plan.expenses) {
      const row = expenseRow(expense, seatOf, currency, rates);
      if (row) rows.push(row);
      else skippedLines.add(expense.line);
    }
    const expenseCount = rows.length;
    for (const settlement of plan.settlements) {
      const row = settlementRow(settlement, seatOf, currency, rates);
      if (row) rows.push(row);
      else skippedLines.add(settlement.line);
    }
    await writeRows(tx, groupId, currency, me.id, seats.all, rows);

    const settlementCount = rows.length - expenseCount;
    await tx
      .update(groupImports)
      .set({ expenseCount, settlementCount })
      .where(and(eq(groupImports.groupId, groupId), eq(groupImports.contentHash, read.contentHash)));
    const source = FORMAT_NAMES[input.format];
    await writeLog(tx, {
      groupId,
      actorMemberId: me.id,
      action: 'GROUP_IMPORTED',
      message: `${me.name} imported ${expenseCount} expenses and ${settlementCount} settlements from ${source}`,
      details: { format: input.format, source, expenseCount, settlementCount },
    });
    return {
      groupId,
      expenses: expenseCount,
      settlements: settlementCount,
      skippedLines: [...skippedLines].filter((line) => line > 0).sort((a, b) => a - b),
    };
  });
}

function defaultName(format: ImportFormat): string {
  return `${FORMAT_NAMES[format]} ${new Date().toISOString().slice(0, 10)}`;
}

async function newGroup(tx: Database, user: Importer, name: string, currency: string) {
  const [group] = await tx
    .insert(groups)
    .values({ name: seatName(name, 'Import'), currency, createdByUserId: user.id })
    .returning({ id: groups.id });
  const groupId = group!.id;
  const [me] = await tx
    .insert(groupMembers)
    .values({ groupId, userId: user.id, name: user.name, isAdmin: true, share: 1, position: 0 })
    .returning();
  await writeLog(tx, {
    groupId,
    actorMemberId: me!.id,
    action: 'GROUP_CREATED',
    message: `${user.name} created the group "${name}"`,
    details: { name, currency },
  });
  return { groupId, me: me! };
}

/** Records the file for the group; a second import of it waits for the first and is refused. */
async function claimHash(tx: Database, groupId: string, read: ReadFile, memberId: string) {
  const claimed = await tx
    .insert(groupImports)
    .values({
      groupId,
      contentHash: read.contentHash,
      format: read.file.format,
      expenseCount: 0,
      settlementCount: 0,
      importedByMemberId: memberId,
    })
    .onConflictDoNothing()
    .returning({ groupId: groupImports.groupId });
  if (claimed.length === 0) {
    throw new AppError('IMPORT_ALREADY_DONE', 'This file was already imported into this group', 'content');
  }
}

/** The seat of each person: mapped, or a new seat without an account after the group's last. */
async function seatPeople(
  tx: Database,
  groupId: string,
  read: ReadFile,
  memberMap: ImportGroupInput['memberMap'],
  me: MemberRow,
) {
  const existing = await groupSeats(tx, groupId);
  const targets = mapPeople(read.file.people, memberMap, existing, me.id);
  const byKey = new Map<string, string>();
  const fresh = read.file.people.filter((p) => 'new' in targets.get(p.key)!);
  let position = fresh.length > 0 ? await nextPosition(tx, groupId) : 0;
  const added = fresh.length
    ? await tx
        .insert(groupMembers)
        .values(
          fresh.map((person) => ({
            groupId,
            userId: null,
            name: seatName(person.name, person.key),
            isAdmin: false,
            share: 1,
            position: position++,
          })),
        )
        .returning()
    : [];
  for (const [index, person] of fresh.entries()) byKey.set(person.key, added[index]!.id);
  for (const [key, target] of targets) if ('seat' in target) byKey.set(key, target.seat);
  return { byKey, all: [...existing, ...added] };
}

const CHUNK = 500;

/**
 * Checks each row by the rules of every expense (resolveExpense) and writes them in a few
 * multi-row inserts, with one change of the member totals for all.
 */
async function writeRows(
  tx: Database,
  groupId: string,
  currency: string,
  createdBy: string,
  seats: MemberRow[],
  rows: readonly ImportedRow[],
) {
  const delta: TotalsDelta = new Map();
  const expenseValues: (typeof expenses.$inferInsert)[] = [];
  const payerValues: (typeof expensePayers.$inferInsert)[] = [];
  const splitValues: (typeof expenseSplits.$inferInsert)[] = [];
  for (const { line, input } of rows) {
    let resolved: ReturnType<typeof resolveExpense>;
    try {
      resolved = resolveExpense(input, seats, new Set(), currency);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new AppError('IMPORT_INVALID_FILE', `Line ${line}: ${message}`, 'content');
    }
    const id = randomUUID();
    expenseValues.push({
      id,
      groupId,
      name: resolved.name,
      amountCents: resolved.amountCents,
      paidByMemberId: resolved.payerId,
      date: new Date(input.date!),
      notes: input.notes || null,
      // One of the default categories (plan-rows.ts: dolyaCategory), or none.
      categoryId: typeof input.category === 'string' ? input.category : null,
      isSettlement: resolved.isSettlement,
      settlementFromId: resolved.settlementFromId,
      settlementToId: resolved.settlementToId,
      createdByMemberId: createdBy,
      splitMethod: resolved.splitMethod,
      originalCurrency: resolved.original?.currency ?? null,
      originalAmountCents: resolved.original?.amountCents ?? null,
      exchangeRate: resolved.original?.rate ?? null,
      rateDate: resolved.original?.rateDate ?? null,
      rateSource: resolved.original?.rateSource ?? null,
    });
    const splits = Object.entries(resolved.splits).map(([memberId, amountCents]) => ({
      memberId,
      amountCents,
    }));
    for (const payer of resolved.payers) payerValues.push({ ...payer, expenseId: id, groupId });
    for (const split of splits) splitValues.push({ ...split, expenseId: id, groupId });
    addExpense(
      delta,
      {
        amountCents: resolved.amountCents,
        paidById: resolved.payerId,
        settlement: resolved.isSettlement,
        payers: resolved.payers,
        splits,
      },
      1,
    );
  }
  for (let i = 0; i < expenseValues.length; i += CHUNK)
    await tx.insert(expenses).values(expenseValues.slice(i, i + CHUNK));
  for (let i = 0; i < payerValues.length; i += CHUNK * 2)
    await tx.insert(expensePayers).values(payerValues.slice(i, i + CHUNK * 2));
  for (let i = 0; i < splitValues.length; i += CHUNK * 2)
    await tx.insert(expenseSplits).values(splitValues.slice(i, i + CHUNK * 2));
  await applyTotalsDelta(tx, groupId, delta);
}
