import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { DEMO, useBrowser } from './harness';

/** Holds the app's entry script back for `ms`, as a slow network would. */
async function slowApp(page: import('playwright-core').Page, ms: number) {
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

describe('journey: /login shows before the app, and the app takes over what was done meanwhile', () => {
  const browser = useBrowser();

  it('signs in with what was typed and sent before the app was up', async () => {
    const { context, page } = await browser.newPage();
    await slowApp(page, 2500);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel(ru.auth.email, { exact: true }).fill(DEMO.email);
    await page.getByLabel(ru.auth.password, { exact: true }).fill(DEMO.password);
    // Still the prerendered page: the app's script has not arrived.
    expect(await page.evaluate(() => document.getElementById('static') !== null)).toBe(true);
    await page.getByRole('button', { name: ru.auth.signIn, exact: true }).click();
    // The form did not go out by itself (a GET with the password in the address).
    expect(new URL(page.url()).search).toBe('');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: ru.common.userMenu }).waitFor();
    expect(await page.evaluate(() => document.getElementById('static'))).toBeNull();
    await context.close();
  });

  it('keeps a tab chosen and the focus and text of a field', async () => {
    const { context, page } = await browser.newPage();
    await slowApp(page, 2000);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('tab', { name: ru.auth.registerTab }).click();
    await page.waitForFunction(() => document.getElementById('static') === null);
    await expect
      .poll(() => page.getByRole('tab', { name: ru.auth.registerTab }).getAttribute('aria-selected'))
      .toBe('true');
    const email = page.locator('#register-email');
    await email.waitFor();
    await email.type('nina@');
    expect(await email.inputValue()).toBe('nina@');
    await context.close();
  });

  it('shows the stored language before the app, and the app in the same language', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/features');
    await page.evaluate(() => localStorage.setItem('dolya.lang', 'en'));
    await slowApp(page, 1500);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('tab', { name: en.auth.signInTab }).waitFor();
    expect(await page.evaluate(() => document.getElementById('static') !== null)).toBe(true);
    await page.waitForFunction(() => document.getElementById('static') === null);
    await page.getByRole('tab', { name: en.auth.signInTab }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });
});
