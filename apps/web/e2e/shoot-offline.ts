/**
 * Screenshots of the offline screens of issue 27 at 390 and 1280 px, in both languages and
 * themes, as the demo user, with the service worker: the group page reopened offline, writes
 * waiting to send, a refused one, the form fixing it, a refused payment and its settle-up form,
 * a group and an expense never opened here opened offline, and the "new version" offer (sw.js of
 * the served build is touched to make one). Usage:
 *   npx tsx apps/web/e2e/shoot-offline.ts http://localhost:3000 /tmp/shots apps/web/dist
 * (a throwaway server seeded with the demo: groups and expenses are added and changed).
 * ONLY=1280-en-dark takes one width, language and theme.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

const [base = 'http://localhost:3000', out = '/tmp/shots', dist = 'apps/web/dist'] = process.argv.slice(2);
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

async function offline(context: BrowserContext, page: Page, on: boolean, texts: typeof ru) {
  await context.setOffline(on);
  const banner = page.getByRole('status').filter({ hasText: texts.common.offline });
  await (on ? banner.waitFor() : banner.waitFor({ state: 'detached' }));
}

/** The demo seed's group (packages/api/src/seed.ts); the rounds add groups of their own. */
const DEMO_GROUP = 'Поездка в Казань';
let round = 0;
for (const width of [390, 1280] as const)
  for (const lang of ['ru', 'en'] as const) {
    const texts = (lang === 'ru' ? ru : en) as typeof ru;
    for (const theme of ['light', 'dark'] as const) {
      round += 1;
      if (process.env.ONLY && process.env.ONLY !== `${width}-${lang}-${theme}`) continue;
      const name = (screen: string) => join(out, `${screen}-${width}-${lang}-${theme}.png`);
      const context = await browser.newContext({
        viewport: width === 390 ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        deviceScaleFactor: 1,
        hasTouch: width === 390,
        serviceWorkers: 'allow',
      });
      context.setDefaultTimeout(15_000);
      await context.addInitScript(
        ([l, t]) => {
          localStorage.setItem('dolya.lang', l as string);
          localStorage.setItem('dolya.theme', t as string);
        },
        [lang, theme],
      );
      const page = await context.newPage();
      await call(page, 'POST', '/api/auth/login', { email: 'demo@example.com', password: 'demo' });
      const groups = await call<{ id: string; name: string }[]>(page, 'GET', '/api/groups');
      const groupId = groups.find((g) => g.name === DEMO_GROUP)!.id;
      const { users } = await call<{ users: { memberId: string; isCurrentUser: boolean }[] }>(
        page,
        'GET',
        `/api/groups/${groupId}`,
      );
      const me = users.find((u) => u.isCurrentUser)!.memberId;
      const dinner = lang === 'ru' ? 'Ужин' : 'Dinner';
      const { id: expenseId } = await call<{ id: string }>(page, 'POST', `/api/groups/${groupId}/expenses`, {
        name: dinner,
        amount: 1800,
        paidById: me,
        splitMethod: 'shares',
      });

      // Online once: the worker installs, the group and the expense are fetched, the cache is kept.
      await page.goto(`${base}/group/${groupId}`);
      await page.getByText(dinner).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.goto(`${base}/group/${groupId}/expense/${expenseId}`);
      const field = page.getByLabel(texts.expense.name, { exact: true });
      await field.waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 30_000,
      });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForTimeout(1000);

      // The "new version" offer: the served worker changes, the browser finds it.
      appendFileSync(join(dist, 'sw.js'), `\n// shot ${round}\n`);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      await page.getByText(texts.offline.updateReady).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(400);
      await page.screenshot({ path: name('update-offer') });
      await page.getByRole('button', { name: texts.offline.updateReload }).click();
      await page.waitForLoadState('load');
      await field.waitFor();
      await page.waitForTimeout(800);

      // Offline: the group reopens from what was kept; then a change to the expense and a new one,
      // both waiting.
      await offline(context, page, true, texts);
      await page.goto(`${base}/group/${groupId}`);
      await page.getByText(dinner).first().waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: name('offline-group') });
      await page.goto(`${base}/group/${groupId}/expense/${expenseId}`);
      await field.fill(lang === 'ru' ? 'Ужин в кафе' : 'Dinner out');
      await page.getByRole('button', { name: texts.expense.save, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
      await page.getByRole('link', { name: texts.group.addExpense }).first().click();
      await page
        .getByLabel(texts.expense.name, { exact: true })
        .fill(lang === 'ru' ? 'Такси до вокзала' : 'Taxi to the station');
      await page.getByLabel(texts.expense.amount, { exact: true }).fill('640');
      await page.getByRole('button', { name: texts.expense.submit, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
      await page.locator('.queued-row').nth(1).waitFor();
      await page.reload();
      await page.locator('.queued-row').nth(1).waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: name('queued-waiting') });

      // Someone else changes the expense; back online the change is refused, the new one is sent.
      await call(page, 'PUT', `/api/groups/expenses/${expenseId}`, {
        name: lang === 'ru' ? 'Ужин у Ани' : 'Dinner at Anya’s',
        amount: 1800,
        paidById: me,
        splitMethod: 'shares',
      });
      await offline(context, page, false, texts);
      await page.locator('.queued-row[data-state="refused"]').waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      await page.locator('.queued-list').scrollIntoViewIfNeeded();
      await page.screenshot({ path: name('queued-refused') });

      // Fix: the form with what was typed offline and the reason.
      await page
        .locator('.queued-row[data-state="refused"]')
        .getByRole('link', { name: texts.offline.fix })
        .click();
      await page.locator('.expense-refused').waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: name('fix-form') });

      // A payment recorded offline, refused back online (its payer was removed meanwhile), and Fix.
      const [anya, borya] = lang === 'ru' ? ['Аня', 'Боря'] : ['Anya', 'Bob'];
      const { id: tripId } = await call<{ id: string }>(page, 'POST', '/api/groups', {
        name: lang === 'ru' ? 'Сплав' : 'Rafting',
        currency: 'RUB',
        users: [{ name: anya }, { name: borya }],
      });
      const trip = await call<{ users: { memberId: string; name: string }[] }>(
        page,
        'GET',
        `/api/groups/${tripId}`,
      );
      const boat = lang === 'ru' ? 'Лодка' : 'Boat';
      await call(page, 'POST', `/api/groups/${tripId}/expenses`, {
        name: boat,
        amount: 3000,
        paidById: trip.users.find((u) => u.name !== anya && u.name !== borya)!.memberId,
        splitMethod: 'shares',
      });
      await page.goto(`${base}/group/${tripId}`);
      await page.locator('.debt-line').filter({ hasText: anya }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      await offline(context, page, true, texts);
      await page.locator('.debt-line').filter({ hasText: anya }).locator('.debt-settle').click();
      await page.getByRole('button', { name: texts.group.recordPayment }).click();
      await page.locator('.queued-row').waitFor();
      const removed = trip.users.find((u) => u.name === anya)!.memberId;
      await call(page, 'DELETE', `/api/groups/${tripId}/members/by-member/${removed}`);
      await offline(context, page, false, texts);
      const refused = page.locator('.queued-row[data-state="refused"]');
      await refused.waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      await page.screenshot({ path: name('payment-refused') });
      await refused.getByRole('button', { name: texts.offline.fix }).click();
      await refused.locator('.settle-form').waitFor();
      await page.waitForTimeout(600);
      await refused.scrollIntoViewIfNeeded();
      await page.screenshot({ path: name('payment-fix') });

      // Never opened on this device, opened offline: a group of the kept list, an expense of a kept group.
      const unseen = lang === 'ru' ? 'Дача у Бори' : 'Bob’s cottage';
      await call(page, 'POST', '/api/groups', { name: unseen, currency: 'RUB', users: [{ name: borya }] });
      await page.goto(`${base}/`);
      await page.getByText(unseen).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      await offline(context, page, true, texts);
      await page.getByText(unseen).first().click();
      await page.getByText(texts.offline.notKeptGroup).waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: name('group-not-kept') });
      await page.goto(`${base}/group/${tripId}`);
      await page.locator('.expense-link', { hasText: boat }).click();
      await page.getByText(texts.offline.notKeptExpense).waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: name('expense-not-kept') });
      await context.close();
    }
  }
await browser.close();
console.log(`wrote ${out}/*-390-{ru,en}-{light,dark}.png`);
