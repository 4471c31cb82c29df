/**
 * Screenshots of issue 28's reminders: the group's debts with Remind, and the settings' Reminders
 * section, at 390 and 1280 px, in both languages and themes, as the demo user. Usage:
 * npx tsx apps/web/e2e/shoot-issue-28-reminders.ts http://localhost:3000 /tmp/shots
 * (the server with TELEGRAM_BOT_TOKEN and the demo seeded; a debtor with Telegram linked and a
 * group chat connected make every state show).
 */
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { LOOKS, lookContext } from './shoot-looks';

const [base = 'http://localhost:3000', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function signIn(page: Page) {
  const res = await page.request.post(`${base}/api/auth/login`, {
    data: { email: 'demo@example.com', password: 'demo' },
    headers: { origin: base },
  });
  if (!res.ok()) throw new Error(`demo login failed: ${res.status()}`);
}

const setup = await (await browser.newContext()).newPage();
await signIn(setup);
const groups = (await (await setup.request.get(`${base}/api/groups`)).json()) as { id: string }[];
const groupId = groups[0]!.id;

const screens: { name: string; path: string; selector: string }[] = [
  { name: 'debts', path: `/group/${groupId}`, selector: '.group-debts' },
  { name: 'settings', path: `/group/${groupId}/settings`, selector: '.reminder-settings' },
];

for (const look of LOOKS) {
  const { width, lang, theme } = look;
  const context = await lookContext(browser, look);
  const page = await context.newPage();
  await signIn(page);
  for (const screen of screens) {
    await page.goto(base + screen.path);
    await page.waitForLoadState('networkidle');
    const part = page.locator(screen.selector);
    await part.waitFor();
    await page.waitForTimeout(400);
    await part.screenshot({ path: `${out}/${screen.name}-${width}-${lang}-${theme}.png` });
  }
  await context.close();
}
await browser.close();
console.log(`wrote ${screens.length * 8} screenshots to ${out}`);
