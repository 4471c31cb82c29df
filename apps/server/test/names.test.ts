import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './harness';
import { type Client, createGroup, expectError, type Group, json, signUp } from './helpers';

/**
 * Names others see (issue 31): control characters, bidi overrides and isolates and line breaks
 * are refused with 400 and the field, and so is a name with nothing visible in it; nothing is
 * written. The rule is the domain's displayNameSchema; this walks every REST door a name comes in by.
 */
const LYING_NAMES: Record<string, string> = {
  'a terminal escape': 'A\u0007\u001b[31mB',
  'a C1 control (CSI)': 'A\u009b31mB',
  'a right-to-left override': 'Mal\u202egnp.exe',
  'an isolate': '\u2066x\u2069',
  'a line break': 'A\nB',
  'a carriage return': 'A\rB',
  'a Unicode line separator': 'A\u2028B',
  'only zero-width spaces': '\u200b\u200b',
  'only a Hangul filler and a word joiner': '\u3164\u2060',
};

describe('names that lie', () => {
  const server = useServer();
  const app = () => server.app;
  let c: Client;
  let groupId: string;
  let me: string;
  let expenseId: string;

  beforeAll(async () => {
    ({ c } = await signUp(app, 'Honest'));
    const group = await createGroup(c, ['Pal']);
    groupId = group.id;
    me = group.meId;
    const created = await c.post(`/api/groups/${groupId}/expenses`, {
      name: 'Lunch',
      amount: 10,
      paidById: me,
    });
    expenseId = json<{ id: string }>(created).id;
  });

  async function state() {
    const group = json<Group>(await c.get(`/api/groups/${groupId}`));
    const expense = json<unknown>(await c.get(`/api/groups/expenses/${expenseId}`));
    const groups = json<Group[]>(await c.get('/api/groups')).map((g) => g.name);
    const me = json<unknown>(await c.get('/api/auth/me'));
    return { group, expense, groups, me };
  }

  /** Every door a name comes in by, with the field the 400 names. */
  const doors = (name: string) =>
    [
      [
        'POST',
        '/api/auth/register',
        { name, email: `x${Date.now()}@example.com`, password: 'long enough' },
        'name',
      ],
      ['PUT', '/api/auth/me', { name, username: 'honest_user' }, 'name'],
      ['POST', '/api/groups', { name, currency: 'EUR' }, 'name'],
      ['POST', '/api/groups', { name: 'Fine', users: [{ name }] }, 'users.0.name'],
      ['PUT', `/api/groups/${groupId}`, { name }, 'name'],
      ['POST', `/api/groups/${groupId}/members`, { name, isAdmin: false }, 'name'],
      ['POST', `/api/groups/${groupId}/expenses`, { name, amount: 5, paidById: me }, 'name'],
      ['PUT', `/api/groups/expenses/${expenseId}`, { name, amount: 5, paidById: me }, 'name'],
      [
        'PUT',
        `/api/groups/expenses/${expenseId}`,
        {
          name: 'Receipt',
          amount: 5,
          paidById: me,
          items: [{ name, number: 1, amount: 5, splitMethod: 'members', splitJson: JSON.stringify([me]) }],
        },
        'items.0.name',
      ],
    ] as const;

  for (const [kind, name] of Object.entries(LYING_NAMES)) {
    it(`refuses ${kind} in every name with 400 and the field, writing nothing`, async () => {
      const before = await state();
      for (const [method, url, body, field] of doors(name)) {
        const res = method === 'POST' ? await c.post(url, body) : await c.put(url, body);
        expectError(res, 400, 'VALIDATION_ERROR', field);
      }
      expect(await state()).toEqual(before);
    });
  }

  it('refuses control characters and direction marks in notes, keeping their line breaks', async () => {
    for (const notes of ['A\u001b[2JB', 'paid \u202eevil', 'x\u0000y']) {
      const res = await c.put(`/api/groups/expenses/${expenseId}`, {
        name: 'Lunch',
        amount: 10,
        paidById: me,
        notes,
      });
      expectError(res, 400, 'VALIDATION_ERROR', 'notes');
    }
    const ok = await c.put(`/api/groups/expenses/${expenseId}`, {
      name: 'Lunch',
      amount: 10,
      paidById: me,
      notes: 'line one\nline two\ttabbed',
    });
    expect(ok.status).toBe(200);
  });

  it('still takes names in any script, with emoji, joiners inside words and accents', async () => {
    for (const name of ['Анна-Мария', 'محمد', 'שלום', '李小龍', 'Zoë 👩‍👩‍👧', 'Jean\u00a0Luc', 'नमस्ते']) {
      const res = await c.post(`/api/groups/${groupId}/members`, { name, isAdmin: false });
      expect([name, res.status]).toEqual([name, 201]);
    }
  });
});
