import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

interface Group {
  id: string;
  users: { memberId: string; name: string; isCurrentUser: boolean }[];
}

describe('journey 3: settling up from the group page', () => {
  const browser = useBrowser();

  it('records the suggested payments from the settle-up form until no debts are left', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Дача',
      currency: 'RUB',
      users: [{ name: 'Гоша' }, { name: 'Вера' }],
    });
    const group = await api<Group>(page, browser.baseUrl, 'GET', `/api/groups/${id}`);
    const me = group.users.find((u) => u.isCurrentUser)!.memberId;
    // 300 split three ways, paid by me: Гоша and Вера owe me 100 each.
    await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/expenses`, {
      name: 'Дрова',
      amount: 300,
      paidById: me,
      splitMethod: 'shares',
    });

    await page.goto(`/group/${id}`);
    await page.getByText(ru.group.debtsTitle).waitFor();
    for (let payment = 0; payment < 2; payment++) {
      await page.getByRole('button', { name: ru.group.settleUp, exact: true }).click();
      const amount = page.getByLabel(ru.group.amountIn.replace('{{currency}}', 'RUB'));
      expect(await amount.inputValue()).toBe('100,00');
      await page.getByRole('button', { name: ru.group.recordPayment }).click();
      await page.getByText(ru.group.paymentRecorded).first().waitFor();
      await amount.waitFor({ state: 'detached' });
    }
    await page.getByText(ru.group.noDebts).waitFor();

    const balances = await api<{ members: { net: number }[]; debts: unknown[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${id}/balances`,
    );
    expect(balances.debts).toEqual([]);
    expect(balances.members.map((m) => m.net)).toEqual([0, 0, 0]);
    await context.close();
  });

  it('settles one debt line with its own button: the form opens prefilled with that debt', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Квартира',
      currency: 'RUB',
      users: [{ name: 'Гоша' }, { name: 'Вера' }],
    });
    const group = await api<Group>(page, browser.baseUrl, 'GET', `/api/groups/${id}`);
    const me = group.users.find((u) => u.isCurrentUser)!.memberId;
    const vera = group.users.find((u) => u.name === 'Вера')!.memberId;
    // Вера paid 8057.73 for three: I owe her 2685.91 and so does Гоша.
    await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/expenses`, {
      name: 'Аренда',
      amount: 8057.73,
      paidById: vera,
      splitMethod: 'shares',
    });

    await page.goto(`/group/${id}`);
    const mine = page.getByRole('button', { name: /^Погасить долг: Вы → Вера/ });
    await mine.click();
    expect(await page.getByLabel(ru.group.payer).inputValue()).toBe(me);
    expect(await page.getByLabel(ru.group.recipient).inputValue()).toBe(vera);
    const amount = page.getByLabel(ru.group.amountIn.replace('{{currency}}', 'RUB'));
    expect(await amount.inputValue()).toMatch(/^2685,9[01]$/);
    // Only lines that involve me have the button.
    expect(await page.getByRole('button', { name: /^Погасить долг: Гоша/ }).count()).toBe(0);
    await page.getByRole('button', { name: ru.group.recordPayment }).click();
    await page.getByText(ru.group.paymentRecorded).first().waitFor();
    await expect.poll(() => mine.count()).toBe(0);
    await context.close();
  });
});
