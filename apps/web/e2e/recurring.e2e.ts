import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

interface Series {
  id: string;
  name: string;
  amountCents: number;
  unit: string;
  status: string;
}

/** recurring.list over /trpc as the page's user: the series still repeating. */
async function seriesOf(page: Page, baseUrl: string, groupId: string): Promise<Series[]> {
  const input = encodeURIComponent(JSON.stringify({ groupId }));
  const res = await page.request.get(`${baseUrl}/trpc/recurring.list?input=${input}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { data: Series[] } }).result.data;
}

describe('issue 28: a monthly rent, edited "this and the following", stopped', () => {
  const browser = useBrowser();

  it('makes a series with the Repeat chip, edits it from its expense, and stops it in settings', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const { id: groupId } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Квартира',
      currency: 'RUB',
      users: [{ name: 'Аня' }],
    });

    // A new expense, repeating every month: the chip shows the next three dates.
    await page.goto(`/group/${groupId}/new-expense`);
    await page.getByLabel(ru.expense.name, { exact: true }).fill('Аренда');
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('45000');
    await page.getByRole('button', { name: ru.recurring.chip, exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: ru.recurring.chipOn_month_one }).count())
      .toBe(1);
    const next = page.locator('.repeat-next');
    await expect.poll(() => next.innerText()).toMatch(/^Следующие: \d\d\.\d\d(\.\d{4})?, .+, .+$/);
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);

    // The list marks it as repeating; the server has one monthly series.
    const row = page.getByRole('link', { name: /Аренда/ }).first();
    await row.getByRole('img', { name: ru.group.repeats }).waitFor();
    const [made] = await seriesOf(page, browser.baseUrl, groupId);
    expect(made).toMatchObject({ name: 'Аренда', amountCents: 4_500_000, unit: 'month', status: 'active' });

    // Its screen says it repeats; a save asks which ones, Escape cancels and gives focus back.
    await row.click();
    await page.waitForURL(/\/expense\//);
    await page.getByText(fill(ru.recurring.repeats, { rule: 'каждый месяц' }), { exact: false }).waitFor();
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('46000');
    const save = page.getByRole('button', { name: ru.expense.save, exact: true }).first();
    await save.click();
    const dialog = page.getByRole('dialog', { name: ru.recurring.scopeTitle });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await seriesOf(page, browser.baseUrl, groupId))[0]!.amountCents).toBe(4_500_000);

    await save.click();
    await dialog.getByRole('button', { name: ru.recurring.scopeFollowing }).click();
    await page.getByText(ru.expense.updated).first().waitFor();
    await expect
      .poll(async () => (await seriesOf(page, browser.baseUrl, groupId))[0]?.amountCents)
      .toBe(4_600_000);

    // Group settings list it with its next date; stopping asks first, then it is gone.
    await page.goto(`/group/${groupId}/settings`);
    const section = page.locator('section', { hasText: ru.recurring.sectionTitle });
    const item = section.getByRole('listitem').filter({ hasText: 'Аренда' });
    await expect.poll(() => item.innerText()).toMatch(/Каждый месяц · следующий \d\d\.\d\d/);
    await item.getByRole('button', { name: ru.recurring.stop }).click();
    const stop = page.getByRole('dialog', { name: fill(ru.recurring.stopTitle, { name: 'Аренда' }) });
    await stop.getByRole('button', { name: ru.recurring.stopConfirm }).click();
    await section.getByText(ru.recurring.none).waitFor();
    expect(await seriesOf(page, browser.baseUrl, groupId)).toEqual([]);
    await context.close();
  });
});
