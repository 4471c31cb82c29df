import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Screenshots of the rename dialog land here when SHOTS_DIR is set (both languages and themes). */
const SHOTS = process.env.SHOTS_DIR;

async function openRename(page: Page, texts: typeof ru, name: string) {
  await page.getByRole('button', { name: fill(texts.settings.actionsFor, { name }) }).click();
  await page.getByRole('menuitem', { name: texts.settings.rename }).click();
  return page.getByRole('dialog', { name: fill(texts.settings.renameTitle, { name }) });
}

describe('journey: an admin renames a member without an account (issue 27)', () => {
  const browser = useBrowser();

  it('renames from the member’s menu; a blank name is refused; Escape gives focus back; the log says so', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Дача',
      currency: 'RUB',
      users: [{ name: 'Кира' }],
    });
    await api(page, browser.baseUrl, 'POST', `/api/groups/${id}/members`, {
      name: 'Аня',
      username: 'anya',
      isAdmin: false,
    });

    await page.goto(`/group/${id}/settings`);
    const kiraMenu = page.getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Кира' }) });
    await kiraMenu.waitFor();

    // Escape closes the dialog without a call and gives focus back to the row's menu button.
    let dialog = await openRename(page, ru, 'Кира');
    const field = dialog.getByLabel(ru.settings.memberName);
    expect(await field.inputValue()).toBe('Кира');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => kiraMenu.evaluate((el) => el === document.activeElement)).toBe(true);

    // A blank name says so and keeps the dialog.
    dialog = await openRename(page, ru, 'Кира');
    await dialog.getByLabel(ru.settings.memberName).fill('   ');
    await dialog.getByRole('button', { name: ru.settings.renameConfirm, exact: true }).click();
    await dialog.getByRole('alert').getByText(ru.settings.memberNameRequired).waitFor();

    // Enter saves the new name: the toast, the row, the server.
    await dialog.getByLabel(ru.settings.memberName).fill('  Кира   Лебедева ');
    await page.keyboard.press('Enter');
    await page.getByText(ru.settings.renamed).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Кира Лебедева' }) })
      .waitFor();
    const after = await api<{ users: { name: string }[] }>(page, browser.baseUrl, 'GET', `/api/groups/${id}`);
    expect(after.users.map((u) => u.name)).toContain('Кира Лебедева');

    // A member with an account names themself: their menu has no Rename.
    await page.getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Аня' }) }).click();
    await page.getByRole('menuitem', { name: ru.settings.remove }).waitFor();
    expect(await page.getByRole('menuitem', { name: ru.settings.rename }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`/group/${id}/logs`);
    await page.getByText(fill(ru.logs.logMemberRenamed, { name: 'Кира Лебедева' })).waitFor();
    await context.close();
  });

  it('a member who is no admin is not offered Rename', async () => {
    // Аня in the demo group «Поездка в Казань», where Демо is the admin and Боря has no account.
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl, { email: 'anya@example.com', password: 'demo' });
    const groups = await api<{ id: string; name: string }[]>(page, browser.baseUrl, 'GET', '/api/groups');
    const demoGroup = groups.find((g) => g.name === 'Поездка в Казань')!;
    await page.goto(`/group/${demoGroup.id}/settings`);
    await page.getByText('Боря').first().waitFor();
    expect(
      await page.getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Боря' }) }).count(),
    ).toBe(0);
    await context.close();
  });

  it.runIf(SHOTS)('screenshots of the dialog, ru/en, light/dark, 390 px', async () => {
    mkdirSync(SHOTS!, { recursive: true });
    for (const [lang, texts] of [
      ['ru', ru],
      ['en', en],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const { context, page } = await browser.newPage({ mobile: true });
        await context.addInitScript(
          ([l, t]) => {
            localStorage.setItem('dolya.lang', l as string);
            localStorage.setItem('dolya.theme', t as string);
          },
          [lang, theme],
        );
        await signInByApi(page, browser.baseUrl);
        const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
          name: lang === 'ru' ? 'Дача' : 'Cottage',
          currency: 'RUB',
          users: [{ name: lang === 'ru' ? 'Кира' : 'Kira' }],
        });
        const name = lang === 'ru' ? 'Кира' : 'Kira';
        await page.goto(`/group/${id}/settings`);
        await page.getByRole('button', { name: fill(texts.settings.actionsFor, { name }) }).click();
        await page.getByRole('menuitem', { name: texts.settings.rename }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/rename-menu-${lang}-${theme}.png` });
        await page.getByRole('menuitem', { name: texts.settings.rename }).click();
        const dialog = page.getByRole('dialog', { name: fill(texts.settings.renameTitle, { name }) });
        await dialog.waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/rename-dialog-${lang}-${theme}.png` });
        await dialog.getByLabel(texts.settings.memberName).fill('');
        await dialog.getByRole('button', { name: texts.settings.renameConfirm, exact: true }).click();
        await dialog.getByRole('alert').waitFor();
        await page.screenshot({ path: `${SHOTS}/rename-blank-${lang}-${theme}.png` });
        await dialog
          .getByLabel(texts.settings.memberName)
          .fill(lang === 'ru' ? 'Кира Лебедева' : 'Kira Lebedeva');
        await page.keyboard.press('Enter');
        await page.getByText(texts.settings.renamed).first().waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/rename-done-${lang}-${theme}.png` });
        await context.close();
      }
    }
  });
});
