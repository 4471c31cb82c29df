import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './harness';
import { balancesOf, type Client, expectError, json, signUp, type User } from './helpers';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/interchange/test/fixtures/${name}`, import.meta.url), 'utf8');

interface Preview {
  people: { key: string; name: string; balances: { currency: string; amount: number }[] }[];
  currencies: { currency: string; foreign: boolean; needsRate: boolean }[];
  problems: { line: number; code: string }[];
  expenseCount: number;
  settlementCount: number;
}

describe('REST POST /api/groups/import', () => {
  const server = useServer();
  const app = () => server.app;
  let ann: { c: Client; user: User };
  let bob: { c: Client; user: User };

  beforeAll(async () => {
    ann = await signUp(app, 'Ann');
    bob = await signUp(app, 'Bob');
  });

  it('answers the preview with dryRun, amounts as decimals, and the broken line with its number', async () => {
    const res = await ann.c.post('/api/groups/import', {
      format: 'splitwise-csv',
      content: fixture('splitwise-broken-line-en.csv'),
      dryRun: true,
    });
    expect(res.status).toBe(200);
    const preview = json<Preview>(res);
    expect(preview.people.map((p) => p.name)).toEqual(['Anna', 'Boris', 'Chloé']);
    expect(preview.people[0]!.balances).toEqual([{ currency: 'EUR', amount: 12 }]);
    expect(preview.problems).toEqual([expect.objectContaining({ line: 4, code: 'BAD_AMOUNT' })]);
    expect(preview).toMatchObject({ expenseCount: 1, settlementCount: 1 });
  });

  it('imports into a new group whose balances are the file’s totals, and refuses the same file again', async () => {
    const content = fixture('splitwise-lisbon-en.csv');
    const res = await ann.c.post('/api/groups/import', {
      format: 'splitwise-csv',
      content,
      name: 'Lisbon',
      rates: { USD: 1 },
    });
    expect(res.status).toBe(200);
    const result = json<{ groupId: string; expenses: number; settlements: number }>(res);
    expect(result).toMatchObject({ expenses: 8, settlements: 2 });
    const balances = await balancesOf(ann.c, result.groupId);
    const net = (name: string) => balances.members.find((m) => m.name === name)?.net;
    // EUR and USD "Total balance" rows of the file, added at the rate 1.
    expect(net('Anna Petrova')).toBe(-104.15);
    expect(net('Boris K.')).toBe(250.55);
    expect(net('Chloé Martin')).toBe(40.75);
    expect(net('Dmitri')).toBe(-187.15);

    const again = await ann.c.post('/api/groups/import', {
      format: 'splitwise-csv',
      content,
      groupId: result.groupId,
      rates: { USD: 1 },
    });
    expectError(again, 409, 'IMPORT_ALREADY_DONE', 'content');
  });

  it('400 naming the line for a file that cannot be read, RATE_REQUIRED listing currencies', async () => {
    const bad = await ann.c.post('/api/groups/import', {
      format: 'splitwise-csv',
      content: 'Date;Description\n2026-01-01;x\n',
    });
    expectError(bad, 400, 'IMPORT_INVALID_FILE', 'content');
    expect(json<{ message: string }>(bad).message).toMatch(/^Line 1: /);
    const noRate = await ann.c.post('/api/groups/import', {
      format: 'splitwise-csv',
      content: fixture('splitwise-lisbon-en.csv'),
      currency: 'EUR',
    });
    expectError(noRate, 400, 'RATE_REQUIRED', 'rates');
    expect(json<{ message: string }>(noRate).message).toContain('USD');
  });

  it('makes seats claimable through an invite; a member who is not an admin is refused (403), an outsider 404', async () => {
    const imported = await ann.c.post('/api/groups/import', {
      format: 'splitwise-csv',
      content: fixture('splitwise-ru.csv'),
    });
    const { groupId } = json<{ groupId: string }>(imported);
    const group = json<{ users: { memberId: string; name: string }[] }>(
      await ann.c.get(`/api/groups/${groupId}`),
    );
    const boris = group.users.find((u) => u.name === 'Борис')!.memberId;
    const invite = json<{ token: string }>(await ann.c.post(`/api/invites/group/${groupId}`));
    expect((await bob.c.post(`/api/invites/${invite.token}/claim/${boris}`)).status).toBe(200);
    const balances = await balancesOf(bob.c, groupId);
    expect(balances.members.find((m) => m.memberId === boris)?.net).not.toBe(0);

    const other = fixture('splitwise-de.csv');
    expectError(
      await bob.c.post('/api/groups/import', { format: 'splitwise-csv', content: other, groupId }),
      403,
      'FORBIDDEN',
    );
    const olga = await signUp(app, 'Olga');
    expectError(
      await olga.c.post('/api/groups/import', {
        format: 'splitwise-csv',
        content: other,
        groupId,
        dryRun: true,
      }),
      404,
      'GROUP_NOT_FOUND',
    );
  });
});
