import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

/**
 * Issue 27, offline and bad networks: with the app's service worker (vite-plugin-pwa, Workbox) and
 * the kept cache (IndexedDB), the app reopens offline with what was seen last, an expense saved
 * offline waits and is sent once when the connection is back, and a queued change the server
 * refuses stays, with its reason, to be fixed.
 */

interface Group {
  id: string;
  users: { memberId: string; name: string; isCurrentUser: boolean }[];
}

async function newGroup(page: Page, baseUrl: string, name: string) {
  const { id } = await api<{ id: string }>(page, baseUrl, 'POST', '/api/groups', {
    name,
    currency: 'RUB',
    users: [{ name: 'Аня' }],
  });
  const group = await api<Group>(page, baseUrl, 'GET', `/api/groups/${id}`);
  const me = group.users.find((u) => u.isCurrentUser)!.memberId;
  return { id, me };
}

async function expenseNames(page: Page, baseUrl: string, groupId: string) {
  const list = await api<{ items?: { name: string }[] } | { name: string }[]>(
    page,
    baseUrl,
    'GET',
    `/api/groups/${groupId}/expenses`,
  );
  return (Array.isArray(list) ? list : (list.items ?? [])).map((e) => e.name);
}

/** What the app keeps in IndexedDB (lib/offline.ts) under `key`, as text. */
function kept(page: Page, key = 'cache') {
  return page.evaluate(
    (key) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('dolya-offline');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const get = db.transaction('keyval').objectStore('keyval').get(key);
          get.onsuccess = () =>
            resolve(
              typeof get.result === 'string' ? get.result : get.result ? JSON.stringify(get.result) : '',
            );
          get.onerror = () => resolve('');
        };
      }),
    key,
  );
}

/** The service worker controls the page and what the app keeps is in IndexedDB, with `text` in it. */
async function readyOffline(page: Page, text: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  // Precaching done: the worker is active only once every file of the build is in its cache.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => kept(page), { timeout: 10_000 }).toContain(text);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.getByRole('status').filter({ hasText: ru.common.offline }).waitFor();
}

describe('journey: offline and bad networks', () => {
  const browser = useBrowser();

  it('reopens offline after a reload with the groups, balances and expenses seen last', async () => {
    const { context, page } = await browser.newPage({ mobile: true, serviceWorkers: 'allow' });
    await signInByApi(page, browser.baseUrl);
    const { id, me } = await newGroup(page, browser.baseUrl, 'Офлайн-поход');
    await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/expenses`, {
      name: 'Палатка',
      amount: 3000,
      paidById: me,
      splitMethod: 'shares',
    });
    await page.goto('/');
    await page.getByText('Офлайн-поход').first().waitFor();
    await readyOffline(page, '"groups","list"');
    await page.goto(`/group/${id}`);
    await page.getByText('Палатка').waitFor();
    await readyOffline(page, 'Палатка');

    await goOffline(context, page);
    await page.reload();
    // The app's page from the worker's cache, the group from IndexedDB.
    await page.getByRole('heading', { name: 'Офлайн-поход' }).waitFor();
    await page.getByText('Палатка').waitFor();
    await page
      .getByText(/1\s500,00\s₽/)
      .first()
      .waitFor();
    await page.getByRole('status').filter({ hasText: ru.common.offline }).waitFor();
    // The group list too.
    await page.getByRole('link', { name: ru.common.back }).first().click();
    await page.getByText('Офлайн-поход').first().waitFor();

    // Signing out leaves nothing of the account on the device.
    await context.setOffline(false);
    await page.getByRole('button', { name: ru.common.userMenu }).click();
    await page.getByRole('menuitem', { name: ru.common.signOut }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => kept(page)).not.toContain('Офлайн-поход');
    await expect.poll(() => kept(page, 'user')).toBe('');
    await context.close();
  });

  it('queues an expense added offline, keeps it over a reload, and saves it once when back online; a payment too', async () => {
    const { context, page } = await browser.newPage({ mobile: true, serviceWorkers: 'allow' });
    await signInByApi(page, browser.baseUrl);
    const { id } = await newGroup(page, browser.baseUrl, 'Офлайн-запись');
    await page.goto(`/group/${id}`);
    await page.getByRole('link', { name: ru.group.addExpense }).first().waitFor();
    await readyOffline(page, 'Офлайн-запись');

    await goOffline(context, page);
    await page.getByRole('link', { name: ru.group.addExpense }).first().click();
    await page.getByLabel(ru.expense.name, { exact: true }).fill('Кофе без связи');
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('240');
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${id}`);
    const row = page.locator('.queued-row').filter({ hasText: 'Кофе без связи' });
    await row.getByText(ru.offline.waiting).waitFor();
    expect(await expenseNames(page, browser.baseUrl, id)).not.toContain('Кофе без связи');

    // Kept on the device: still there after a reload without a connection.
    await readyOffline(page, 'Кофе без связи');
    await page.reload();
    await row.getByText(ru.offline.waiting).waitFor();

    await context.setOffline(false);
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.expense-list .expense-name', { hasText: 'Кофе без связи' }).waitFor();
    // Saved exactly once, and not again after another reload online.
    await page.reload();
    await page.locator('.expense-list .expense-name', { hasText: 'Кофе без связи' }).waitFor();
    await page.waitForLoadState('networkidle');
    const names = await expenseNames(page, browser.baseUrl, id);
    expect(names.filter((name) => name === 'Кофе без связи')).toHaveLength(1);
    expect(await page.locator('.queued-row').count()).toBe(0);

    // A payment recorded offline waits the same way: Аня owes me half the coffee.
    await readyOffline(page, 'Кофе без связи');
    await goOffline(context, page);
    await page.getByRole('button', { name: /^Погасить долг: Аня → вам/ }).click();
    await page.getByRole('button', { name: ru.group.recordPayment }).click();
    const payment = page.locator('.queued-row').filter({ hasText: ru.offline.payment });
    await payment.getByText(ru.offline.waiting).waitFor();
    await page
      .getByText(/120,00\s₽/)
      .first()
      .waitFor();
    await context.setOffline(false);
    await payment.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: /^Погасить долг: Аня → вам/ }).count()).toBe(0);
    const settlements = await api<{ settlement: boolean }[]>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${id}/expenses`,
    );
    expect(settlements.filter((e) => e.settlement)).toHaveLength(1);
    await context.close();
  });

  it('queues an expense deleted offline, shows it waiting, and deletes it once when back online', async () => {
    const { context, page } = await browser.newPage({ mobile: true, serviceWorkers: 'allow' });
    await signInByApi(page, browser.baseUrl);
    const { id, me } = await newGroup(page, browser.baseUrl, 'Офлайн-удаление');
    await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/expenses`, {
      name: 'Билеты',
      amount: 800,
      paidById: me,
      splitMethod: 'shares',
    });
    await page.goto(`/group/${id}`);
    await page.locator('.expense-list .expense-name', { hasText: 'Билеты' }).waitFor();
    await readyOffline(page, 'Билеты');

    await goOffline(context, page);
    await page
      .getByRole('button', { name: ru.group.deleteExpenseLabel.replace('{{name}}', 'Билеты') })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: ru.group.deleteConfirm }).click();
    const row = page
      .locator('.queued-row')
      .filter({ hasText: ru.offline.deleteOf.replace('{{name}}', 'Билеты') });
    await row.getByText(ru.offline.waiting).waitFor();
    expect(await expenseNames(page, browser.baseUrl, id)).toContain('Билеты');

    // Kept on the device over a reload without a connection, then sent.
    await readyOffline(page, 'Офлайн-удаление');
    await page.reload();
    await row.getByText(ru.offline.waiting).waitFor();
    await context.setOffline(false);
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(() => page.locator('.expense-list .expense-name', { hasText: 'Билеты' }).count())
      .toBe(0);
    expect(await expenseNames(page, browser.baseUrl, id)).not.toContain('Билеты');
    // Deleted once: one line in the log.
    await page.reload();
    await page.getByRole('heading', { name: 'Офлайн-удаление' }).waitFor();
    await page.waitForLoadState('networkidle');
    const log = await api<{ action: string }[]>(page, browser.baseUrl, 'GET', `/api/groups/${id}/logs`);
    expect(log.filter((entry) => entry.action === 'EXPENSE_DELETED')).toHaveLength(1);
    expect(await page.locator('.queued-row').count()).toBe(0);
    await context.close();
  });

  it('keeps a queued change the server refuses, with its reason, to fix or discard', async () => {
    const { context, page } = await browser.newPage({ mobile: true, serviceWorkers: 'allow' });
    await signInByApi(page, browser.baseUrl);
    const { id, me } = await newGroup(page, browser.baseUrl, 'Офлайн-спор');
    const { id: expenseId } = await api<{ id: string }>(
      page,
      browser.baseUrl,
      'POST',
      `/api/groups/${id}/expenses`,
      {
        name: 'Ужин',
        amount: 1000,
        paidById: me,
        splitMethod: 'shares',
      },
    );
    await page.goto(`/group/${id}/expense/${expenseId}`);
    const name = page.getByLabel(ru.expense.name, { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Ужин');
    await readyOffline(page, 'Ужин');

    await goOffline(context, page);
    await name.fill('Ужин в кафе');
    await page.getByRole('button', { name: ru.expense.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${id}`);
    const row = page.locator('.queued-row').filter({ hasText: 'Ужин в кафе' });
    await row.getByText(ru.offline.waiting).waitFor();

    // Meanwhile someone else changes it (the API call does not go through the offline browser).
    await api(page, browser.baseUrl, 'PUT', `/api/groups/expenses/${expenseId}`, {
      name: 'Ужин у Ани',
      amount: 1000,
      paidById: me,
      splitMethod: 'shares',
    });

    await context.setOffline(false);
    const reason = ru.offline.refused.replace('{{reason}}', ru.offline.reasonConflict);
    await row.getByText(reason).waitFor({ timeout: 20_000 });
    // Kept, not sent again, over a reload.
    await readyOffline(page, 'Ужин в кафе');
    await page.reload();
    await row.getByText(reason).waitFor();
    expect(await expenseNames(page, browser.baseUrl, id)).toEqual(['Ужин у Ани']);

    // Fix: the form opens with what was typed offline, over the current version, and saves it.
    await row.getByRole('link', { name: ru.offline.fix }).click();
    await page.getByRole('alert').filter({ hasText: ru.offline.reasonConflict }).waitFor();
    await expect.poll(() => name.inputValue()).toBe('Ужин в кафе');
    // Saved over the current version (the form waited for it: the kept one is older).
    await page.getByRole('button', { name: ru.expense.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${id}`);
    await page.locator('.expense-list .expense-name', { hasText: 'Ужин в кафе' }).waitFor();
    expect(await page.locator('.queued-row').count()).toBe(0);
    expect(await expenseNames(page, browser.baseUrl, id)).toEqual(['Ужин в кафе']);

    // A refused one can be discarded too: queue another change, have it refused, discard it.
    await page.locator('.expense-list .expense-link', { hasText: 'Ужин в кафе' }).click();
    await expect.poll(() => name.inputValue()).toBe('Ужин в кафе');
    await goOffline(context, page);
    await name.fill('Ужин дома');
    await page.getByRole('button', { name: ru.expense.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${id}`);
    await api(page, browser.baseUrl, 'DELETE', `/api/groups/expenses/${expenseId}`);
    await context.setOffline(false);
    const refused = page.locator('.queued-row').filter({ hasText: 'Ужин дома' });
    await refused.getByText(reason).waitFor({ timeout: 20_000 });
    await refused
      .getByRole('button', { name: ru.offline.discardLabel.replace('{{name}}', 'Изменение: Ужин дома') })
      .click();
    await refused.waitFor({ state: 'detached' });
    // Dropped from the device at once, not after the persister's throttle.
    expect(await kept(page)).not.toContain('Ужин дома');
    await page.reload();
    await page.getByRole('heading', { name: 'Офлайн-спор' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.queued-row').count()).toBe(0);
    await context.close();
  });

  it('keeps a queued payment the server refuses, and Fix opens the settle-up form with it to correct and record', async () => {
    const { context, page } = await browser.newPage({ mobile: true, serviceWorkers: 'allow' });
    await signInByApi(page, browser.baseUrl);
    const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Офлайн-платёж',
      currency: 'RUB',
      users: [{ name: 'Аня' }, { name: 'Боря' }],
    });
    const { users } = await api<Group>(page, browser.baseUrl, 'GET', `/api/groups/${id}`);
    const seat = (name: string) => users.find((u) => u.name === name)!.memberId;
    const me = users.find((u) => u.isCurrentUser)!.memberId;
    // Аня and Боря owe me 1000 each.
    await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/expenses`, {
      name: 'Лодка',
      amount: 3000,
      paidById: me,
      splitMethod: 'shares',
    });
    await page.goto(`/group/${id}`);
    await page.getByRole('button', { name: /^Погасить долг: Аня → вам/ }).waitFor();
    await readyOffline(page, 'Лодка');

    // Аня's payment recorded offline; meanwhile an admin removes her from the group.
    await goOffline(context, page);
    await page.getByRole('button', { name: /^Погасить долг: Аня → вам/ }).click();
    await page.getByRole('button', { name: ru.group.recordPayment }).click();
    const row = page.locator('.queued-row').filter({ hasText: ru.offline.payment });
    await row.getByText(ru.offline.waiting).waitFor();
    await api(page, browser.baseUrl, 'DELETE', `/api/groups/${id}/members/by-member/${seat('Аня')}`);

    await context.setOffline(false);
    const reason = ru.offline.refused.replace('{{reason}}', ru.offline.reasonMember);
    await row.getByText(reason).waitFor({ timeout: 20_000 });
    // Which payment: whose, as the debts say it.
    const paymentTitle = ru.offline.paymentOf.replace('{{from}}', 'Аня').replace('{{to}}', ru.group.toYou);
    expect(await row.locator('.expense-name').innerText()).toBe(paymentTitle);
    // Kept over a reload, with its Fix.
    await readyOffline(page, '"appCode":"INVALID_MEMBER"');
    await page.reload();
    await row.getByText(reason).waitFor();

    // Fix: the settle-up form under the row, with what was recorded offline.
    await row.getByRole('button', { name: ru.offline.fix, expanded: false }).click();
    // Its button closes it again.
    await row.getByRole('button', { name: ru.common.cancel, expanded: true }).waitFor();
    const form = row.getByRole('form', { name: ru.offline.fixPaymentTitle });
    await form.waitFor();
    const payer = form.getByLabel(ru.group.payer, { exact: true });
    const recipient = form.getByLabel(ru.group.recipient, { exact: true });
    const amount = form.getByLabel(ru.group.amountIn.replace('{{currency}}', 'RUB'), { exact: true });
    expect(await payer.inputValue()).toBe(seat('Аня'));
    expect(await recipient.inputValue()).toBe(me);
    expect(await amount.inputValue()).toBe('1000,00');
    // Аня is gone from the group: the payment was Боря's. The amount follows his debt.
    await payer.selectOption(seat('Боря'));
    await expect.poll(() => recipient.inputValue()).toBe(me);
    await expect.poll(() => amount.inputValue()).toBe('1000,00');
    await form.getByRole('button', { name: ru.group.recordPayment }).click();
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: /^Погасить долг: Боря → вам/ }).count()).toBe(0);
    await page.getByRole('button', { name: /^Погасить долг: Аня → вам/ }).waitFor();

    // Recorded once, as Боря's; the refused one is gone from the device too.
    const list = await api<{ settlement: boolean; settlementFromId: string | null }[]>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${id}/expenses`,
    );
    expect(list.filter((e) => e.settlement).map((e) => e.settlementFromId)).toEqual([seat('Боря')]);
    await expect.poll(() => kept(page)).not.toContain('"outbox"');
    await page.reload();
    await page.getByRole('heading', { name: 'Офлайн-платёж' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.queued-row').count()).toBe(0);
    await context.close();
  });

  it('says so when a group or an expense never opened on this device is opened offline, and shows it once back online', async () => {
    const { context, page } = await browser.newPage({ mobile: true, serviceWorkers: 'allow' });
    await signInByApi(page, browser.baseUrl);
    const seen = await newGroup(page, browser.baseUrl, 'Офлайн-знакомая');
    await api(page, browser.baseUrl, 'POST', `/api/groups/${seen.id}/expenses`, {
      name: 'Вёсла',
      amount: 600,
      paidById: seen.me,
      splitMethod: 'shares',
    });
    const unseen = await newGroup(page, browser.baseUrl, 'Офлайн-незнакомая');
    await api(page, browser.baseUrl, 'POST', `/api/groups/${unseen.id}/expenses`, {
      name: 'Палатка',
      amount: 900,
      paidById: unseen.me,
      splitMethod: 'shares',
    });
    // The list of groups and one group are seen; the other group and the expense are not opened.
    await page.goto(`/group/${seen.id}`);
    await page.locator('.expense-list .expense-name', { hasText: 'Вёсла' }).waitFor();
    await readyOffline(page, 'Вёсла');
    await page.getByRole('link', { name: ru.common.back }).first().click();
    await page.getByText('Офлайн-незнакомая').first().waitFor();
    await readyOffline(page, 'Офлайн-незнакомая');

    await goOffline(context, page);
    await page.getByText('Офлайн-незнакомая').first().click();
    await page.waitForURL((url) => url.pathname === `/group/${unseen.id}`);
    // Not a spinner for ever, not an error: what cannot be shown and why, under the group's name.
    const state = page.getByRole('status').filter({ hasText: ru.offline.notKeptGroup });
    await state.waitFor();
    await page.getByRole('heading', { name: 'Офлайн-незнакомая' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('.spinner').count()).toBe(0);
    // The same after a reload without a connection (react-query is told the browser is offline).
    await page.reload();
    await state.waitFor();
    expect(await page.locator('.spinner').count()).toBe(0);
    expect(await page.getByText(ru.common.genericError).count()).toBe(0);

    // Back online, the group shows by itself.
    await context.setOffline(false);
    await page.locator('.expense-list .expense-name', { hasText: 'Палатка' }).waitFor({ timeout: 20_000 });
    expect(await state.count()).toBe(0);

    // An expense of a kept list, never opened: the same, and its form once back online.
    await page.goto(`/group/${seen.id}`);
    await page.locator('.expense-list .expense-name', { hasText: 'Вёсла' }).waitFor();
    await goOffline(context, page);
    await page.locator('.expense-list .expense-link', { hasText: 'Вёсла' }).click();
    const expenseState = page.getByRole('status').filter({ hasText: ru.offline.notKeptExpense });
    await expenseState.waitFor();
    expect(await page.locator('.spinner').count()).toBe(0);
    await context.setOffline(false);
    await expect
      .poll(() => page.getByLabel(ru.expense.name, { exact: true }).inputValue(), { timeout: 20_000 })
      .toBe('Вёсла');
    await context.close();
  });

  it('offers a new version when the service worker is updated, and the update reloads the page', async () => {
    const { context, page } = await browser.newPage({ mobile: true, serviceWorkers: 'allow' });
    await signInByApi(page, browser.baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { name: ru.groups.title }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // A new build: the served worker changes, and the browser finds it when it checks.
    appendFileSync(join(inject('webDist'), 'sw.js'), `\n// a new version ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const offer = page.getByText(ru.offline.updateReady);
    await offer.waitFor({ timeout: 30_000 });
    const before = await page.evaluate(() => performance.timeOrigin);
    await page.getByRole('button', { name: ru.offline.updateReload }).click();
    // The new worker takes over and the page loads again, without the offer.
    await expect.poll(() => page.evaluate(() => performance.timeOrigin).catch(() => before)).not.toBe(before);
    await page.getByRole('heading', { name: ru.groups.title }).waitFor();
    expect(await offer.count()).toBe(0);
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
    ).toBeNull();
    await context.close();
  });
});
