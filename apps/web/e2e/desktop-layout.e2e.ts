import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

/**
 * The group page on a desktop (1280 px) puts who owes whom beside the expenses, and keeps it in
 * view while the list scrolls; on a phone (390 px) it stays one column, debts first.
 */
describe('the group page layout', () => {
  const browser = useBrowser();

  async function openGroup(mobile: boolean) {
    const { context, page } = await browser.newPage({ mobile });
    if (!mobile) await page.setViewportSize({ width: 1280, height: 800 });
    await signInByApi(page, browser.baseUrl);
    const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Раскладка',
      currency: 'RUB',
      users: [{ name: 'Аня' }],
    });
    await page.goto(`/group/${id}`);
    const debts = page.getByRole('heading', { name: ru.group.debtsTitle });
    const expenses = page.getByRole('heading', { name: ru.group.expensesTitle });
    await debts.waitFor();
    await expenses.waitFor();
    const box = async (heading: typeof debts) => (await heading.boundingBox())!;
    return { context, page, debts: await box(debts), expenses: await box(expenses) };
  }

  it('puts the debts beside the expenses at 1280 px, at the same height', async () => {
    const { context, debts, expenses } = await openGroup(false);
    expect(debts.x).toBeGreaterThan(expenses.x + expenses.width);
    expect(Math.abs(debts.y - expenses.y)).toBeLessThan(40);
    await context.close();
  });

  it('puts the debts above the expenses at 390 px', async () => {
    const { context, debts, expenses } = await openGroup(true);
    expect(debts.y).toBeLessThan(expenses.y);
    expect(Math.abs(debts.x - expenses.x)).toBeLessThan(40);
    await context.close();
  });
});
