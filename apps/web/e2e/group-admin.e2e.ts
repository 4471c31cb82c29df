import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Opens a member's row menu, picks an action and confirms it in the dialog. */
async function memberAction(page: Page, name: string, item: string, confirm: string) {
  await page.getByRole('button', { name: fill(ru.settings.actionsFor, { name }) }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
}

describe('journey: an admin manages the group; the log and the stats show it', () => {
  const browser = useBrowser();

  it('renames, changes shares, adds, promotes, demotes and removes members', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Квартира',
      currency: 'RUB',
      users: [{ name: 'Кира' }],
    });
    await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/members`, {
      name: 'Аня',
      username: 'anya',
      isAdmin: false,
    });
    const group = await api<{ users: { memberId: string; name: string }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${id}`,
    );
    const kira = group.users.find((u) => u.name === 'Кира')!.memberId;
    await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/expenses`, {
      name: 'Шторы',
      amount: 300,
      paidById: kira,
    });

    await page.goto(`/group/${id}/settings`);
    const save = page.getByRole('button', { name: ru.settings.save, exact: true });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel(ru.settings.groupName).fill('Квартира на Ленина');
    expect(await save.isEnabled()).toBe(true);
    await page.getByRole('button', { name: fill(ru.common.increaseShare, { name: 'Кира' }) }).click();
    await save.click();
    await page.getByText(ru.settings.saved).first().waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    await page.getByRole('button', { name: ru.settings.addToggle }).click();
    await page.getByLabel(ru.settings.memberName).fill('Лёва');
    await page.getByRole('button', { name: ru.settings.add, exact: true }).click();
    await page.getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Лёва' }) }).waitFor();

    await memberAction(page, 'Аня', ru.settings.makeAdmin, ru.settings.makeAdminConfirm);
    await page.getByText(ru.settings.adminGranted).first().waitFor();
    await memberAction(page, 'Аня', ru.settings.revokeAdmin, ru.settings.revokeAdminConfirm);
    await page.getByText(ru.settings.adminRevoked).first().waitFor();

    // The only admin is not offered to give up the rights (the server would refuse: LAST_ADMIN).
    expect(
      await page.getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Демо' }) }).count(),
    ).toBe(0);

    await memberAction(page, 'Кира', ru.settings.remove, ru.settings.removeConfirm);
    await page.getByText(ru.settings.removed).first().waitFor();
    await page
      .getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Кира' }) })
      .waitFor({ state: 'detached' });

    const after = await api<{ name: string; users: { name: string; share: number; isAdmin: boolean }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${id}`,
    );
    expect(after.name).toBe('Квартира на Ленина');
    expect(after.users.map((u) => [u.name, u.isAdmin])).toEqual([
      ['Демо', true],
      ['Аня', false],
      ['Лёва', false],
    ]);

    // The log shows each step, newest first.
    await page.goto(`/group/${id}/logs`);
    await page.getByText(fill(ru.logs.logMemberRemoved, { name: 'Кира' })).waitFor();
    const log = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    const steps = [
      fill(ru.logs.logMemberRemoved, { name: 'Кира' }),
      fill(ru.logs.logAdminRevoked, { name: 'Аня' }),
      fill(ru.logs.logAdminGranted, { name: 'Аня' }),
      fill(ru.logs.logMemberAdded, { name: 'Лёва' }),
      fill(ru.logs.logChangeName, { name: 'Квартира на Ленина' }),
      fill(ru.logs.logChangeShare, { name: 'Кира', share: '2' }),
      fill(ru.logs.logMemberInvited, { name: 'Аня' }),
      fill(ru.logs.logGroupCreated, { name: 'Квартира' }),
    ];
    const positions = steps.map((step) => log.indexOf(step));
    expect(
      positions.every((at) => at >= 0),
      `${steps.filter((_, i) => positions[i]! < 0)}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // Stats keep the removed member, with the badge.
    await page.goto(`/group/${id}/stats`);
    const kiraRow = page.getByRole('listitem').filter({ hasText: 'Кира' });
    await kiraRow.getByText(ru.group.deleted, { exact: true }).waitFor();
    await context.close();
  });
});
