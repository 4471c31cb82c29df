import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';
import { E2E_TELEGRAM_BOT_USERNAME, freshTelegramId, signedInitData, stubTelegram } from './telegram-stub';

const BOT_URL = `https://t.me/${E2E_TELEGRAM_BOT_USERNAME}`;

/** The accessible name of the focused element (its aria-label, else its text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
  });
const focusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);

async function groupOfDemo(page: Page, baseUrl: string) {
  await signInByApi(page, baseUrl);
  const { id } = await api<{ id: string }>(page, baseUrl, 'POST', '/api/groups', {
    name: 'Поход',
    currency: 'RUB',
    users: [{ name: 'Аня' }],
  });
  return id;
}

describe('journey: ways into the bot, in a browser', () => {
  const browser = useBrowser();

  it('the header has a button to the bot that opens t.me in a new tab; nothing of Telegram is loaded', async () => {
    const { context, page } = await browser.newPage();
    await stubTelegram(context);
    await signInByApi(page, browser.baseUrl);
    await page.goto('/');
    const button = page.getByRole('link', { name: ru.common.openBotLabel, exact: true });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe(BOT_URL);
    expect(await button.getAttribute('target')).toBe('_blank');
    expect(await button.getAttribute('rel')).toContain('noopener');
    expect(await page.locator('script[src*="telegram-web-app"]').count()).toBe(0);
    // The theme toggle is there outside Telegram.
    await page.getByRole('button', { name: ru.common.userMenu }).click();
    await page.getByRole('menuitemradio', { name: ru.common.themeDark }).waitFor();
    await context.close();
  });

  it('the new-expense AI button opens a dialog about the bot, worked with the keyboard alone', async () => {
    const { context, page } = await browser.newPage();
    const groupId = await groupOfDemo(page, browser.baseUrl);
    await page.goto(`/group/${groupId}/new-expense`);
    await page.getByRole('heading', { name: ru.expense.newTitle }).waitFor();
    // The form and its AI button are in (they come after the heading); a Tab pressed before would
    // walk a page still being drawn.
    await page.getByRole('button', { name: ru.telegram.aiButtonLabel }).waitFor();
    await page.getByLabel(ru.expense.name, { exact: true }).waitFor();

    // A new expense focuses its name; the AI button comes before it: Shift+Tab back to it, Enter.
    for (let i = 0; i < 12 && (await focused(page)) !== ru.telegram.aiButtonLabel; i++)
      await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe(ru.telegram.aiButtonLabel);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: ru.telegram.aiTitle });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-describedby')).toBeTruthy();
    await dialog.getByText(ru.telegram.aiExample, { exact: true }).waitFor();
    const carousel = dialog.getByRole('region', { name: ru.telegram.aiCarouselLabel });
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(await carousel.getByRole('group').getAttribute('aria-label')).toBe('Слайд 1 из 1');
    const cta = dialog.getByRole('link', { name: ru.common.openBot });
    expect(await cta.getAttribute('href')).toBe(BOT_URL);

    // Focus stays inside the dialog however far one tabs.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(ru.telegram.aiButtonLabel);
    await context.close();
  });

  it('speaks English, with the English example', async () => {
    const { context, page } = await browser.newPage();
    await context.addInitScript(() => localStorage.setItem('dolya.lang', 'en'));
    const groupId = await groupOfDemo(page, browser.baseUrl);
    await page.goto(`/group/${groupId}/new-expense`);
    await page.getByRole('button', { name: en.telegram.aiButtonLabel }).click();
    const dialog = page.getByRole('dialog', { name: en.telegram.aiTitle });
    await dialog.getByText('pizza 36 me, Anna, Bob', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: en.common.close }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('an account with Telegram linked offers to open the bot', async () => {
    const { context, page } = await browser.newPage();
    const id = freshTelegramId();
    const pairs = Object.fromEntries(new URLSearchParams(signedInitData({ id, first_name: 'Ира' })));
    await api(page, browser.baseUrl, 'POST', '/api/auth/telegram/miniapp/register', pairs);
    await page.goto('/account');
    await page.getByRole('heading', { name: ru.account.linkedTitle }).waitFor();
    const open = page.locator('.account-linked').getByRole('link', { name: ru.common.openBot, exact: true });
    expect(await open.getAttribute('href')).toBe(BOT_URL);
    await context.close();
  });
});
