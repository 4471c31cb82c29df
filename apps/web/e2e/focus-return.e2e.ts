import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Whether `opener` holds focus (issue 27: after a dialog closed, focus was on <body>). */
async function focused(opener: Locator) {
  return opener.evaluate((el) => el === document.activeElement);
}

/** Opens a dialog from `opener` by the keyboard, closes it by Escape, then again by Cancel. */
async function openAndClose(page: Page, opener: Locator, open: () => Promise<void>, dialog: Locator) {
  for (const close of ['Escape', 'Cancel'] as const) {
    await open();
    await dialog.waitFor();
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: ru.common.cancel, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(opener), { message: `${close}: focus back on the opener` }).toBe(true);
  }
}

describe('journey: focus goes back to what opened a dialog or a menu', () => {
  const browser = useBrowser();

  it('the delete confirmation, the position dialog, a member menu and its dialog, the invite refresh', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const base = browser.baseUrl;
    const { id: groupId } = await api<{ id: string }>(page, base, 'POST', '/api/groups', {
      name: 'Фокус',
      currency: 'RUB',
      users: [{ name: 'Аня' }],
    });
    const group = await api<{ users: { memberId: string; isCurrentUser: boolean }[] }>(
      page,
      base,
      'GET',
      `/api/groups/${groupId}`,
    );
    const me = group.users.find((u) => u.isCurrentUser)!.memberId;
    const { id: expenseId } = await api<{ id: string }>(
      page,
      base,
      'POST',
      `/api/groups/${groupId}/expenses`,
      {
        name: 'Такси',
        amount: 600,
        paidById: me,
        splitMethod: 'shares',
      },
    );

    // The expense's delete confirmation.
    await page.goto(`/group/${groupId}/expense/${expenseId}`);
    const trash = page.getByRole('button', { name: ru.expense.deleteLabel });
    await trash.waitFor();
    await openAndClose(
      page,
      trash,
      async () => {
        await trash.focus();
        await page.keyboard.press('Enter');
      },
      page.getByRole('dialog', { name: ru.expense.deleteTitle }),
    );

    // The position dialog.
    await page.getByRole('button', { name: fill(ru.expense.positionsCount, { count: '0' }) }).click();
    const addPosition = page.getByRole('button', { name: ru.expense.addPosition });
    await addPosition.waitFor();
    for (const close of ['Escape', 'Cancel'] as const) {
      await addPosition.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: ru.expense.addPosition });
      await dialog.waitFor();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: ru.common.cancel, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focused(addPosition), { message: close }).toBe(true);
    }

    // A member's menu: Escape gives focus back to its button; so does the dialog one of its items opens.
    await page.goto(`/group/${groupId}/settings`);
    const actions = page.getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Аня' }) });
    await actions.waitFor();
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => focused(actions)).toBe(true);
    await openAndClose(
      page,
      actions,
      async () => {
        await actions.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('menuitem', { name: ru.settings.remove }).click();
      },
      page.getByRole('dialog', { name: ru.settings.removeTitle }),
    );

    // The invite link's refresh confirmation.
    const refresh = page.getByRole('button', { name: ru.invites.refresh });
    await refresh.waitFor();
    await openAndClose(
      page,
      refresh,
      async () => {
        await refresh.focus();
        await page.keyboard.press('Enter');
      },
      page.getByRole('dialog', { name: ru.invites.refreshTitle }),
    );
    await context.close();
  });

  it('leaving the edit screen with changes asks first; staying keeps the changes', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const [group] = await api<{ id: string }[]>(page, browser.baseUrl, 'GET', '/api/groups');
    const { users } = await api<{ users: { memberId: string; isCurrentUser: boolean }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${group!.id}`,
    );
    const paidById = users.find((u) => u.isCurrentUser)!.memberId;
    const { id: expenseId } = await api<{ id: string }>(
      page,
      browser.baseUrl,
      'POST',
      `/api/groups/${group!.id}/expenses`,
      { name: 'Кофе', amount: 300, paidById, splitMethod: 'shares' },
    );
    await page.goto(`/group/${group!.id}/expense/${expenseId}`);
    const name = page.getByLabel(ru.expense.name, { exact: true });
    await name.fill('Кофе и булка');
    const back = page.getByRole('link', { name: ru.common.back });
    await back.click();
    const ask = page.getByRole('dialog', { name: ru.expense.leaveTitle });
    await ask.waitFor();
    await ask.getByRole('button', { name: ru.common.cancel, exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/group/${group!.id}/expense/${expenseId}`);
    expect(await name.inputValue()).toBe('Кофе и булка');
    // A clear Save button at the bottom; saving leaves without asking.
    await page.getByRole('button', { name: ru.expense.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${group!.id}`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
  it('the list’s and the group list’s delete questions, the password’s removal, the header’s menu and notifications', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const base = browser.baseUrl;
    const { id: groupId } = await api<{ id: string }>(page, base, 'POST', '/api/groups', {
      name: 'Фокус-два',
      currency: 'RUB',
      users: [{ name: 'Аня' }],
    });
    const { users } = await api<{ users: { memberId: string; isCurrentUser: boolean }[] }>(
      page,
      base,
      'GET',
      `/api/groups/${groupId}`,
    );
    await api(page, base, 'POST', `/api/groups/${groupId}/expenses`, {
      name: 'Такси',
      amount: 600,
      paidById: users.find((u) => u.isCurrentUser)!.memberId,
      splitMethod: 'shares',
    });
    const byKeyboard = (opener: Locator) => async () => {
      await opener.focus();
      await page.keyboard.press('Enter');
    };

    // The expense list's delete question (a row's bin).
    await page.goto(`/group/${groupId}`);
    const bin = page.getByRole('button', { name: fill(ru.group.deleteExpenseLabel, { name: 'Такси' }) });
    await bin.waitFor();
    await openAndClose(page, bin, byKeyboard(bin), page.getByRole('dialog', { name: ru.group.deleteTitle }));

    // The header's user menu and the notifications (Radix's own triggers, once their code is in).
    const menu = page
      .getByRole('button', { name: ru.common.userMenu })
      .and(page.locator('[aria-haspopup="menu"]'));
    await menu.waitFor();
    await byKeyboard(menu)();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => focused(menu), { message: 'user menu' }).toBe(true);
    const bell = page.locator('.notif-bell[aria-haspopup="dialog"]');
    await bell.waitFor();
    await byKeyboard(bell)();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(bell), { message: 'notifications' }).toBe(true);

    // The group list's delete question.
    await page.goto('/');
    const remove = page.getByRole('button', {
      name: fill(ru.groups.deleteGroupLabel, { name: 'Фокус-два' }),
    });
    await remove.waitFor();
    await openAndClose(
      page,
      remove,
      byKeyboard(remove),
      page.getByRole('dialog', { name: ru.groups.deleteTitle }),
    );

    // The account's question before removing the password.
    await page.goto('/account');
    const provider = ru.account.passwordMethod;
    const unlink = page.getByRole('button', { name: fill(ru.account.unlinkProvider, { provider }) });
    await unlink.waitFor();
    await openAndClose(
      page,
      unlink,
      byKeyboard(unlink),
      page.getByRole('dialog', { name: fill(ru.account.unlinkTitle, { provider }) }),
    );
    await context.close();
  });
});
