/**
 * The group page's own calls (group, balances, first page of expenses, a new expense) over tRPC as
 * the web app makes them and over the REST facade as a client of the spec would, and the mix of
 * the load benchmarks: bench:load on one server, bench:scale behind a load balancer.
 */
import { randomUUID } from 'node:crypto';
import type { BigGroup } from './big-group';
import { BROWSER_ENCODINGS, type Call } from './load';

/** The first page of expenses: the page size the web app asks for. */
export const PAGE = 50;

export type Api = 'trpc' | 'rest';
export type Calls = Record<'group' | 'balances' | 'expenses' | 'write', () => Call>;

/** The REST facade's calls, as a client of the spec would make them (?limit=50 for the first page). */
function restCalls(baseUrl: string, cookie: string, group: BigGroup): Calls {
  const headers = { cookie, 'accept-encoding': BROWSER_ENCODINGS };
  const base = `/api/groups/${group.groupId}`;
  let written = 0;
  return {
    group: (): Call => ({ kind: 'group', method: 'GET', path: base, headers, expect: 200 }),
    balances: (): Call => ({
      kind: 'balances',
      method: 'GET',
      path: `${base}/balances`,
      headers,
      expect: 200,
    }),
    expenses: (): Call => ({
      kind: 'expenses',
      method: 'GET',
      path: `${base}/expenses?limit=${PAGE}`,
      headers,
      expect: 200,
    }),
    write: (): Call => {
      const n = written++;
      const ids = group.memberIds;
      const participants = [0, 1, 2, 3].map((k) => ids[(n * 7 + k * 13) % ids.length]!);
      return {
        kind: 'write',
        method: 'POST',
        path: `${base}/expenses`,
        headers: {
          ...headers,
          origin: baseUrl,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          name: `Load ${n}`,
          amount: `${10 + (n % 90)}.${String(n % 100).padStart(2, '0')}`,
          paidById: participants[0],
          participants,
          splitMethod: 'shares',
        }),
        expect: 201,
      };
    },
  };
}

/** The web app's own tRPC calls on the group page (in cents; the first page is 50 rows). */
function trpcCalls(baseUrl: string, cookie: string, group: BigGroup): Calls {
  const headers = { cookie, 'accept-encoding': BROWSER_ENCODINGS };
  const query = (kind: string, procedure: string, input: unknown): Call => ({
    kind,
    method: 'GET',
    path: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers,
    expect: 200,
  });
  const groupId = group.groupId;
  let written = 0;
  return {
    group: () => query('group', 'groups.get', { groupId }),
    balances: () => query('balances', 'balances.get', { groupId }),
    expenses: () => query('expenses', 'expenses.list', { groupId }),
    write: () => {
      const n = written++;
      const ids = group.memberIds;
      const participants = [0, 1, 2, 3].map((k) => ids[(n * 7 + k * 13) % ids.length]!);
      return {
        kind: 'write',
        method: 'POST',
        path: '/trpc/expenses.create',
        headers: { ...headers, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({
          groupId,
          idempotencyKey: randomUUID(),
          name: `Load ${n}`,
          amountCents: 1000 + (n % 9000),
          paidById: participants[0],
          participants,
          splitMethod: 'shares',
        }),
        expect: 200,
      };
    },
  };
}

export const API_CALLS = { trpc: trpcCalls, rest: restCalls } as const;
export const APIS = (process.env.BENCH_API ?? 'trpc,rest')
  .split(',')
  .filter((api): api is Api => api in API_CALLS);

/** The share of each kind in the open-loop mix: 2 group, 2 balances, 4 expenses, 2 writes of 10. */
export const MIX = [
  'group',
  'expenses',
  'balances',
  'write',
  'expenses',
  'group',
  'expenses',
  'balances',
  'write',
  'expenses',
] as const;

/** The big group's owner signed in through the API: the session cookie ("dolya_session=…"). */
export async function signIn(baseUrl: string, group: Pick<BigGroup, 'email' | 'password'>): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: group.email, password: group.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dolya_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}
