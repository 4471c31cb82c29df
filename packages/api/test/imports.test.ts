import { expensePayers, expenses, groupMembers, groups } from '@dolya/db';
import type { Cents } from '@dolya/domain';
import { previewImport, readImport } from '@dolya/interchange';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouterInputs } from '../src/routers';
import { startFxProvider } from '../src/testing';
import { type Caller, logActions, refusal, trio } from './fixtures';
import { signUp, testConfig, useTestDatabase } from './harness';
import { fileTotalsByName, importFixture } from './import-files';

const db = useTestDatabase();

type ImportInput = RouterInputs['imports']['run'];

async function runImport(call: Caller, input: ImportInput) {
  const answer = await call.imports.run({ ...input, dryRun: false });
  if (answer.dryRun) throw new Error('expected the import, got a preview');
  return answer.result;
}

async function previewOf(call: Caller, input: ImportInput) {
  const answer = await call.imports.run({ ...input, dryRun: true });
  if (!answer.dryRun) throw new Error('expected a preview');
  return answer.preview;
}

async function balancesByName(call: Caller, groupId: string): Promise<Map<string, Cents>> {
  const balances = await call.balances.get({ groupId });
  return new Map(balances.members.map((m) => [m.name, m.netCents]));
}

/** Zeros left out, so a seat at zero and a person absent compare equal. */
const nonZero = (map: Map<string, Cents>) => new Map([...map].filter(([, cents]) => cents !== 0));

describe('imports.run into a new group', () => {
  const splitwiseFiles = [
    ['splitwise-lisbon-en.csv', 'EUR'],
    ['splitwise-ru.csv', 'RUB'],
    ['splitwise-de.csv', 'EUR'],
    ['splitwise-fr.csv', 'EUR'],
    ['splitwise-es.csv', 'EUR'],
    ['splitwise-it.csv', 'EUR'],
    ['splitwise-pt.csv', 'EUR'],
  ] as const;

  it.each(splitwiseFiles)(
    '%s: balances are the file’s own totals to the cent (every currency at 1)',
    async (name, currency) => {
      const alice = await signUp(db.current.db, 'Alice');
      const content = importFixture(name);
      const file = readImport('splitwise-csv', content);
      const rates = Object.fromEntries(
        file.totals.filter((t) => t.currency !== currency).map((t) => [t.currency, '1']),
      );
      const result = await runImport(await alice.call(), {
        format: 'splitwise-csv',
        content,
        currency,
        rates,
      });
      expect(nonZero(await balancesByName(await alice.call(), result.groupId))).toEqual(
        nonZero(fileTotalsByName(name)),
      );
      const plan = previewImport(file).plan;
      expect(result.expenses).toBe(plan.expenses.length);
      expect(result.settlements).toBe(plan.settlements.length);
      const log = await (await alice.call()).logs.list({ groupId: result.groupId });
      const imported = log.filter((entry) => entry.action === 'GROUP_IMPORTED');
      expect(imported).toHaveLength(1);
      expect(imported[0]!.message).toBe(
        `Alice imported ${result.expenses} expenses and ${result.settlements} settlements from Splitwise`,
      );
    },
  );

  it('keeps a row paid by two people as two payers, and repayments as settlements', async () => {
    const alice = await signUp(db.current.db, 'Alice');
    const result = await runImport(await alice.call(), {
      format: 'splitwise-csv',
      content: importFixture('splitwise-lisbon-en.csv'),
      rates: { USD: '1' },
    });
    const rows = await db.current.db.select().from(expenses).where(eq(expenses.groupId, result.groupId));
    const airbnb = rows.find((e) => e.name === 'Airbnb Alfama');
    const payers = await db.current.db
      .select({ memberId: expensePayers.memberId, cents: expensePayers.amountCents })
      .from(expensePayers)
      .where(eq(expensePayers.expenseId, airbnb!.id));
    const seats = await db.current.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, result.groupId));
    const nameOf = (id: string) => seats.find((s) => s.id === id)?.name;
    expect(payers.map((p) => [nameOf(p.memberId), p.cents]).sort()).toEqual([
      ['Boris K.', 40000],
      ['Chloé Martin', 20000],
    ]);
    expect(rows.filter((e) => e.isSettlement)).toHaveLength(2);
    // Splitwise's categories become Dolya's where one matches; repayments have none.
    const categoryOf = (name: string) => rows.find((e) => e.name === name)?.categoryId;
    expect(
      ['Groceries at Pingo Doce', 'Airbnb Alfama', 'Tram 28 tickets', 'Taxi to airport', 'Sintra tour'].map(
        categoryOf,
      ),
    ).toEqual(['groceries', 'housing', 'transport', 'transport', 'entertainment']);
    expect(categoryOf('Dinner, Time Out Market')).toBe('food');
    expect(rows.filter((e) => e.isSettlement).map((e) => e.categoryId)).toEqual([null, null]);
    // People of the file are seats without an account, claimable through an invite.
    expect(seats.filter((s) => s.userId === null).map((s) => s.name)).toEqual(
      expect.arrayContaining(['Anna Petrova', 'Boris K.', 'Chloé Martin', 'Dmitri']),
    );
  });

  it('converts rows in another currency at the server’s rate of their date, keeping the original', async () => {
    const provider = await startFxProvider({ 'USD/EUR': { rate: '0.9' } });
    try {
      const config = { ...testConfig, fxRatesUrl: provider.url, fxTimeoutMs: 500 };
      const alice = await signUp(db.current.db, 'Alice', config);
      const result = await runImport(await alice.call(), {
        format: 'splitwise-csv',
        content: importFixture('splitwise-lisbon-en.csv'),
        currency: 'EUR',
      });
      const rows = await db.current.db.select().from(expenses).where(eq(expenses.groupId, result.groupId));
      const tour = rows.find((e) => e.name === 'Sintra tour')!;
      expect(tour).toMatchObject({
        amountCents: 12600,
        originalCurrency: 'USD',
        originalAmountCents: 14000,
        exchangeRate: '0.9',
        rateSource: 'fetched',
      });
      const balances = await balancesByName(await alice.call(), result.groupId);
      expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
      // EUR totals + USD totals x 0.9, within a cent per converted row and person.
      const file = readImport('splitwise-csv', importFixture('splitwise-lisbon-en.csv'));
      for (const person of file.people) {
        const eur = file.totals.find((t) => t.currency === 'EUR')!.nets[person.key] ?? 0;
        const usd = file.totals.find((t) => t.currency === 'USD')!.nets[person.key] ?? 0;
        expect(Math.abs((balances.get(person.name) ?? 0) - (eur + usd * 0.9))).toBeLessThanOrEqual(2);
      }
    } finally {
      await provider.close();
    }
  });

  it('RATE_REQUIRED listing the currencies without a rate, and nothing written', async () => {
    const alice = await signUp(db.current.db, 'Alice');
    const before = await db.current.db.select().from(groups);
    const error = await refusal(
      (await alice.call()).imports.run({
        format: 'splitwise-csv',
        content: importFixture('splitwise-lisbon-en.csv'),
        currency: 'GBP',
      }),
    );
    expect(error.appCode).toBe('RATE_REQUIRED');
    expect(error.message).toContain('EUR, USD');
    expect(await db.current.db.select().from(groups)).toHaveLength(before.length);
  });

  it.each([
    ['spliit-zurich.csv', 'spliit-csv'],
    ['spliit-zurich.json', 'spliit-json'],
  ] as const)('%s: balances are the file’s to the cent', async (name, format) => {
    const alice = await signUp(db.current.db, 'Alice');
    const content = importFixture(name);
    const file = readImport(format, content);
    const preview = previewImport(file);
    const result = await runImport(await alice.call(), { format, content });
    const expected = new Map<string, Cents>();
    for (const { nets } of preview.balances) {
      for (const person of file.people) {
        expected.set(person.name, (expected.get(person.name) ?? 0) + (nets[person.key] ?? 0));
      }
    }
    expect(preview.balances).toHaveLength(1);
    expect(nonZero(await balancesByName(await alice.call(), result.groupId))).toEqual(nonZero(expected));
  });

  it('imports every readable row of a file with one broken line, naming the line it left out', async () => {
    const alice = await signUp(db.current.db, 'Alice');
    const content = importFixture('splitwise-broken-line-en.csv');
    const call = await alice.call();
    const preview = await previewOf(call, { format: 'splitwise-csv', content, dryRun: true });
    expect(preview.problems).toEqual([expect.objectContaining({ line: 4, code: 'BAD_AMOUNT' })]);
    const result = await runImport(call, { format: 'splitwise-csv', content });
    expect(result).toMatchObject({ expenses: 1, settlements: 1, skippedLines: [4] });
    expect(nonZero(await balancesByName(call, result.groupId))).toEqual(
      new Map([
        ['Anna', 1200],
        ['Chloé', -1200],
      ]),
    );
  });

  it('IMPORT_INVALID_FILE naming the line for a file that is not of its format', async () => {
    const alice = await signUp(db.current.db, 'Alice');
    const broken = await refusal(
      (await alice.call()).imports.run({ format: 'spliit-json', content: '{"participants": 3' }),
    );
    expect(broken.appCode).toBe('IMPORT_INVALID_FILE');
    const notCsv = await refusal(
      (await alice.call()).imports.run({ format: 'splitwise-csv', content: 'Hello,World\n1,2\n' }),
    );
    expect(notCsv.appCode).toBe('IMPORT_INVALID_FILE');
    expect(notCsv.message).toMatch(/Line 1/);
  });
});

describe('imports.run into an existing group', () => {
  let t: Awaited<ReturnType<typeof trio>>;
  const content = importFixture('splitwise-ru.csv');
  beforeAll(async () => {
    t = await trio(db.current.db, 'RUB');
  });

  it('previews the people with a suggested seat, currencies, dates and balances; writes nothing', async () => {
    const call = await t.alice.call();
    const before = await logActions(db.current.db, t.groupId);
    const preview = await previewOf(call, {
      format: 'splitwise-csv',
      content,
      groupId: t.groupId,
      dryRun: true,
    });
    expect(preview).toMatchObject({
      groupCurrency: 'RUB',
      alreadyImported: false,
      currencies: [{ currency: 'RUB', foreign: false, needsRate: false }],
      dateRange: { from: expect.any(String), to: expect.any(String) },
    });
    expect(preview.people.map((p) => p.name)).toEqual(['Аня', 'Борис', 'Вера']);
    expect(preview.people.every((p) => p.suggestedMemberId === null)).toBe(true);
    expect(await logActions(db.current.db, t.groupId)).toEqual(before);
  });

  it('maps a person to an existing seat, makes new seats for the rest, and refuses the same file again', async () => {
    const call = await t.alice.call();
    const before = await balancesByName(call, t.groupId);
    const result = await runImport(call, {
      format: 'splitwise-csv',
      content,
      groupId: t.groupId,
      memberMap: { p1: 'me', p2: t.c },
    });
    expect(result.groupId).toBe(t.groupId);
    const totals = fileTotalsByName('splitwise-ru.csv');
    const after = await balancesByName(call, t.groupId);
    expect(after.get('Alice')! - (before.get('Alice') ?? 0)).toBe(totals.get('Аня'));
    expect(after.get('Carl')! - (before.get('Carl') ?? 0)).toBe(totals.get('Борис'));
    expect(after.get('Вера')).toBe(totals.get('Вера'));
    expect(after.has('Аня')).toBe(false);
    expect((await logActions(db.current.db, t.groupId)).filter((a) => a === 'GROUP_IMPORTED')).toHaveLength(
      1,
    );

    const again = await refusal(
      call.imports.run({
        format: 'splitwise-csv',
        content: `\uFEFF${content.replace(/\n/g, '\r\n')}`,
        groupId: t.groupId,
      }),
    );
    expect(again.appCode).toBe('IMPORT_ALREADY_DONE');
    const preview = await previewOf(call, {
      format: 'splitwise-csv',
      content,
      groupId: t.groupId,
      dryRun: true,
    });
    expect(preview.alreadyImported).toBe(true);
    // Now the group has seats of those names: each is suggested for its person.
    expect(preview.people[2]!.suggestedMemberId).not.toBeNull();
  });

  it('refuses a member who is not an admin (FORBIDDEN) and an outsider (GROUP_NOT_FOUND), writing nothing', async () => {
    const other = importFixture('splitwise-de.csv');
    const bob = await refusal(
      (await t.bob.call()).imports.run({
        format: 'splitwise-csv',
        content: other,
        groupId: t.groupId,
        rates: { EUR: '1' },
      }),
    );
    expect(bob.appCode).toBe('FORBIDDEN');
    const eve = await signUp(db.current.db, 'Eve');
    const outsider = await refusal(
      (await eve.call()).imports.run({
        format: 'splitwise-csv',
        content: other,
        groupId: t.groupId,
        dryRun: true,
      }),
    );
    expect(outsider.appCode).toBe('GROUP_NOT_FOUND');
  });

  it('refuses a member map naming a seat of another group, or one seat twice', async () => {
    const call = await t.alice.call();
    const other = importFixture('splitwise-es.csv');
    const foreign = await refusal(
      call.imports.run({
        format: 'splitwise-csv',
        content: other,
        groupId: t.groupId,
        rates: { EUR: '1' },
        memberMap: { p1: '00000000-0000-4000-8000-000000000000' },
      }),
    );
    expect(foreign.appCode).toBe('INVALID_MEMBER');
    const twice = await refusal(
      call.imports.run({
        format: 'splitwise-csv',
        content: other,
        groupId: t.groupId,
        rates: { EUR: '1' },
        memberMap: { p1: t.c, p2: t.c },
      }),
    );
    expect(twice.appCode).toBe('VALIDATION_ERROR');
  });
});
