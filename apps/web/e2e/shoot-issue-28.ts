/**
 * Screenshots of what issue 28 added (the Repeat chip, the series line and its scope dialog, the
 * settings' recurring list and time zone, the list's repeat icon), at 390 and 1280 px, in both
 * languages and themes, as the demo user. Usage:
 * npx tsx apps/web/e2e/shoot-issue-28.ts http://localhost:3000 /tmp/shots (a server seeded with the demo).
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

async function trpc(page: Page, path: string, input: unknown) {
  const res = await page.request.post(`${base}/trpc/${path}`, {
    data: input,
    headers: { origin: base, 'content-type': 'application/json' },
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: unknown } }).result.data;
}

// The demo group with two series: a monthly rent (from the first expense) and a paused weekly one.
const setup = await (await browser.newContext()).newPage();
await signIn(setup);
const groups = (await (await setup.request.get(`${base}/api/groups`)).json()) as { id: string }[];
const groupId = groups[0]!.id;
const expenses = (await (await setup.request.get(`${base}/api/groups/${groupId}/expenses`)).json()) as {
  id: string;
  settlement: boolean;
}[];
const plain = expenses.filter((e) => !e.settlement);
const seriesExpense = plain[0]!.id;
const listed = (await (
  await setup.request.get(
    `${base}/trpc/recurring.list?input=${encodeURIComponent(JSON.stringify({ groupId }))}`,
  )
).json()) as { result: { data: unknown[] } };
if (listed.result.data.length === 0) {
  await trpc(setup, 'recurring.create', { groupId, expenseId: seriesExpense, every: 1, unit: 'month' });
  const weekly = (await trpc(setup, 'recurring.create', {
    groupId,
    expenseId: plain[1]!.id,
    every: 2,
    unit: 'week',
    count: 10,
  })) as { id: string };
  await trpc(setup, 'recurring.pause', { groupId, seriesId: weekly.id });
}

const screens: { name: string; path: string; act?: (page: Page) => Promise<void> }[] = [
  { name: 'group', path: `/group/${groupId}` },
  {
    name: 'new-expense-repeat',
    path: `/group/${groupId}/new-expense`,
    act: async (page) => {
      await page.locator('.chip').last().click();
    },
  },
  { name: 'expense-series', path: `/group/${groupId}/expense/${seriesExpense}` },
  {
    name: 'expense-scope-dialog',
    path: `/group/${groupId}/expense/${seriesExpense}`,
    act: async (page) => {
      await page.locator('form.expense-form input').nth(1).fill('12345');
      await page.locator('button[type="submit"]').first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'settings-recurring',
    path: `/group/${groupId}/settings`,
    act: async (page) => {
      await page.locator('.recurring-section').scrollIntoViewIfNeeded();
    },
  },
];

for (const look of LOOKS) {
  const { width, lang, theme } = look;
  const context = await lookContext(browser, look);
  const page = await context.newPage();
  for (const screen of screens) {
    await context.clearCookies();
    await signIn(page);
    await page.goto(base + screen.path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await screen.act?.(page);
    await page.waitForTimeout(400);
    await page.screenshot({
      path: `${out}/${screen.name}-${width}-${lang}-${theme}.png`,
      fullPage: true,
    });
  }
  await context.close();
}
await browser.close();
console.log(`wrote ${screens.length * 8} screenshots to ${out}`);
