import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { cyrillicText, DEMO, signInByApi, useBrowser } from './harness';
import { E2E_TELEGRAM_BOT_USERNAME } from './telegram-stub';

/** The scripts a page ran: the files of /assets it fetched as JavaScript. */
function scriptsOf(urls: string[]) {
  return urls.filter((url) => /\/assets\/[^/]+\.js$/.test(new URL(url).pathname));
}

describe('journey: /features as the prerendered page, without the app', () => {
  const browser = useBrowser();

  it('shows the landing before any script, with one small script of its own, in the stored language', async () => {
    const { context, page } = await browser.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    const res = await page.goto('/features');
    // The landing is in the page as served, not rendered by the app.
    const served = (await res?.text()) ?? '';
    expect(served).toContain('data-static-lang="ru"');
    expect(served).toContain(ru.landing.heroBadge.slice(0, 15));
    await page.getByRole('heading', { level: 1, name: ru.landing.heroTitle }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = scriptsOf(fetched);
    expect(scripts, scripts.join(' ')).toHaveLength(1);
    expect(scripts[0]).toMatch(/landing-static/);
    // The server's bot is linked once the page asked for it.
    const bot = page.getByRole('link', { name: ru.landing.botOpen });
    expect(await bot.getAttribute('href')).toBe(`https://t.me/${E2E_TELEGRAM_BOT_USERNAME}`);

    // RU | EN swaps the page's language and keeps the choice for the app.
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { level: 1, name: en.landing.heroTitle }).waitFor();
    expect(await cyrillicText(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('dolya.lang'))).toBe('en');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: en.landing.heroTitle }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // Get started opens the app's sign-in page, in English.
    await page.getByRole('link', { name: en.landing.getStarted }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel(en.auth.email, { exact: true }).fill(DEMO.email);
    await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: en.auth.signIn, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('fits a phone: the drawn screens show words, not keys, and nothing runs past its box', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await page.goto('/features');
    await page.getByRole('heading', { level: 1, name: ru.landing.heroTitle }).waitFor();
    const text = await page.evaluate(() => document.body.innerText);
    for (const key of ['debtsTitle', 'modeShares', 'modePercentages', 'percentTotal', 'youBorrowed']) {
      expect(text).not.toContain(key);
    }
    expect(text).toContain(ru.landing.mockModeShares);
    // No element is wider than its own box: a mode toggle of three long words did overflow.
    const overflowing = await page.evaluate(() =>
      Array.from(document.querySelectorAll('#static [aria-hidden="true"] span'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'visible')
        .filter((el) => el.children.length === 0)
        .map((el) => el.textContent),
    );
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('leads a signed-in visitor to the groups', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    await page.goto('/features');
    const open = page.getByRole('link', { name: ru.landing.openApp }).first();
    await open.waitFor();
    await open.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: ru.common.userMenu }).waitFor();
    await context.close();
  });

  it('is still a screen of the app when the app sends a visitor there', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: ru.auth.aboutLink }).click();
    await page.waitForURL((url) => url.pathname === '/features');
    await page.getByRole('heading', { level: 1, name: ru.landing.heroTitle }).waitFor();
    // Rendered by the app: its own switch changes the language in place.
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { level: 1, name: en.landing.heroTitle }).waitFor();
    await context.close();
  });
});
