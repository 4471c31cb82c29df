import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { api, cyrillicText, useBrowser } from './harness';

describe('journey 4: English and the dark theme, kept across a reload', () => {
  const browser = useBrowser();

  it('shows no Russian text on any screen in English, and keeps language and theme after a reload', async () => {
    const { context, page } = await browser.newPage();
    // A user and a group with Latin names, so any Cyrillic on screen is interface text, not data.
    await api(page, browser.baseUrl, 'POST', '/api/auth/register', {
      name: 'Nina',
      email: `nina${Date.now()}@example.com`,
      password: 'secret-password',
    });
    const { id: groupId } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Road trip',
      currency: 'EUR',
      users: [{ name: 'Oleg' }, { name: 'Pavel', share: 2 }],
    });
    const group = await api<{ users: { memberId: string; isCurrentUser: boolean }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${groupId}`,
    );
    const [me, oleg] = group.users.map((u) => u.memberId);
    const { id: expenseId } = await api<{ id: string }>(
      page,
      browser.baseUrl,
      'POST',
      `/api/groups/${groupId}/expenses`,
      {
        name: 'Fuel',
        amount: '90,50',
        paidById: me,
        splitMethod: 'percentages',
        percentagesInput: { [me!]: 50, [oleg!]: 30 },
      },
    );
    await api(page, browser.baseUrl, 'POST', `/api/groups/${groupId}/expenses`, {
      name: '',
      amount: 10,
      settlement: true,
      settlementFromId: oleg,
      settlementToId: me,
    });

    // Russian by default; switch from the user menu.
    await page.goto(`/group/${groupId}`);
    await page.getByText(ru.group.debtsTitle).waitFor();
    expect((await cyrillicText(page)).length).toBeGreaterThan(0); // the detector sees Russian interface text
    await page.getByRole('button', { name: ru.common.userMenu }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByText(en.group.debtsTitle).waitFor();
    await page.getByRole('menuitemradio', { name: en.common.themeDark }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.keyboard.press('Escape');

    const screens = [
      '/',
      '/new',
      `/group/${groupId}`,
      `/group/${groupId}/new-expense`,
      `/group/${groupId}/expense/${expenseId}`,
      `/group/${groupId}/stats`,
      `/group/${groupId}/logs`,
      `/group/${groupId}/settings`,
      '/account',
    ];
    for (const path of screens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('h1').first().waitFor();
      expect(await cyrillicText(page), path).toEqual([]);
    }

    await page.goto(`/group/${groupId}`);
    await page.reload();
    await page.getByText(en.group.debtsTitle).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // Signed out, the public pages follow the same choice.
    await page.getByRole('button', { name: en.common.userMenu }).click();
    await page.getByRole('menuitem', { name: en.common.signOut }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    for (const path of ['/login', '/features']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await cyrillicText(page), path).toEqual([]);
    }
    await context.close();
  });

  it('follows a language and theme change made in another tab, without a reload', async () => {
    const { context, page: first } = await browser.newPage();
    await api(first, browser.baseUrl, 'POST', '/api/auth/login', {
      email: 'demo@example.com',
      password: 'demo',
    });
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/');
    await second.getByRole('button', { name: ru.common.userMenu }).waitFor();

    await first.bringToFront(); // a background tab runs its animations slowly
    await first.getByRole('button', { name: ru.common.userMenu }).click();
    await first.getByRole('menuitemradio', { name: 'English' }).click();
    await first.getByRole('menuitemradio', { name: en.common.themeDark }).click();

    // The storage event sets these at once; a background tab may render later, so look at it in front.
    await expect.poll(() => second.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => second.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await second.bringToFront();
    await second.getByRole('button', { name: en.common.userMenu }).waitFor();
    await context.close();
  });
});
