import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * One row of a group-owned table by its primary key, (group_id, id). Group rows are always found
 * with their group: a lookup by id alone has no index (and would cross shards; SCALING.md).
 */
export function rowOf(
  table: { groupId: PgColumn; id: PgColumn },
  groupId: string | PgColumn,
  id: string,
): SQL {
  return and(eq(table.groupId, groupId), eq(table.id, id)) as SQL;
}
