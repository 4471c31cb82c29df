/**
 * Screenshots of the screens issue 27 changed, at 390 and 1280 px, in both languages and themes,
 * as the demo user. Usage: npx tsx apps/web/e2e/shoot-issue-27.ts http://localhost:3000 /tmp/shots
 * (the server seeded with the demo; one demo expense is deleted first, for the log's Restore).
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

// The demo group, and one of its expenses deleted (the log then offers Restore).
const setup = await (await browser.newContext()).newPage();
await signIn(setup);
const groups = (await (await setup.request.get(`${base}/api/groups`)).json()) as { id: string }[];
const groupId = groups[0]!.id;
const expenses = (await (await setup.request.get(`${base}/api/groups/${groupId}/expenses`)).json()) as {
  id: string;
  settlement: boolean;
}[];
const logs = (await (await setup.request.get(`${base}/api/groups/${groupId}/logs`)).json()) as {
  action: string;
}[];
if (!logs.some((l) => l.action === 'EXPENSE_DELETED')) {
  const victim = expenses.find((e) => !e.settlement)!;
  await setup.request.delete(`${base}/api/groups/expenses/${victim.id}`, { headers: { origin: base } });
}

const screens: { name: string; path: string; signedOut?: boolean; act?: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/' },
  { name: 'group', path: `/group/${groupId}` },
  {
    name: 'group-search',
    path: `/group/${groupId}`,
    act: async (page) => {
      await page.locator('.expense-filters-toggle').click();
      await page.locator('.expense-filter select').first().selectOption({ index: 1 });
      await page.locator('.expense-search-input').fill('a');
      await page.waitForTimeout(800);
    },
  },
  { name: 'new-expense', path: `/group/${groupId}/new-expense` },
  { name: 'stats', path: `/group/${groupId}/stats` },
  { name: 'logs', path: `/group/${groupId}/logs` },
  {
    name: 'account',
    path: '/account',
    act: async (page) => {
      await page.locator('.account-password-change').click();
    },
  },
  { name: 'reset-ask', path: '/reset-password', signedOut: true },
  {
    name: 'reset-new',
    path: '/reset-password#token=made-up-token-for-the-screenshot-0000000000',
    signedOut: true,
  },
  { name: 'login', path: '/login', signedOut: true },
];

for (const look of LOOKS) {
  const { width, lang, theme } = look;
  const context = await lookContext(browser, look);
  const page = await context.newPage();
  for (const screen of screens) {
    await context.clearCookies();
    if (!screen.signedOut) await signIn(page);
    await page.goto(base + screen.path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await screen.act?.(page);
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `${out}/${screen.name}-${width}-${lang}-${theme}.png`,
      fullPage: true,
    });
  }
  await context.close();
}
await browser.close();
console.log(`wrote ${screens.length * 8} screenshots to ${out}`);
