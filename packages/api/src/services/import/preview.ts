import { type Database, groupImports } from '@dolya/db';
import type { Cents } from '@dolya/domain';
import type { ImportPreview } from '@dolya/interchange';
import { and, eq } from 'drizzle-orm';
import type { ApiConfig } from '../../context';
import { requireAdmin } from '../access';
import { groupSeats } from '../expense-queries';
import type { ImportGroupInput } from './input';
import { suggestMapping } from './mapping';
import { resolveImportRates } from './rates';
import { importCurrency, readImportFile } from './read';

/** What the import would do, for the person to check and map before confirming; nothing is written. */
export interface ImportPreviewAnswer extends Omit<ImportPreview, 'plan' | 'people'> {
  /** The group's currency (an existing group's, else the one the new group would have). */
  groupCurrency: string;
  /** The file's people, each with the seat suggested for them (a member id, "me", or null: new seat). */
  people: {
    key: string;
    name: string;
    balances: { currency: string; cents: Cents }[];
    suggestedMemberId: string | null;
  }[];
  /** The group's seats people may be mapped to (an existing group; a new one has only "me"). */
  members: { id: string; name: string; isMe: boolean }[];
  /** Per currency of the rows: whether it is foreign, and whether it still needs a rate typed. */
  currencies: { currency: string; rows: number; foreign: boolean; needsRate: boolean }[];
  /** This file was imported into the group before: confirming would be refused. */
  alreadyImported: boolean;
}

export async function previewImportFor(
  db: Database,
  config: ApiConfig,
  user: { id: string; name: string; username?: string | null },
  input: ImportGroupInput,
): Promise<ImportPreviewAnswer> {
  const read = readImportFile(input);
  const target = input.groupId ? await requireAdmin(db, input.groupId, user.id) : undefined;
  const groupCurrency = importCurrency(target?.group.currency, input.currency, read.preview);
  const seats = target ? await groupSeats(db, target.group.id) : [];
  const suggested = suggestMapping(read.file.people, seats, {
    seatId: target?.member.id ?? null,
    names: [user.name, user.username ?? ''],
  });
  const { plan } = read.preview;
  const rates = await resolveImportRates(
    db,
    config,
    groupCurrency,
    [...plan.expenses, ...plan.settlements],
    input.rates,
    { probeOnly: true },
  );
  const [done] = target
    ? await db
        .select({ hash: groupImports.contentHash })
        .from(groupImports)
        .where(and(eq(groupImports.groupId, target.group.id), eq(groupImports.contentHash, read.contentHash)))
    : [];
  const { plan: _plan, people, currencies, ...rest } = read.preview;
  return {
    ...rest,
    groupCurrency,
    people: people.map((person) => ({ ...person, suggestedMemberId: suggested.get(person.key) ?? null })),
    members: seats
      .filter((s) => s.status !== 'REMOVED')
      .map((s) => ({ id: s.id, name: s.name, isMe: s.id === target?.member.id })),
    currencies: currencies.map((c) => ({
      ...c,
      foreign: c.currency !== groupCurrency,
      needsRate: rates.missing.includes(c.currency),
    })),
    alreadyImported: !!done,
  };
}
