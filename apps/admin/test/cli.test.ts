import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expensePayers, expenses, groupMembers, groups, users } from '@dolya/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, cli, useServer, webUser } from './server';

const server = useServer();
const env = () => ({ ADMIN_API_URL: server.url, ADMIN_API_TOKEN: ADMIN_TOKEN });
const admin = (...argv: string[]) => cli(argv, env());

interface Seeded {
  ann: Awaited<ReturnType<typeof webUser>>;
  groupId: string;
  seats: { ann: string; bob: string; carl: string };
  expenses: { dinner: string; formula: string; taxi: string };
}
let s: Seeded;

/**
 * Ann's group "Весна, "2024"" in RUB with Bob and "Carl, Jr." (seats without accounts): a 90.00
 * dinner in equal shares paid by Ann, 10.00 paid by Bob named like a spreadsheet formula, and a
 * 20.00 taxi of which only Bob's 5.00 is allocated (amounts mode). Nets: Ann +61.67, Bob -28.34,
 * Carl -33.33.
 */
beforeAll(async () => {
  const ann = await webUser(server.url, 'Ann Admin', 'ann_admin');
  const created = await ann.send('POST', '/api/groups', {
    name: 'Весна, "2024"',
    currency: 'RUB',
    users: [{ name: 'Bob' }, { name: 'Carl, Jr.' }],
  });
  const groupId = (created.body as { id: string }).id;
  const group = (await ann.send('GET', `/api/groups/${groupId}`)).body as {
    users: { memberId: string; name: string }[];
  };
  const [a, b, c] = group.users.map((u) => u.memberId) as [string, string, string];
  const post = async (expense: Record<string, unknown>) => {
    const res = await ann.send('POST', `/api/groups/${groupId}/expenses`, expense);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { id: string }).id;
  };
  const dinner = await post({
    name: 'Ужин, "ресторан"',
    amount: '90',
    paidById: a,
    date: '2024-05-01',
    splitMethod: 'shares',
    sharesInput: { [a]: 1, [b]: 1, [c]: 1 },
  });
  const formula = await post({
    name: '=SUM(A1)',
    amount: '10',
    paidById: b,
    date: '2024-05-02',
    notes: 'line one\nline two',
  });
  const taxi = await post({
    name: 'Taxi',
    amount: '20',
    paidById: a,
    date: '2024-05-03',
    splitMethod: 'amounts',
    splits: { [b]: '5' },
  });
  s = { ann, groupId, seats: { ann: a, bob: b, carl: c }, expenses: { dinner, formula, taxi } };
});

describe('stats', () => {
  it('prints counts for people, and the same as JSON', async () => {
    const human = await admin('stats');
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(human.stdout).toBe(
      [
        'accounts             1  (0 blocked)',
        'groups               1  (0 deleted)',
        'expenses             3',
        'settlements          0',
        'sign-ins, last 24 h  1  (1 account)',
      ].join('\n'),
    );
    expect(JSON.parse((await admin('stats', '--json')).stdout)).toEqual({
      users: 1,
      blockedUsers: 0,
      groups: 1,
      deletedGroups: 0,
      expenses: 3,
      settlements: 0,
      signIns24h: 1,
      signInAccounts24h: 1,
    });
  });
});

describe('group show', () => {
  it('prints members, balances and simplified debts', async () => {
    const shown = await admin('group', 'show', s.groupId);
    expect(shown.code).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(shown.stdout).toBe(
      [
        `Весна, "2024" · RUB · 3 members · created ${today}`,
        `id ${s.groupId}`,
        '',
        'members',
        '  Ann Admin  @ann_admin    admin  active  share 1',
        '  Bob        (no account)         active  share 1',
        '  Carl, Jr.  (no account)         active  share 1',
        '',
        'balances (RUB)',
        '               paid   owed  settled out  settled in     net',
        '  Ann Admin  110.00  48.33         0.00        0.00  +61.67',
        '  Bob         10.00  38.34         0.00        0.00  -28.34',
        '  Carl, Jr.    0.00  33.33         0.00        0.00  -33.33',
        '',
        'spent 120.00 RUB in 3 expenses, 0 settlements recorded',
        '',
        'debts (simplified)',
        '  Bob → Ann Admin        28.34 RUB',
        '  Carl, Jr. → Ann Admin  33.33 RUB',
      ].join('\n'),
    );
  });

  it('gives machines the same in integer cents', async () => {
    const shown = JSON.parse((await admin('group', 'show', s.groupId, '--json')).stdout);
    expect(shown.balances.map((b: { netCents: number }) => b.netCents)).toEqual([6167, -2834, -3333]);
    expect(shown.debts).toEqual([
      expect.objectContaining({ fromMemberId: s.seats.bob, toMemberId: s.seats.ann, amountCents: 2834 }),
      expect.objectContaining({ fromMemberId: s.seats.carl, toMemberId: s.seats.ann, amountCents: 3333 }),
    ]);
  });

  it('fails with exit 1 and the server’s reason for an unknown or malformed group id', async () => {
    const unknown = await admin('group', 'show', crypto.randomUUID());
    expect(unknown).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'error: Group not found (GROUP_NOT_FOUND)',
    });
    const malformed = await admin('group', 'show', 'not-an-id');
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/^error: groupId: .*\(VALIDATION_ERROR\)$/);
  });
});

describe('group export', () => {
  it('writes UTF-8 CSV with a BOM, a header row, CRLF lines and quoting that reads back exactly', async () => {
    const exported = await admin('group', 'export', s.groupId, '--format', 'csv');
    expect(exported.code).toBe(0);
    expect(exported.stdout.startsWith('\uFEFFDate,Expense,Category,Split method,')).toBe(true);
    expect(exported.stdout.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(exported.stdout.slice(1));
    expect(rows[0]).toEqual([
      'Date',
      'Expense',
      'Category',
      'Split method',
      'Settlement',
      'Paid by',
      'Amount',
      'Currency',
      'Member',
      'Member share',
      'Notes',
      'Expense ID',
      'Original amount',
      'Original currency',
      'Exchange rate',
    ]);
    const { dinner, formula, taxi } = s.expenses;
    // Issue 26: none of these was paid in another currency, so its three columns are empty.
    for (const row of rows.slice(1)) expect(row.slice(12)).toEqual(['', '', '']);
    expect(rows.slice(1).map((row) => row.slice(0, 12))).toEqual([
      [
        '2024-05-01',
        'Ужин, "ресторан"',
        '',
        'shares',
        'no',
        'Ann Admin',
        '90.00',
        'RUB',
        'Ann Admin',
        '30.00',
        '',
        dinner,
      ],
      [
        '2024-05-01',
        'Ужин, "ресторан"',
        '',
        'shares',
        'no',
        'Ann Admin',
        '90.00',
        'RUB',
        'Bob',
        '30.00',
        '',
        dinner,
      ],
      [
        '2024-05-01',
        'Ужин, "ресторан"',
        '',
        'shares',
        'no',
        'Ann Admin',
        '90.00',
        'RUB',
        'Carl, Jr.',
        '30.00',
        '',
        dinner,
      ],
      // A formula-like name is shown as text, not run by the spreadsheet.
      [
        '2024-05-02',
        "'=SUM(A1)",
        '',
        'shares',
        'no',
        'Bob',
        '10.00',
        'RUB',
        'Ann Admin',
        '3.33',
        'line one\nline two',
        formula,
      ],
      [
        '2024-05-02',
        "'=SUM(A1)",
        '',
        'shares',
        'no',
        'Bob',
        '10.00',
        'RUB',
        'Bob',
        '3.34',
        'line one\nline two',
        formula,
      ],
      [
        '2024-05-02',
        "'=SUM(A1)",
        '',
        'shares',
        'no',
        'Bob',
        '10.00',
        'RUB',
        'Carl, Jr.',
        '3.33',
        'line one\nline two',
        formula,
      ],
      ['2024-05-03', 'Taxi', '', 'amounts', 'no', 'Ann Admin', '20.00', 'RUB', 'Bob', '5.00', '', taxi],
    ]);
    expect(exported.stdout).toContain('"Ужин, ""ресторан"""');
    expect(exported.stdout).toContain('"line one\nline two"');
  });

  it('writes JSON with exact decimal amounts (the default with --json too)', async () => {
    const asJson = await admin('group', 'export', s.groupId, '--format', 'json');
    expect(asJson.code).toBe(0);
    const exported = JSON.parse(asJson.stdout);
    expect(exported.group).toEqual({ id: s.groupId, name: 'Весна, "2024"', currency: 'RUB' });
    expect(exported.expenses[1]).toMatchObject({
      name: '=SUM(A1)',
      amount: '10.00',
      paidBy: { memberId: s.seats.bob, name: 'Bob' },
      splits: [
        { memberId: s.seats.ann, name: 'Ann Admin', amount: '3.33' },
        { memberId: s.seats.bob, name: 'Bob', amount: '3.34' },
        { memberId: s.seats.carl, name: 'Carl, Jr.', amount: '3.33' },
      ],
    });
    expect((await admin('group', 'export', s.groupId, '--json')).stdout).toBe(asJson.stdout);
  });

  it('refuses another format as wrong usage', async () => {
    const wrong = await admin('group', 'export', s.groupId, '--format', 'xlsx');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^error: --format is csv or json, not "xlsx"/);
  });
});

describe('users', () => {
  it('finds by part of the name in any case, and prints JSON for machines', async () => {
    const found = await admin('users', 'find', 'ANN ad');
    expect(found.code).toBe(0);
    expect(found.stdout.split('\n')[0]).toBe('1 account');
    expect(found.stdout).toContain(
      `${s.ann.user.id}  Ann Admin  @${s.ann.user.username}  ${s.ann.user.email}  -`,
    );
    const asJson = JSON.parse(
      (await admin('users', 'find', s.ann.user.email.toUpperCase(), '--json')).stdout,
    );
    expect(asJson).toEqual([expect.objectContaining({ id: s.ann.user.id, blockedAt: null })]);
    expect((await admin('users', 'find', 'nobody-like-this')).stdout).toBe(
      'no account matches "nobody-like-this"',
    );
  });

  it('blocks: the web session ends at once and sign-in is refused; unblock lets the person in again', async () => {
    const bea = await webUser(server.url, 'Bea');
    const blocked = await admin('users', 'block', bea.user.id);
    expect(blocked.code).toBe(0);
    expect(blocked.stdout).toMatch(
      new RegExp(`^blocked Bea \\(@${bea.user.username}, ${bea.user.id}\\) since \\S+; 1 session ended$`),
    );
    expect((await bea.send('GET', '/api/auth/me')).status).toBe(401);
    const login = await bea.send('POST', '/api/auth/login', {
      email: bea.user.email,
      password: 'correct horse',
    });
    expect(login).toMatchObject({ status: 403, body: { code: 'ACCOUNT_BLOCKED' } });

    const unblocked = await admin('users', 'unblock', bea.user.id, '--json');
    expect(JSON.parse(unblocked.stdout)).toMatchObject({ id: bea.user.id, blockedAt: null });
    expect(
      (await bea.send('POST', '/api/auth/login', { email: bea.user.email, password: 'correct horse' }))
        .status,
    ).toBe(200);
  });
});

describe('ledger check', () => {
  it('finds nothing wrong, and lists the knowingly partial taxi apart (exit 0)', async () => {
    const clean = await admin('ledger', 'check');
    expect(clean).toMatchObject({ code: 0, stderr: '' });
    expect(clean.stdout).toBe(
      [
        'checked 1 group, 3 expenses: 0 problems',
        '',
        "not fully allocated, as the spec allows (the rest is the payer's own share): 1",
        `  Весна, "2024" · Taxi  amounts  5.00 of 20.00 allocated  expense ${s.expenses.taxi}`,
      ].join('\n'),
    );
  });

  it('finds a payer row changed by hand in SQL: exit 3, the problems (the stored totals drift too) listed, and in --json', async () => {
    await server.db.db
      .update(expensePayers)
      .set({ amountCents: sql`${expensePayers.amountCents} + 1` })
      .where(eq(expensePayers.expenseId, s.expenses.dinner));
    try {
      const found = await admin('ledger', 'check');
      expect(found.code).toBe(3);
      // Ann paid the dinner (90.00) and the taxi (20.00); the stored total kept 110.00.
      expect(found.stdout.split('\n').slice(0, 6)).toEqual([
        'checked 1 group, 3 expenses: 3 problems',
        '',
        'problems:',
        `  PAYERS_SUM    Весна, "2024" · Ужин, "ресторан"  payers sum to 90.01, the amount is 90.00           expense ${s.expenses.dinner}`,
        `  NETS_SUM      Весна, "2024"                     member nets sum to 0.01, not 0.00                  group ${s.groupId}`,
        `  TOTALS_DRIFT  Весна, "2024"                     Ann Admin: paid 110.00 stored, 110.01 in the rows  member ${s.seats.ann}`,
      ]);
      const report = JSON.parse((await admin('ledger', 'check', '--json')).stdout);
      expect(report.problems.map((p: { rule: string }) => p.rule)).toEqual([
        'PAYERS_SUM',
        'NETS_SUM',
        'TOTALS_DRIFT',
      ]);
    } finally {
      await server.db.db
        .update(expensePayers)
        .set({ amountCents: sql`${expensePayers.amountCents} - 1` })
        .where(eq(expensePayers.expenseId, s.expenses.dinner));
    }
  });
});

describe('text people typed, as the terminal gets it (issue 31)', () => {
  /** What a terminal obeys or what reverses text: none may reach it raw. */
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  const RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
  const EVIL = 'A\u0007\u001b[31mB\u009b2J\u202egnp.exe\nfake line';

  it('escapes control characters, bidi controls and line breaks of names in every command and format', async () => {
    // Names stored before the API refused them (or written by hand in SQL).
    const db = server.db.db;
    const [before] = await db.select().from(groups).where(eq(groups.id, s.groupId));
    await db.update(groups).set({ name: EVIL }).where(eq(groups.id, s.groupId));
    await db.update(groupMembers).set({ name: EVIL }).where(eq(groupMembers.id, s.seats.bob));
    await db.update(expenses).set({ name: EVIL, notes: EVIL }).where(eq(expenses.id, s.expenses.taxi));
    await db.update(users).set({ name: EVIL }).where(eq(users.id, s.ann.user.id));
    try {
      const runs = [
        await admin('group', 'show', s.groupId),
        await admin('group', 'show', s.groupId, '--json'),
        await admin('group', 'export', s.groupId),
        await admin('group', 'export', s.groupId, '--format', 'json'),
        await admin('users', 'find', 'ann_admin'),
        await admin('users', 'find', 'ann_admin', '--json'),
        await admin('ledger', 'check'),
      ];
      for (const run of runs) {
        expect(run.code).toBe(0);
        expect(RAW.test(run.stdout), run.stdout).toBe(false);
        expect(run.stdout).toContain('A\\u0007\\u001b[31mB\\u009b2J\\u202egnp.exe');
      }
      // One value stays on one line in the human output: no faked line.
      expect(runs[0]!.stdout.split('\n').filter((line) => line.startsWith('fake line'))).toEqual([]);
      expect(runs[0]!.stdout).toContain('\\u000afake line');
      // The CSV keeps its CRLF rows and the notes' own line break, escaping the rest.
      expect(runs[2]!.stdout).toContain('\r\n');
      expect(runs[2]!.stdout).toContain('gnp.exe\nfake line');
    } finally {
      await db.update(groups).set({ name: before!.name }).where(eq(groups.id, s.groupId));
      await db.update(groupMembers).set({ name: 'Bob' }).where(eq(groupMembers.id, s.seats.bob));
      await db.update(expenses).set({ name: 'Taxi', notes: null }).where(eq(expenses.id, s.expenses.taxi));
      await db.update(users).set({ name: 'Ann Admin' }).where(eq(users.id, s.ann.user.id));
    }
  });
});

describe('failures', () => {
  it('a token the server refuses: exit 1 and says so', async () => {
    const refused = await cli(['stats'], {
      ...env(),
      ADMIN_API_TOKEN: 'not-the-token-not-the-token-not-the-token',
    });
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toBe(
      `error: the server at ${server.url} refused the admin token (401): check ADMIN_API_TOKEN against the server's`,
    );
  });

  it('a server that does not answer: exit 1, unreachable', async () => {
    const url = await closedPort();
    const gone = await cli(['stats'], { ...env(), ADMIN_API_URL: url });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(
      `error: cannot reach the Dolya server at ${url} (ECONNREFUSED); is it running? (ADMIN_API_URL)`,
    );
  });

  it('no token, an unknown command, a missing argument or option: exit 2 with the usage', async () => {
    expect(await cli(['stats'], { ADMIN_API_URL: server.url })).toMatchObject({
      code: 2,
      stderr: 'error: ADMIN_API_TOKEN is not set; use the value the server was started with',
    });
    const unknown = await admin('ledger', 'fix');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: unknown command "ledger fix"\n\nusage: npm run --silent admin/);
    expect((await admin('users', 'block')).stderr).toMatch(/^error: usage: users block <userId>/);
    expect((await admin('stats', '--verbose')).code).toBe(2);
    expect((await admin('stats', '--format', 'csv')).stderr).toMatch(/^error: stats has no --format/);
    expect(await admin()).toMatchObject({ code: 2, stdout: '' });
    expect(await admin('help')).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('npm run --silent admin', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  /** Runs the root script in a child process (asynchronously: the server answers from this one). */
  const npm = (args: string[], extra: Record<string, string>) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
        cwd: root,
        env: { ...process.env, ...extra },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  it('runs the CLI as a process: output on stdout, the exit code of the command', async () => {
    const ok = await npm(['stats', '--json'], env());
    expect(ok.status, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ groups: 1 });
    const refused = await npm(['stats'], { ...env(), ADMIN_API_TOKEN: 'wrong' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('refused the admin token (401)');
  });
});

/** The address of a port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** RFC 4180 reader, to check that what the export quotes reads back to the exact values. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}
