import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { debtLines } from './debt-lines';
import { api, signInByApi, useBrowser } from './harness';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

describe('journey 2: a group in EUR, an expense by shares, edited to amounts, deleted', () => {
  const browser = useBrowser();

  it('creates the group and expense and shows the right debts at every step', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);

    await page.goto('/');
    await page.getByRole('link', { name: ru.groups.newGroup }).click();
    await page.getByLabel(ru.groups.groupName).fill('Поездка в Берлин');
    await page.getByRole('button', { name: new RegExp(ru.groups.currency) }).click();
    await page.getByRole('combobox', { name: ru.groups.currencySearch }).fill('EUR');
    await page.keyboard.press('Enter');
    for (const name of ['Аля', 'Борис']) {
      await page.getByLabel(ru.groups.memberName).fill(name);
      await page.getByRole('button', { name: ru.groups.addMember, exact: true }).click();
    }
    await page.getByRole('button', { name: fill(ru.common.increaseShare, { name: 'Борис' }) }).click();
    await page.getByRole('button', { name: ru.groups.create }).click();
    await page.waitForURL(/\/group\/[0-9a-f-]{36}\/settings$/);
    const groupId = new URL(page.url()).pathname.split('/')[2]!;

    const group = await api<{ currency: string; users: { name: string; share: number }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${groupId}`,
    );
    expect(group.currency).toBe('EUR');
    expect(group.users.map((u) => [u.name, u.share])).toEqual([
      ['Демо', 1],
      ['Аля', 1],
      ['Борис', 2],
    ]);

    // An expense of 100 by shares 1/1/2, paid by me.
    await page.goto(`/group/${groupId}`);
    await page.getByRole('link', { name: ru.group.addExpense }).click();
    await page.getByLabel(ru.expense.name, { exact: true }).fill('Ужин');
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('100');
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    expect(await debtLines(page, 2)).toEqual([
      expect.stringMatching(/^Аля → вам.*25,00\s€$/),
      expect.stringMatching(/^Борис → вам.*50,00\s€$/),
    ]);

    // Edit it to amounts: Аля 30, Борис 70.
    await page.getByText('Ужин').click();
    await page.waitForURL(/\/expense\//);
    await page.getByRole('radio', { name: ru.expense.modeAmounts }).click();
    await page.getByLabel(fill(ru.expense.amountOf, { name: 'Аля' })).fill('30');
    await page.getByLabel(fill(ru.expense.amountOf, { name: 'Борис' })).fill('70');
    await page.getByRole('button', { name: ru.expense.save, exact: true }).click();
    await page.getByText(ru.expense.updated).first().waitFor();
    await page.goto(`/group/${groupId}`);
    expect(await debtLines(page, 2)).toEqual([
      expect.stringMatching(/^Аля → вам.*30,00\s€$/),
      expect.stringMatching(/^Борис → вам.*70,00\s€$/),
    ]);

    // Delete it: no debts are left.
    await page.getByRole('button', { name: fill(ru.group.deleteExpenseLabel, { name: 'Ужин' }) }).click();
    await page.getByRole('dialog').getByRole('button', { name: ru.group.deleteConfirm }).click();
    await page.getByText(ru.group.noDebts).waitFor();
    const expenses = await api<unknown[]>(page, browser.baseUrl, 'GET', `/api/groups/${groupId}/expenses`);
    expect(expenses).toEqual([]);
    await context.close();
  });
});
