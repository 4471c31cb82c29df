import { describe, expect, it } from 'vitest';
import { signUp, useTestDatabase } from './harness';

describe('harness', () => {
  const db = useTestDatabase();
  it('signs up and creates a group', async () => {
    const { call } = await signUp(db.current.db, 'Alice');
    const { id } = await (await call()).groups.create({
      name: 'Trip',
      currency: 'EUR',
      users: [{ name: 'Bob' }],
    });
    const groups = await (await call()).groups.list();
    expect(groups.map((g) => g.id)).toEqual([id]);
    expect(groups[0]?.users.map((u) => u.name)).toEqual(['Alice', 'Bob']);
  });
});
