import { randomUUID } from 'node:crypto';
import { parseAmount } from '@dolya/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type {
  RestBalances as Balances,
  RestCategory as Category,
  RestExpense as Expense,
  RestGroup as Group,
  RestGroupMember as GroupMember,
  RestListedExpense as ListedExpense,
  RestLogEntry as LogEntry,
  RestUser as User,
} from '../src/rest/schemas';
import { client } from './harness';

export type Client = ReturnType<typeof client>;
export type Response = Awaited<ReturnType<Client['get']>>;

export interface ApiError {
  code: string;
  message: string;
  field?: string;
  /** The request's id, as in its x-request-id header and its log lines. */
  requestId: string;
}

export type { Balances, Category, Expense, Group, GroupMember, ListedExpense, LogEntry, User };

/** The parsed JSON body, typed as the caller expects it (the assertions check the shape). */
export function json<T>(res: Response): T {
  return res.body as T;
}

/**
 * An error answer: exact status, exact code, a readable message, the field only when expected, and
 * the request's id (the x-request-id it was answered with).
 */
export function expectError(res: Response, status: number, code: string, field?: string) {
  expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { code } });
  const body = json<ApiError>(res);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (field === undefined) expect(body).not.toHaveProperty('field');
  else expect(body.field).toBe(field);
  expect(body.requestId).toBe(res.headers['x-request-id']);
  expect(Object.keys(body).sort()).toEqual(
    field === undefined ? ['code', 'message', 'requestId'] : ['code', 'field', 'message', 'requestId'],
  );
}

/**
 * A body without its request ids (REST's top-level one, tRPC's in each error's data, a batch's in
 * each answer), to compare two answers that differ only by request.
 */
export function withoutRequestId(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutRequestId);
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key !== 'requestId')
      .map(([key, value]) => [key, withoutRequestId(value)]),
  );
}

export const PASSWORD = 'correct horse';

/** A fresh account signed in on its own cookie jar. */
export async function signUp(app: () => FastifyInstance, name = 'Ann', extra: Record<string, string> = {}) {
  const c = client(app);
  const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const res = await c.post('/api/auth/register', { name, email, password: PASSWORD, ...extra });
  expect(res.status).toBe(201);
  return { c, user: json<User>(res), email };
}

/** Creates a group with the caller as admin plus seats without accounts; returns the group as read back. */
export async function createGroup(c: Client, seats: string[] = [], name = 'Trip', currency = 'EUR') {
  const me = json<User>(await c.get('/api/auth/me'));
  const res = await c.post('/api/groups', {
    name,
    currency,
    users: [
      { id: me.id, name: me.name, email: me.email, isCurrentUser: true, isAdmin: true, share: 1 },
      ...seats.map((seat) => ({
        id: null,
        name: seat,
        email: null,
        isCurrentUser: false,
        isAdmin: false,
        share: 1,
      })),
    ],
  });
  expect(res.status).toBe(201);
  const { id } = json<{ id: string }>(res);
  const got = await c.get(`/api/groups/${id}`);
  expect(got.status).toBe(200);
  const group = json<Group>(got);
  const seat = (seatName: string) => {
    const found = group.users.find((u) => u.name === seatName);
    if (!found) throw new Error(`no seat ${seatName}`);
    return found.memberId;
  };
  const mine = group.users.find((u) => u.isCurrentUser);
  if (!mine) throw new Error('the creator has no seat');
  return { id, group, meId: mine.memberId, seat };
}

export async function balancesOf(c: Client, groupId: string): Promise<Balances> {
  const res = await c.get(`/api/groups/${groupId}/balances`);
  expect(res.status).toBe(200);
  return json<Balances>(res);
}

/** The whole list, as the spec's clients read it: rows without their snapshot. */
export async function expensesOf(c: Client, groupId: string): Promise<ListedExpense[]> {
  const res = await c.get(`/api/groups/${groupId}/expenses`);
  expect(res.status).toBe(200);
  return json<ListedExpense[]>(res);
}

/** One expense in full, snapshot included. */
export async function expenseOf(c: Client, expenseId: string): Promise<Expense> {
  const res = await c.get(`/api/groups/expenses/${expenseId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return json<Expense>(res);
}

/** A decimal amount from the API as exact cents; refuses anything with more than 2 decimals. */
export function toCents(value: number): number {
  return parseAmount(value, { min: 'any' });
}

/** Sum of decimal amounts done in cents, so a float drift cannot hide a wrong cent. */
export function sumCents(values: number[]): number {
  return values.reduce((sum, v) => sum + toCents(v), 0);
}

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
