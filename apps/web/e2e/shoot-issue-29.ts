/**
 * Screenshots of issue 29 at 390 and 1280 px, in both languages and themes, as the demo user: the
 * import page (the picker; a Splitwise CSV's preview; the group it made, with the toast), the
 * group settings' Export, the account's Your data and its delete dialog. Usage:
 * npx tsx apps/web/e2e/shoot-issue-29.ts http://localhost:3000 /tmp/shots
 * (the server with the demo seeded; FX_RATES_URL=none shows the rate fields asking for a rate).
 */
import { readFileSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { LOOKS, lookContext } from './shoot-looks';

const [base = 'http://localhost:3000', out = '/tmp/shots'] = process.argv.slice(2);
const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/interchange/test/fixtures/${name}`, import.meta.url));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function signIn(page: Page) {
  const res = await page.request.post(`${base}/api/auth/login`, {
    data: { email: 'demo@example.com', password: 'demo' },
    headers: { origin: base },
  });
  if (!res.ok()) throw new Error(`demo login failed: ${res.status()}`);
}

/** Lets fonts, lazy chunks and the toast's entrance settle before the picture. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

let count = 0;
async function shoot(page: Page, name: string, look: (typeof LOOKS)[number]) {
  await page.screenshot({
    path: `${out}/${name}-${look.width}-${look.lang}-${look.theme}.png`,
    fullPage: true,
  });
  count += 1;
}

const setup = await (await browser.newContext()).newPage();
await signIn(setup);
const groups = (await (await setup.request.get(`${base}/api/groups`)).json()) as { id: string }[];
const groupId = groups[0]!.id;

for (const look of LOOKS) {
  const context = await lookContext(browser, look);
  const page = await context.newPage();
  await signIn(page);

  await page.goto(`${base}/import`);
  await page.locator('.import-drop').waitFor();
  await settle(page);
  await shoot(page, 'import-empty', look);

  await page.getByTestId('import-file').setInputFiles({
    name: 'Lisbon.csv',
    mimeType: 'text/csv',
    buffer: fixture('splitwise-lisbon-en.csv'),
  });
  await page.locator('.import-summary').waitFor();
  await settle(page);
  await shoot(page, 'import-preview', look);

  await page.getByLabel(/USD/).first().fill('0.92');
  await page.locator('.import-actions .btn-primary').click();
  await page.waitForURL(/\/group\//);
  await page.locator('[data-sonner-toast]').first().waitFor();
  await settle(page);
  await page.screenshot({
    path: `${out}/import-done-${look.width}-${look.lang}-${look.theme}.png`,
  });
  count += 1;

  await page.goto(`${base}/group/${groupId}/settings`);
  const section = page.locator('.export-section');
  await section.waitFor();
  await settle(page);
  await section.screenshot({ path: `${out}/settings-export-${look.width}-${look.lang}-${look.theme}.png` });
  count += 1;

  await page.goto(`${base}/account`);
  const data = page.locator('.account-data');
  await data.waitFor();
  await settle(page);
  await data.screenshot({ path: `${out}/account-data-${look.width}-${look.lang}-${look.theme}.png` });
  count += 1;
  // The demo is the last admin of groups with others: the dialog names them and deletes nothing.
  await page.locator('.account-delete').click();
  await page.locator('.account-delete-blocking').waitFor();
  await settle(page);
  await page.screenshot({
    path: `${out}/account-delete-blocked-${look.width}-${look.lang}-${look.theme}.png`,
  });
  count += 1;
  await context.close();

  // Someone with a group of their own only: the group goes with the account, the username confirms.
  const fresh = await lookContext(browser, look);
  const other = await fresh.newPage();
  const email = `leaver-${Date.now()}-${look.width}${look.lang}${look.theme}@example.com`;
  const registered = await other.request.post(`${base}/api/auth/register`, {
    data: { name: look.lang === 'ru' ? 'Лиза' : 'Liz', email, password: 'long enough' },
    headers: { origin: base },
  });
  const { username } = (await registered.json()) as { username: string };
  await other.request.post(`${base}/api/groups`, {
    data: { name: look.lang === 'ru' ? 'Дневник' : 'Diary', currency: 'EUR', users: [] },
    headers: { origin: base },
  });
  await other.goto(`${base}/account`);
  await other.locator('.account-delete').click();
  await other.locator('.account-delete-dialog input').fill(username.slice(0, -1));
  await settle(other);
  await other.screenshot({
    path: `${out}/account-delete-confirm-${look.width}-${look.lang}-${look.theme}.png`,
  });
  count += 1;
  await fresh.close();
}
await browser.close();
console.log(`wrote ${count} screenshots to ${out}`);
