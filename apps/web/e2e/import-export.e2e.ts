import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { debtLines } from './debt-lines';
import { api, useBrowser } from './harness';

/**
 * Issue 29 in the browser: a Splitwise CSV imported into an existing group through the preview
 * (one person mapped to an existing seat), a Spliit JSON into a new group, the group's export
 * downloaded from its settings, and the account's data downloaded, then the account deleted.
 */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
/** Intl's no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/**
 * A Splitwise group export: a blank separator row, a row paid by two people (Anna and Boris paid
 * 45 each of a 90 dinner), a repayment, and the closing totals: Anna +45, Boris −5, Chloé −40.
 */
const SPLITWISE_CSV = [
  'Date,Description,Category,Cost,Currency,Anna,Boris,Chloé',
  '',
  '2026-03-01,Groceries,Groceries,60.00,EUR,40.00,-20.00,-20.00',
  '2026-03-02,Dinner,Dining out,90.00,EUR,15.00,15.00,-30.00',
  '2026-03-03,Chloé paid Anna,Payment,10.00,EUR,-10.00,0.00,10.00',
  '',
  '2026-03-04,Total balance, , ,EUR,45.00,-5.00,-40.00',
  '',
].join('\n');
const spliitJson = readFileSync(
  new URL('../../../packages/interchange/test/fixtures/spliit-zurich.json', import.meta.url),
);

const anya = {
  name: 'Аня Импортова',
  email: `anya-import-${Date.now()}@example.com`,
  password: 'long enough',
};
const boris = { name: 'Боря', email: `borya-import-${Date.now()}@example.com`, password: 'long enough' };
let lisbonId = '';

async function register(page: Page, baseUrl: string, who: typeof anya) {
  return api<{ id: string; username: string }>(page, baseUrl, 'POST', '/api/auth/register', who);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

/** The debt lines once the debts card has some (the poll of debtLines is short for a loaded machine). */
async function debtsOnScreen(page: Page, count: number) {
  await page.locator('.debt-names').first().waitFor();
  return debtLines(page, count);
}

/** Each person's net from the debt lines on screen ("Аня → Боря 5,00 €"): what they are owed minus what they owe. */
function netsFromDebts(lines: string[]): Record<string, number> {
  const nets: Record<string, number> = {};
  for (const line of lines) {
    const match = /^(.+?) → (.+?) (−?[\d ]+,\d{2}) €$/.exec(line);
    if (!match) throw new Error(`not a debt line: ${line}`);
    const cents = Math.round(Number(match[3]!.replace(/ /g, '').replace(',', '.')) * 100);
    nets[match[1]!] = (nets[match[1]!] ?? 0) - cents;
    nets[match[2]!] = (nets[match[2]!] ?? 0) + cents;
  }
  return nets;
}

describe('journey: come from Splitwise or Spliit, leave with everything (issue 29)', () => {
  const browser = useBrowser();

  it('imports a Splitwise CSV into an existing group through the preview, one person onto an existing seat', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await register(page, browser.baseUrl, anya);
    ({ id: lisbonId } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Лиссабон',
      currency: 'EUR',
      users: [{ name: 'Боря' }],
    }));

    await page.goto(`/group/${lisbonId}/settings`);
    // The page's later parts settled, so that nothing moves under the press.
    await page.getByRole('button', { name: ru.settings.exportCsv }).waitFor();
    await page.getByRole('link', { name: ru.settings.importInto }).click();
    await page.waitForURL((url) => url.pathname === '/import');
    await page.getByRole('heading', { name: fill(ru.imports.titleInto, { name: 'Лиссабон' }) }).waitFor();
    await page.getByTestId('import-file').setInputFiles({
      name: 'lisbon.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(SPLITWISE_CSV),
    });

    // The preview: counts, dates, each person's balance, nothing written yet.
    const summary = page.locator('.import-summary');
    await summary.getByText(fill(ru.imports.rows, { expenses: 2, settlements: 1 })).waitFor();
    expect(await page.getByLabel(ru.imports.format).inputValue()).toBe('splitwise-csv');
    const balances = await page
      .locator('.import-person')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('.import-person-name')?.textContent,
          row.querySelector('.import-person-balance')?.textContent,
        ]),
      );
    expect(balances.map(([name, balance]) => [name, plain(balance ?? '')])).toEqual([
      ['Anna', '45,00 €'],
      ['Boris', '−5,00 €'],
      ['Chloé', '−40,00 €'],
    ]);
    expect(
      (await api<unknown[]>(page, browser.baseUrl, 'GET', `/api/groups/${lisbonId}/expenses`)).length,
    ).toBe(0);

    // Anna is me, Boris the seat already there, Chloé a new member.
    const seatOf = (name: string) => page.getByLabel(`${ru.imports.mapTo}: ${name}`);
    await seatOf('Anna').selectOption({ label: `${anya.name} (${ru.imports.me})` });
    await seatOf('Boris').selectOption({ label: 'Боря' });
    expect(await seatOf('Chloé').inputValue()).toBe('');
    await page.getByRole('button', { name: ru.imports.confirm, exact: true }).click();

    await page.waitForURL(`**/group/${lisbonId}`);
    await page
      .getByText(fill(ru.imports.done, { expenses: 2, settlements: 1 }))
      .first()
      .waitFor();
    expect(await debtsOnScreen(page, 2)).toEqual(['Chloé → вам 40,00 €', 'Боря → вам 5,00 €']);
    // The same file again is refused, with the reason, before anything is written.
    await page.goto(`/import?groupId=${lisbonId}`);
    await page.getByTestId('import-file').setInputFiles({
      name: 'lisbon.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(SPLITWISE_CSV),
    });
    await page.getByText(ru.imports.alreadyImported).first().waitFor();
    expect(await page.getByRole('button', { name: ru.imports.confirm, exact: true }).isDisabled()).toBe(true);
    await context.close();
  });

  it('imports a Spliit JSON into a new group: the balances on screen are the preview’s', async () => {
    const { context, page } = await browser.newPage();
    await api(page, browser.baseUrl, 'POST', '/api/auth/login', {
      email: anya.email,
      password: anya.password,
    });
    await page.goto('/');
    await page.getByRole('link', { name: ru.groups.importGroup, exact: true }).click();
    await page.getByTestId('import-file').setInputFiles({
      name: 'spliit.json',
      mimeType: 'application/json',
      buffer: spliitJson,
    });
    await page.locator('.import-summary').waitFor();
    expect(await page.getByLabel(ru.imports.format).inputValue()).toBe('spliit-json');
    expect(await page.getByLabel(ru.imports.groupName).inputValue()).toBe('Zürich trip');
    const preview = await page
      .locator('.import-person')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('.import-person-name')?.textContent ?? '',
          row.querySelector('.import-person-balance')?.textContent ?? '',
        ]),
      );
    const previewNets = Object.fromEntries(
      preview
        .map(([name, balance]) => [name ?? '', plain(balance ?? '')] as const)
        .filter(([, balance]) => balance !== ru.imports.settled)
        .map(([name, balance]) => [
          name,
          Math.round(
            Number(
              balance
                .replace(/[^\d,−-]/g, '')
                .replace('−', '-')
                .replace(',', '.'),
            ) * 100,
          ),
        ]),
    );
    expect(Object.keys(previewNets).length).toBeGreaterThan(1);
    await page.getByRole('button', { name: ru.imports.confirm, exact: true }).click();
    await page.waitForURL(/\/group\/(?!.*settings)/);
    await page.getByRole('heading', { name: 'Zürich trip' }).waitFor();
    const lines = await debtsOnScreen(page, Object.keys(previewNets).length - 1);
    expect(netsFromDebts(lines)).toEqual(previewNets);
    await context.close();
  });

  it('downloads the group from its settings as CSV and JSON, each read back', async () => {
    const { context, page } = await browser.newPage();
    await api(page, browser.baseUrl, 'POST', '/api/auth/login', {
      email: anya.email,
      password: anya.password,
    });
    await page.goto(`/group/${lisbonId}/settings`);
    const csv = await downloaded(page, () =>
      page.getByRole('button', { name: ru.settings.exportCsv }).click(),
    );
    expect(csv.name).toMatch(/^dolya-Лиссабон-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = csv.text.split('\r\n');
    expect(rows[0]).toBe(
      `\uFEFFDate,Description,Category,Cost,Currency,${anya.name},Боря,Chloé,Original cost,Original currency,Conversion rate`,
    );
    expect(rows.filter((row) => row.includes(',Payment,'))).toHaveLength(1);
    const total = rows.find((row) => row.includes(',Total balance,'))!.split(',');
    expect(total.slice(5, 8)).toEqual(['45.00', '-5.00', '-40.00']);

    const json = await downloaded(page, () =>
      page.getByRole('button', { name: ru.settings.exportJson }).click(),
    );
    expect(json.name).toMatch(/\.json$/);
    const doc = JSON.parse(json.text) as {
      format: string;
      group: { name: string };
      expenses: { name: string; payers: unknown[] }[];
      settlements: unknown[];
    };
    expect(doc).toMatchObject({ format: 'dolya-group', group: { name: 'Лиссабон' } });
    expect(doc.expenses.map((e) => e.name).sort()).toEqual(['Dinner', 'Groceries']);
    expect(doc.expenses.find((e) => e.name === 'Dinner')?.payers).toHaveLength(2);
    expect(doc.settlements).toHaveLength(1);
    await context.close();
  });

  it('downloads my data, then deletes the account: refused while the last admin, then the seat stays', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await api(page, browser.baseUrl, 'POST', '/api/auth/login', {
      email: anya.email,
      password: anya.password,
    });
    const me = await api<{ username: string }>(page, browser.baseUrl, 'GET', '/api/auth/me');
    await page.goto('/account');
    const data = await downloaded(page, () =>
      page.getByRole('button', { name: ru.account.dataDownload }).click(),
    );
    expect(data.name).toMatch(/^dolya-account-.+\.json$/);
    const mine = JSON.parse(data.text) as {
      profile: { email: string };
      groups: { group: { name: string } }[];
    };
    expect(mine.profile.email).toBe(anya.email);
    expect(mine.groups.map((g) => g.group.name).sort()).toEqual(['Zürich trip', 'Лиссабон']);

    // The last admin of groups with others: the dialog names them and offers no deletion.
    await page.getByRole('button', { name: ru.account.deleteAccount }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(ru.account.deleteBlocked).waitFor();
    expect((await dialog.getByRole('link').allTextContents()).sort()).toEqual(['Zürich trip', 'Лиссабон']);
    expect(await dialog.getByRole('button', { name: ru.account.deleteConfirm }).count()).toBe(0);
    await dialog.getByRole('button', { name: ru.account.close }).click();

    // Боря takes his seat through an invite and becomes an admin; Zürich goes.
    const other = await browser.newPage();
    await register(other.page, browser.baseUrl, boris);
    const { token } = await api<{ token: string }>(
      page,
      browser.baseUrl,
      'POST',
      `/api/invites/group/${lisbonId}`,
      {},
    );
    const group = await api<{ users: { memberId: string; name: string }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${lisbonId}`,
    );
    const boryaSeat = group.users.find((u) => u.name === 'Боря')!.memberId;
    await api(other.page, browser.baseUrl, 'POST', `/api/invites/${token}/claim/${boryaSeat}`);
    const boryaId = (await api<{ id: string }>(other.page, browser.baseUrl, 'GET', '/api/auth/me')).id;
    await api(page, browser.baseUrl, 'POST', `/api/groups/${lisbonId}/members/${boryaId}/make-admin`);
    const zurich = (
      await api<{ id: string; name: string }[]>(page, browser.baseUrl, 'GET', '/api/groups')
    ).find((g) => g.name === 'Zürich trip')!;
    await api(page, browser.baseUrl, 'DELETE', `/api/groups/${zurich.id}`);
    await other.page.goto(`/group/${lisbonId}`);
    const before = await debtsOnScreen(other.page, 2);

    await page.getByRole('button', { name: ru.account.deleteAccount }).click();
    await dialog.getByText(fill(ru.account.deleteKept, { groups: 'Лиссабон' })).waitFor();
    const confirm = dialog.getByRole('button', { name: ru.account.deleteConfirm });
    await dialog.getByLabel(fill(ru.account.deleteConfirmLabel, { username: me.username })).fill('someone');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(fill(ru.account.deleteConfirmLabel, { username: me.username })).fill(me.username);
    await confirm.click();
    await page.waitForURL('**/login');
    await page.getByText(ru.account.deleted).first().waitFor();
    const login = await page.request.post(`${browser.baseUrl}/api/auth/login`, {
      data: { email: anya.email, password: anya.password },
      headers: { origin: browser.baseUrl },
    });
    expect(login.status()).toBe(401);

    // Боря's group: the same debts to the cent, Аня now a member without an account.
    await other.page.reload();
    expect(await debtsOnScreen(other.page, 2)).toEqual(before);
    expect(before.join('|')).toContain(anya.name);
    await other.page.goto(`/group/${lisbonId}/logs`);
    await other.page.getByText(ru.log.logAccountDeleted).first().waitFor();
    await other.context.close();
    await context.close();
  });
});
