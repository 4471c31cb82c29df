import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, DEMO, signInByApi, useBrowser } from './harness';

/** The accessible-ish name of the focused element: aria-label, its label's text, or its own text. */
function focusedName(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled.trim();
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    if (label) return label.trim();
    return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** Presses Tab (only the keyboard) until the focused element's name matches; fails after 80 steps. */
async function tabTo(page: Page, name: string | RegExp) {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let step = 0; step < 80; step++) {
    await page.keyboard.press('Tab');
    if (matches(await focusedName(page))) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

describe('keyboard only: sign in, add an expense, settle up', () => {
  const browser = useBrowser();

  it('does the whole journey with Tab, typing, Enter and Space', async () => {
    // The group to work in, made through the API in another context.
    const setup = await browser.newPage();
    await signInByApi(setup.page, browser.baseUrl);
    const suffix = Date.now().toString(36);
    const groupName = `Клавиатура ${suffix}`;
    const { id } = await api<{ id: string }>(setup.page, browser.baseUrl, 'POST', '/api/groups', {
      name: groupName,
      currency: 'RUB',
      users: [{ name: 'Гоша' }],
    });
    await setup.context.close();

    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await tabTo(page, ru.auth.email);
    await page.keyboard.type(DEMO.email);
    await tabTo(page, ru.auth.password);
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    await tabTo(page, new RegExp(groupName));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/group/${id}`);

    await tabTo(page, ru.group.addExpense);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/group/${id}/new-expense`);
    await tabTo(page, ru.expense.name);
    await page.keyboard.type('Пицца');
    await tabTo(page, ru.expense.amount);
    await page.keyboard.type('1200,50');
    await tabTo(page, ru.expense.submit);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/group/${id}`);
    await page.getByText('Пицца').first().waitFor();

    // Гоша owes me 600,25: settle it from the line's own button, then record with Space.
    await tabTo(page, /^Погасить долг: Гоша → вам/);
    await page.keyboard.press('Enter');
    await tabTo(page, ru.group.recordPayment);
    await page.keyboard.press('Space');
    await page.getByText(ru.group.paymentRecorded).first().waitFor();
    await page.getByText(ru.group.noDebts).waitFor();

    const balances = await api<{ debts: unknown[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${id}/balances`,
    );
    expect(balances.debts).toEqual([]);
    await context.close();
  });
});
