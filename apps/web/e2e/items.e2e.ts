import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { debtLines } from './debt-lines';
import { api, signInByApi, useBrowser } from './harness';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

interface Group {
  users: { memberId: string; name: string; isCurrentUser: boolean }[];
}
interface RestExpense {
  amount: number;
  splitMethod: string;
  splits: Record<string, number>;
  items: { id: string; name: string; amount: number; splitMethod: string; splitJson: string }[];
  snapshot: string | null;
}

/** Adds a position through its dialog: name, quantity, amount. */
async function addPosition(page: Page, name: string, amount: string, quantity = '') {
  await page.getByRole('button', { name: ru.expense.addPosition }).click();
  const dialog = page.getByRole('dialog', { name: ru.expense.addPosition });
  await dialog.getByLabel(ru.expense.positionName).fill(name);
  if (quantity) await dialog.getByLabel(ru.expense.positionQuantity).fill(quantity);
  await dialog.getByLabel(ru.expense.positionAmount).fill(amount);
  await dialog.getByRole('button', { name: ru.expense.positionAdd, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('journey: a receipt split line by line', () => {
  const browser = useBrowser();

  it('three positions, members by chips, wine by percentages; the debts follow; the original stays', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const base = browser.baseUrl;
    const { id: groupId } = await api<{ id: string }>(page, base, 'POST', '/api/groups', {
      name: 'Ужин в Казани',
      currency: 'RUB',
      users: [{ name: 'Аня' }, { name: 'Боря' }],
    });
    const group = await api<Group>(page, base, 'GET', `/api/groups/${groupId}`);
    const seat = (name: string) => group.users.find((u) => u.name === name)!.memberId;
    const me = group.users.find((u) => u.isCurrentUser)!.memberId;
    // As the bot would leave it: an expense whose lines were recognised (the snapshot), split
    // equally for now, with no positions yet.
    const recognised = [
      {
        name: 'пицца',
        number: 1,
        amount: 800,
        splitMethod: 'members',
        splitJson: JSON.stringify([seat('Аня'), seat('Боря')]),
      },
      {
        name: 'вино',
        number: 1,
        amount: 1200,
        splitMethod: 'members',
        splitJson: JSON.stringify([me, seat('Аня'), seat('Боря')]),
      },
      { name: 'десерт', number: 1, amount: 350, splitMethod: 'members', splitJson: JSON.stringify([me]) },
    ];
    const { id: expenseId } = await api<{ id: string }>(
      page,
      base,
      'POST',
      `/api/groups/${groupId}/expenses`,
      {
        name: 'Чек',
        amount: 2350,
        paidById: me,
        splitMethod: 'shares',
        snapshot: JSON.stringify(recognised),
      },
    );

    await page.goto(`/group/${groupId}/expense/${expenseId}`);
    await page.getByRole('button', { name: fill(ru.expense.positionsCount, { count: '0' }) }).click();
    const positions = page.getByRole('region', { name: ru.expense.positions });
    await addPosition(page, 'Пицца', '800');
    await addPosition(page, 'Вино', '1200', '2');
    await addPosition(page, 'Десерт', '350');
    const position = (name: string) => positions.getByRole('listitem').filter({ hasText: name });

    // Аня and Боря on the pizza, by chips; the dessert is mine, chosen with the keyboard.
    for (const name of ['Аня', 'Боря']) {
      await positions.getByRole('button', { name, exact: true }).click();
      await position('Пицца').getByRole('button').first().click();
    }
    await positions.getByRole('button', { name: 'Демо', exact: true }).focus();
    await page.keyboard.press('Enter');
    await position('Десерт').getByRole('button').first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => position('Десерт').innerText()).toContain('Демо');
    expect(await position('Пицца').innerText()).toContain('Аня, Боря');

    // The wine by percentages, in the split dialog: 50 / 25 / 25.
    await page.getByRole('button', { name: fill(ru.expense.itemMenu, { name: 'Вино' }) }).click();
    await page.getByRole('menuitem', { name: ru.expense.splitItem }).click();
    const dialog = page.getByRole('dialog', { name: fill(ru.expense.splitDialogTitle, { name: 'Вино' }) });
    await dialog.getByRole('radio', { name: ru.expense.modePercentages }).check();
    await dialog.getByLabel(fill(ru.expense.percentOf, { name: 'Демо (вы)' })).fill('50');
    await dialog.getByLabel(fill(ru.expense.percentOf, { name: 'Аня' })).fill('25');
    await dialog.getByLabel(fill(ru.expense.percentOf, { name: 'Боря' })).fill('20');
    await dialog.getByRole('status').filter({ hasText: '95' }).waitFor();
    expect(await dialog.getByRole('button', { name: ru.expense.splitDialogApply }).isDisabled()).toBe(true);
    await dialog.getByLabel(fill(ru.expense.percentOf, { name: 'Боря' })).fill('25');
    await dialog.getByRole('button', { name: ru.expense.splitDialogApply }).click();
    await dialog.waitFor({ state: 'detached' });

    // The positions decide: the amount is their sum, read-only, and each member's part follows.
    const amount = page.getByLabel(ru.expense.amount, { exact: true });
    expect(await amount.inputValue()).toBe('2350');
    expect(await amount.getAttribute('readonly')).not.toBeNull();
    const totals = positions.getByRole('list', { name: ru.expense.perMember });
    await expect
      .poll(async () => (await totals.innerText()).replace(/\s+/g, ' '))
      .toContain('Демо (вы) 950,00 ₽');

    await page.getByRole('button', { name: ru.expense.save, exact: true }).click();
    await page.getByText(ru.expense.updated).first().waitFor();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    expect(await debtLines(page, 2)).toEqual([
      expect.stringMatching(/^Аня → вам.*700,00\s₽$/),
      expect.stringMatching(/^Боря → вам.*700,00\s₽$/),
    ]);

    const saved = await api<RestExpense>(page, base, 'GET', `/api/groups/expenses/${expenseId}`);
    expect(saved).toMatchObject({
      amount: 2350,
      splitMethod: 'amounts',
      splits: { [me]: 950, [seat('Аня')]: 700, [seat('Боря')]: 700 },
    });
    expect(saved.items.map((i) => [i.name, i.amount, i.splitMethod])).toEqual([
      ['Пицца', 800, 'members'],
      ['Вино', 1200, 'percentages'],
      ['Десерт', 350, 'members'],
    ]);
    expect(JSON.parse(saved.snapshot!)).toEqual(recognised);

    // Back on the expense: the lines as recognised are a toggle away, unchanged by the edit.
    await page.goto(`/group/${groupId}/expense/${expenseId}`);
    const reopened = page.getByRole('region', { name: ru.expense.positions });
    await reopened.getByRole('radio', { name: ru.expense.viewOriginal }).check();
    await reopened.getByText(ru.expense.originalNote).waitFor();
    const lines = (await reopened.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(lines.slice(0, 3)).toEqual([
      expect.stringMatching(/^пицца 800,00 ₽ Аня, Боря$/),
      expect.stringMatching(/^вино 1 200,00 ₽ Демо, Аня, Боря$/),
      expect.stringMatching(/^десерт 350,00 ₽ Демо$/),
    ]);
    await reopened.getByRole('radio', { name: ru.expense.viewCurrent }).check();
    expect(await reopened.getByRole('listitem').filter({ hasText: 'Вино' }).innerText()).toContain('50');
    await context.close();
  });
});
