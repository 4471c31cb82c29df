import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

describe('journey: a screen that cannot open offline', () => {
  const browser = useBrowser();

  it('shows a translated error screen inside the layout, a banner while offline, and Retry opens the screen', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    const [group] = await api<{ id: string }[]>(page, browser.baseUrl, 'GET', '/api/groups');
    await page.goto(`/group/${group!.id}`);
    const add = page.getByRole('link', { name: ru.group.addExpense }).first();
    await add.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('status').filter({ hasText: ru.common.offline }).count()).toBe(0);

    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: ru.common.offline }).waitFor();
    await add.click();
    // Not the router's "Something went wrong! [Show Error]": ours, in Russian, with the header kept.
    const screen = page.getByRole('alert').filter({ hasText: ru.common.errorTitle });
    await screen.waitFor();
    expect(await screen.innerText()).toContain(ru.common.errorOffline);
    expect(await page.getByText('Show Error').count()).toBe(0);
    await page.getByRole('button', { name: ru.common.userMenu }).waitFor();

    await context.setOffline(false);
    await expect.poll(() => page.getByRole('status').filter({ hasText: ru.common.offline }).count()).toBe(0);
    await screen.getByRole('button', { name: ru.common.retry }).click();
    await page.getByLabel(ru.expense.name, { exact: true }).waitFor();
    expect(en.common.retry).toBeTruthy();
    await context.close();
  });
});
