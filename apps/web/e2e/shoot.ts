/**
 * Screenshots of one page in both languages and both themes, signed in as the demo user.
 * Usage: npx tsx apps/web/e2e/shoot.ts http://localhost:3000 /group/<id> /tmp/shots/name [--mobile] [--signed-out]
 * Writes <name>-ru-light.png, -ru-dark, -en-light, -en-dark.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

const [base = 'http://localhost:3000', path = '/', out = '/tmp/shots/page', ...flags] = process.argv.slice(2);
const mobile = flags.includes('--mobile');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const lang of ['ru', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      hasTouch: mobile,
    });
    await context.addInitScript(
      ([l, t]) => {
        localStorage.setItem('dolya.lang', l as string);
        localStorage.setItem('dolya.theme', t as string);
      },
      [lang, theme],
    );
    const page = await context.newPage();
    if (!flags.includes('--signed-out')) {
      const res = await page.request.post(`${base}/api/auth/login`, {
        data: { email: 'demo@example.com', password: 'demo' },
        headers: { origin: base },
      });
      if (!res.ok()) throw new Error(`demo login failed: ${res.status()}`);
    }
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}-${lang}-${theme}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
console.log(`wrote ${out}-{ru,en}-{light,dark}.png`);
