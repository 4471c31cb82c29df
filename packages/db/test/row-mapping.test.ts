import * as drizzleUtils from 'drizzle-orm/utils';
import { describe, expect, it } from 'vitest';
import { groupMembers, groups, users } from '../src/schema';

/** drizzle's own row mapper, which its types leave out. */
const { mapResultRow } = drizzleUtils as unknown as {
  mapResultRow(
    columns: { path: string[]; field: unknown }[],
    row: unknown[],
    joinsNotNullableMap: Record<string, boolean> | undefined,
  ): Record<string, unknown>;
};

/**
 * patches/drizzle-orm+0.45.4.patch: drizzle works out what decodes each column once per query's
 * column list, not once per cell. The column list below counts how often its fields are looked at.
 */
function countingColumns() {
  let reads = 0;
  const plain = [
    { path: ['id'], field: users.id },
    { path: ['createdAt'], field: users.createdAt },
    { path: ['member', 'name'], field: groupMembers.name },
    { path: ['group', 'deletedAt'], field: groups.deletedAt },
  ];
  const columns = plain.map((column) => ({
    path: column.path,
    get field() {
      reads++;
      return column.field;
    },
  }));
  return { columns, reads: () => reads };
}

describe("drizzle's row mapping (patched)", () => {
  it('decodes rows as before: values by path, timestamps as dates, a left-joined table of nulls as null', () => {
    const { columns } = countingColumns();
    const joins = { users: true, group_members: true, groups: false };
    expect(mapResultRow(columns, ['u1', '2026-11-27 10:00:00+00', 'Аня', null], joins)).toEqual({
      id: 'u1',
      createdAt: new Date('2026-11-27T10:00:00Z'),
      member: { name: 'Аня' },
      group: null,
    });
    const deleted = mapResultRow(columns, ['u2', null, 'Боря', '2026-11-01 00:00:00+00'], joins);
    expect(deleted).toEqual({
      id: 'u2',
      createdAt: null,
      member: { name: 'Боря' },
      group: { deletedAt: new Date('2026-11-01T00:00:00Z') },
    });
  });

  it('looks at each column once for a whole result, not once per row', () => {
    const { columns, reads } = countingColumns();
    for (let row = 0; row < 50; row++) mapResultRow(columns, [`u${row}`, null, 'Аня', null], undefined);
    expect(reads()).toBe(columns.length);
  });
});
