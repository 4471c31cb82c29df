import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The names of the expenses the group page lists now. */
async function listedNames(page: Page) {
  return (await page.locator('.expense-list .expense-name').allInnerTexts()).map((t) => t.trim());
}

async function expectListed(page: Page, names: string[]) {
  await expect.poll(() => listedNames(page), { timeout: 10_000 }).toEqual(names);
}

describe('journey: a category on an expense, searching the list, restoring from the log (issue 27)', () => {
  const browser = useBrowser();

  it('saves the chosen category, shows its icon, finds by text and by filters, restores a deleted one', async () => {
    const { page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    const { id: groupId } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Поиск',
      currency: 'RUB',
      users: [{ name: 'Аля' }],
    });
    const group = await api<{ users: { memberId: string; name: string; isCurrentUser: boolean }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${groupId}`,
    );
    const me = group.users.find((u) => u.isCurrentUser)!.memberId;
    const alya = group.users.find((u) => u.name === 'Аля')!.memberId;

    // A new expense starts in the default category; this one is food.
    await page.goto(`/group/${groupId}/new-expense`);
    const category = page.getByLabel(ru.expense.category, { exact: true });
    await expect.poll(() => category.inputValue()).toBe('general');
    await page.getByLabel(ru.expense.name, { exact: true }).fill('Пицца в Казани');
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('1200');
    await category.selectOption({ label: ru.group.categories.food });
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    // Two more through the API: a taxi Аля paid, and a note that mentions the airport.
    await api(page, browser.baseUrl, 'POST', `/api/groups/${groupId}/expenses`, {
      name: 'Такси',
      amount: 500,
      paidById: alya,
      notes: 'из аэропорта',
      category: 'transport',
      date: '2026-01-10',
    });
    await api(page, browser.baseUrl, 'POST', `/api/groups/${groupId}/expenses`, {
      name: 'Кофе',
      amount: 300,
      paidById: me,
      participants: [me],
      category: 'food',
      date: '2026-01-09',
    });
    await page.reload();
    await expectListed(page, ['Пицца в Казани', 'Такси', 'Кофе']);
    const pizzaRow = page.locator('.expense-row', { hasText: 'Пицца в Казани' });
    await pizzaRow.locator(`.expense-category-mark[title="${ru.group.categories.food}"] svg`).waitFor();
    await page
      .locator('.expense-row', { hasText: 'Такси' })
      .locator(`.expense-category-mark[title="${ru.group.categories.transport}"] svg`)
      .waitFor();

    // The edit screen shows the stored category.
    await page.getByText('Пицца в Казани').click();
    await page.waitForURL(/\/expense\//);
    await expect.poll(() => page.getByLabel(ru.expense.category, { exact: true }).inputValue()).toBe('food');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);

    // Search: by a word of the name whatever its case, by a word of the notes, then by filters.
    const search = page.getByRole('searchbox', { name: ru.group.searchLabel });
    await search.fill('КАЗАН');
    await expectListed(page, ['Пицца в Казани']);
    await search.fill('аэропорт');
    await expectListed(page, ['Такси']);
    await search.fill('пицца в москве');
    await page.getByText(ru.group.searchNothing).waitFor();
    await page.getByRole('button', { name: ru.group.searchClear }).click();
    await expectListed(page, ['Пицца в Казани', 'Такси', 'Кофе']);
    await page.getByRole('button', { name: ru.group.filters }).click();
    await page.getByLabel(ru.group.filterCategory).selectOption({ label: ru.group.categories.food });
    await expectListed(page, ['Пицца в Казани', 'Кофе']);
    await page.getByLabel(ru.group.filterMember).selectOption({ label: 'Аля' });
    // Аля paid the taxi and has a share of the pizza (a new expense is split by everyone's share).
    await expectListed(page, ['Пицца в Казани']);
    await page.getByLabel(ru.group.filterCategory).selectOption({ value: '' });
    await expectListed(page, ['Пицца в Казани', 'Такси']);
    await page.getByRole('button', { name: ru.group.searchClear }).click();
    await expectListed(page, ['Пицца в Казани', 'Такси', 'Кофе']);
    await page.getByLabel(ru.group.filterFrom).fill('2026-01-10');
    await page.getByLabel(ru.group.filterTo).fill('2026-01-10');
    await expectListed(page, ['Такси']);
    await page.getByRole('button', { name: ru.group.searchClear }).click();

    // Delete the taxi, then bring it back from the log.
    await page.getByRole('button', { name: fill(ru.group.deleteExpenseLabel, { name: 'Такси' }) }).click();
    await page.getByRole('dialog').getByRole('button', { name: ru.group.deleteConfirm }).click();
    await expectListed(page, ['Пицца в Казани', 'Кофе']);
    await page.goto(`/group/${groupId}/logs`);
    await page.getByRole('button', { name: new RegExp(`^${ru.log.restore}`) }).click();
    await page.getByText(ru.log.expenseRestored).first().waitFor();
    await page.getByText(/Восстановлен расход «Такси»/).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: new RegExp(`^${ru.log.restore}`) }).count())
      .toBe(0);
    await page.goto(`/group/${groupId}`);
    await expectListed(page, ['Пицца в Казани', 'Такси', 'Кофе']);

    // The statistics sum each category.
    await page.goto(`/group/${groupId}/stats`);
    const categories = page.locator('section', { hasText: ru.stats.categoriesTitle });
    await categories.getByText(ru.group.categories.food).waitFor();
    const rows = (await categories.locator('.stats-category').allInnerTexts()).map((t) =>
      t.replace(/\s+/g, ' '),
    );
    expect(rows[0]).toMatch(/Еда и напитки 1 500,00 ₽ 75 % · расходов: 2/);
    expect(rows[1]).toMatch(/Транспорт 500,00 ₽ 25 % · расходов: 1/);
  });
});
