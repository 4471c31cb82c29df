/**
 * Screenshots at 1280 px, both languages and themes, of the screens issue 27's finish changed:
 * the statistics and the activity log (their texts now namespaces of their own) and the group
 * page with an expense deleted offline, waiting to send. Usage (a throwaway server seeded with
 * the demo, with the service worker):
 *   npx tsx apps/web/e2e/shoot-issue-27-finish.ts http://localhost:3000 /tmp/shots
 */
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

const [base = 'http://localhost:3000', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function call<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${base}${path}`, {
    method,
    headers: { origin: base, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(data === undefined ? {} : { data: JSON.stringify(data) }),
  });
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()} ${await res.text()}`);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

for (const lang of ['ru', 'en'] as const) {
  const texts = (lang === 'ru' ? ru : en) as typeof ru;
  for (const theme of ['light', 'dark'] as const) {
    const name = (screen: string) => join(out, `${screen}-1280-${lang}-${theme}.png`);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: 1,
      serviceWorkers: 'allow',
    });
    context.setDefaultTimeout(90_000);
    await context.addInitScript(
      ([l, t]) => {
        localStorage.setItem('dolya.lang', l as string);
        localStorage.setItem('dolya.theme', t as string);
      },
      [lang, theme],
    );
    const page = await context.newPage();
    await call(page, 'POST', '/api/auth/login', { email: 'demo@example.com', password: 'demo' });
    const [group] = await call<{ id: string }[]>(page, 'GET', '/api/groups');
    const groupId = group!.id;
    const me = (
      await call<{ users: { memberId: string; isCurrentUser: boolean }[] }>(
        page,
        'GET',
        `/api/groups/${groupId}`,
      )
    ).users.find((u) => u.isCurrentUser)!.memberId;
    const expenseName = `${texts.offline.payment} ${lang}-${theme}-${Date.now() % 10_000}`;
    await call(page, 'POST', `/api/groups/${groupId}/expenses`, {
      name: expenseName,
      amount: 300,
      paidById: me,
      splitMethod: 'shares',
    });

    await page.goto(`${base}/group/${groupId}/stats`);
    await page.locator('.stats-total').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: name('stats'), fullPage: true });

    await page.goto(`${base}/group/${groupId}/logs`);
    await page.getByRole('heading', { name: texts.log.logsTitle }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: name('logs'), fullPage: true });

    await page.goto(`${base}/group/${groupId}`);
    await page.locator('.expense-list .expense-name', { hasText: expenseName }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: texts.common.offline }).waitFor();
    await page
      .getByRole('button', { name: texts.group.deleteExpenseLabel.replace('{{name}}', expenseName) })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: texts.group.deleteConfirm }).click();
    await page.locator('.queued-row').getByText(texts.offline.waiting).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: name('group-queued-delete'), fullPage: true });
    await context.setOffline(false);
    await page.locator('.queued-row').waitFor({ state: 'detached', timeout: 30_000 });
    await context.close();
    console.log(`shot ${lang} ${theme}`);
  }
}
await browser.close();
