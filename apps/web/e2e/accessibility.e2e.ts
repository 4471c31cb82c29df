import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { seriousViolations } from './axe';
import { api, signInByApi, useBrowser } from './harness';

type Theme = 'light' | 'dark';

async function withTheme(context: BrowserContext, theme: Theme, lang: 'ru' | 'en' = 'ru') {
  await context.addInitScript(
    ([t, l]) => {
      localStorage.setItem('dolya.theme', t as string);
      localStorage.setItem('dolya.lang', l as string);
    },
    [theme, lang],
  );
}

/** Waits for the screen to settle (data loaded, animations over) and runs axe. */
async function check(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const found = await seriousViolations(page);
  return found.map((v) => `${where}: ${v.id} (${v.impact}) ${v.targets.slice(0, 3).join(', ')}`);
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  const browser = useBrowser();

  for (const theme of ['light', 'dark'] as const) {
    it(`signed-out screens, ${theme} theme`, async () => {
      const { context, page } = await browser.newPage();
      await withTheme(context, theme);
      const found: string[] = [];
      for (const path of ['/features', '/login']) {
        await page.goto(path);
        found.push(...(await check(page, path)));
        // The language buttons are named by what they show (label in name).
        for (const code of ['RU', 'EN']) {
          await page.getByRole('button', { name: code, exact: true }).first().waitFor();
        }
      }
      expect(found).toEqual([]);
      await context.close();
    });

    it(`signed-in screens with a menu and a dialog open, ${theme} theme`, async () => {
      const { context, page } = await browser.newPage();
      await withTheme(context, theme);
      await signInByApi(page, browser.baseUrl);
      const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
        name: 'Доступность',
        currency: 'RUB',
        users: [{ name: 'Гоша' }, { name: 'Вера' }],
      });
      const group = await api<{ users: { memberId: string; isCurrentUser: boolean }[] }>(
        page,
        browser.baseUrl,
        'GET',
        `/api/groups/${id}`,
      );
      const me = group.users.find((u) => u.isCurrentUser)!.memberId;
      await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/expenses`, {
        name: 'Дрова',
        amount: 300,
        paidById: me,
        splitMethod: 'shares',
      });

      const found: string[] = [];
      for (const path of [
        '/',
        '/new',
        '/account',
        `/group/${id}`,
        `/group/${id}/new-expense`,
        `/group/${id}/settings`,
        `/group/${id}/stats`,
        `/group/${id}/logs`,
      ]) {
        await page.goto(path);
        found.push(...(await check(page, path)));
      }

      // The user menu open.
      await page.goto(`/group/${id}`);
      await page.getByRole('button', { name: ru.common.userMenu }).click();
      await page.getByRole('menu').waitFor();
      found.push(...(await check(page, 'user menu')));
      const hiddenFocusable = await page.evaluate(
        () =>
          [...document.querySelectorAll('[aria-hidden="true"]')].filter((el) =>
            el.querySelector(
              'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])',
            ),
          ).length,
      );
      expect(hiddenFocusable).toBe(0);
      await page.keyboard.press('Escape');

      // The settle-up form and a confirmation dialog (delete an expense).
      await page.getByRole('button', { name: ru.group.settleUp, exact: true }).click();
      found.push(...(await check(page, 'settle-up form')));
      await page
        .getByRole('button', { name: ru.group.deleteExpenseLabel.replace('{{name}}', 'Дрова') })
        .click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await check(page, 'confirm dialog')));
      await page.keyboard.press('Escape');

      // A member's actions menu in settings.
      await page.goto(`/group/${id}/settings`);
      await page.getByRole('button', { name: ru.settings.actionsFor.replace('{{name}}', 'Гоша') }).click();
      await page.getByRole('menu').waitFor();
      found.push(...(await check(page, 'member menu')));

      expect(found).toEqual([]);
      await context.close();
    });

    it(`phone screens with the notifications sheet open, ${theme} theme`, async () => {
      const { context, page } = await browser.newPage({ mobile: true });
      await withTheme(context, theme, 'en');
      await signInByApi(page, browser.baseUrl);
      const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
        name: 'Phone',
        currency: 'EUR',
        users: [{ name: 'Ann' }],
      });
      const found: string[] = [];
      for (const path of ['/', `/group/${id}`, `/group/${id}/new-expense`, `/group/${id}/settings`]) {
        await page.goto(path);
        found.push(...(await check(page, `phone ${path}`)));
      }
      await page.goto('/');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await check(page, 'notifications sheet')));
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
