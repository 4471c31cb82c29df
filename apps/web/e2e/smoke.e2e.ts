import { describe, expect, it } from 'vitest';
import { signInByApi, useBrowser } from './harness';

describe('the built app on the real server', () => {
  const browser = useBrowser();

  it('shows the signed-in shell to the demo user', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    await page.goto('/');
    await page
      .getByRole('link', { name: /Dolya|Доля/ })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('sends an unknown path to /', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    await page.goto('/no/such/page?x=1');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
