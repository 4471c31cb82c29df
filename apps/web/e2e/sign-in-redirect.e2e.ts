import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { DEMO, useBrowser } from './harness';

describe('journey 1: a visitor is sent to sign in and comes back to where they wanted to go', () => {
  const browser = useBrowser();

  it('opens /group/x?tab=1#h, lands on /features, signs in as the demo user, arrives at /group/x?tab=1#h', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/group/x?tab=1#h');
    await page.waitForURL((url) => url.pathname === '/features');
    expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBe('/group/x?tab=1#h');

    await page.getByRole('link', { name: ru.landing.getStarted }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel(ru.auth.email, { exact: true }).fill(DEMO.email);
    await page.getByLabel(ru.auth.password, { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: ru.auth.signIn, exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/group/x');
    const url = new URL(page.url());
    expect(url.pathname + url.search + url.hash).toBe('/group/x?tab=1#h');
    expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBeNull();
    await context.close();
  });

  it("shows the spec's message for a wrong password and stays on /login", async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel(ru.auth.email, { exact: true }).fill(DEMO.email);
    await page.getByLabel(ru.auth.password, { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: ru.auth.signIn, exact: true }).click();
    await page.getByText(ru.auth.invalidCredentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
