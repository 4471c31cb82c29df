import { readSplitwiseCsv } from '@dolya/interchange';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './harness';
import { balancesOf, type Client, createGroup, expectError, signUp, toCents } from './helpers';

describe('GET /api/groups/{id}/export', () => {
  const server = useServer();
  const app = () => server.app;
  let c: Client;
  let outsider: Client;
  let groupId: string;
  let me: string;
  let bob: string;
  let cat: string;

  beforeAll(async () => {
    ({ c } = await signUp(app, 'Olya'));
    ({ c: outsider } = await signUp(app, 'Eve'));
    const g = await createGroup(c, ['Bob', '=Cat'], 'Поездка в Ереван', 'RUB');
    groupId = g.id;
    me = g.meId;
    bob = g.seat('Bob');
    cat = g.seat('=Cat');
    const post = async (body: Record<string, unknown>) =>
      expect((await c.post(`/api/groups/${groupId}/expenses`, body)).status).toBe(201);
    await post({ name: 'Dinner', amount: 1000, paidById: me, participants: [me, bob, cat], notes: 'tasty' });
    await post({
      name: '+Taxi',
      amount: '100.01',
      payers: { [me]: 40, [bob]: '60.01' },
      participants: [me, bob, cat],
    });
    await post({
      name: 'Museum',
      paidById: bob,
      participants: [bob, cat],
      originalAmount: '45.00',
      originalCurrency: 'EUR',
      exchangeRate: '93.7500',
    });
    await post({ amount: 250, settlement: true, settlementFromId: cat, splits: { [me]: 250 } });
  });

  it('CSV: Splitwise layout with a BOM, a download name, and the balances to the cent', async () => {
    const res = await c.get(`/api/groups/${groupId}/export?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="dolya-_+-_-_+-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(
      /^dolya-Поездка-в-Ереван-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = res.raw.body;
    expect(
      text.startsWith("\uFEFFDate,Description,Category,Cost,Currency,Olya,Bob,'=Cat,Original cost"),
    ).toBe(true);
    expect(text).toContain("'+Taxi");
    expect(text).toContain(',Payment,250.00,RUB,-250.00,0.00,250.00,,,');
    expect(text).toContain(',4218.75,RUB,0.00,2109.37,-2109.37,45.00,EUR,93.7500');

    const file = readSplitwiseCsv(text);
    expect(file.problems).toEqual([]);
    const balances = await balancesOf(c, groupId);
    const seats = [me, bob, cat];
    const fromFile = Object.fromEntries(
      file.people.map((person, index) => [seats[index], file.totals[0]?.nets[person.key] ?? 0]),
    );
    expect(Object.keys(fromFile)).toHaveLength(3);
    for (const member of balances.members) expect(fromFile[member.memberId]).toBe(toCents(member.net));
  });

  it('JSON: members, expenses with payers, splits, originals, notes, settlements and the log', async () => {
    const res = await c.get(`/api/groups/${groupId}/export?format=json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/\.json"; filename\*=/);
    const doc = res.body as Record<string, unknown>;
    expect(doc).toMatchObject({
      format: 'dolya-group',
      version: 1,
      group: { id: groupId, name: 'Поездка в Ереван', currency: 'RUB' },
      members: [
        { id: me, name: 'Olya', isAdmin: true, hasAccount: true },
        { id: bob, name: 'Bob', hasAccount: false },
        { id: cat, name: '=Cat' },
      ],
      settlements: [{ fromMemberId: cat, toMemberId: me, amountCents: 25000 }],
    });
    const expenses = doc.expenses as {
      name: string;
      notes: string | null;
      payers: unknown;
      original: unknown;
    }[];
    expect(expenses.map((e) => e.name)).toEqual(['Dinner', '+Taxi', 'Museum']);
    expect(expenses[0]?.notes).toBe('tasty');
    expect(expenses[1]?.payers).toEqual([
      { memberId: me, amountCents: 4000 },
      { memberId: bob, amountCents: 6001 },
    ]);
    expect(expenses[2]?.original).toMatchObject({ currency: 'EUR', amountCents: 4500, rate: '93.7500' });
    expect((doc.log as unknown[]).length).toBeGreaterThan(0);
  });

  it('outsiders get the not-found answer, a bad or missing format a 400', async () => {
    expectError(await outsider.get(`/api/groups/${groupId}/export?format=csv`), 404, 'GROUP_NOT_FOUND');
    expectError(await c.get(`/api/groups/${groupId}/export?format=xlsx`), 400, 'VALIDATION_ERROR', 'format');
    expectError(await c.get(`/api/groups/${groupId}/export`), 400, 'VALIDATION_ERROR', 'format');
  });
});
