/**
 * Screenshots of the screens issue 26 changed (the expense form with another currency, its
 * currency list, no rate, several payers; an expense in euros and a two-payer bill; the group's
 * list; the log), at 390 and 1280 px, in both languages and themes, as the demo user.
 * Usage: npx tsx apps/web/e2e/shoot-issue-26.ts http://localhost:3000 /tmp/shots
 * (the server seeded with the demo, FX_RATES_URL at e2e/fx-stand-in.ts; a trip group is made first).
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

async function call<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${base}${path}`, {
    method,
    headers: { origin: base, 'content-type': 'application/json' },
    ...(data === undefined ? {} : { data: JSON.stringify(data) }),
  });
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

// A trip group with a dinner in euros and a bill two people paid.
const setup = await (await browser.newContext()).newPage();
await signIn(setup);
const { id: groupId } = await call<{ id: string }>(setup, 'POST', '/api/groups', {
  name: 'Рига',
  currency: 'RUB',
  users: [{ name: 'Оля' }, { name: 'Паша' }],
});
const group = await call<{ users: { memberId: string; name: string; isCurrentUser: boolean }[] }>(
  setup,
  'GET',
  `/api/groups/${groupId}`,
);
const seat = (name: string) => group.users.find((u) => u.name === name)!.memberId;
const me = group.users.find((u) => u.isCurrentUser)!.memberId;
const dinner = await call<{ id: string }>(setup, 'POST', `/api/groups/${groupId}/expenses`, {
  name: 'Ужин',
  paidById: me,
  originalAmount: 45,
  originalCurrency: 'EUR',
  exchangeRate: '94.1',
  splitMethod: 'amounts',
  splits: { [me]: 1882.01, [seat('Оля')]: 1463.25, [seat('Паша')]: 889.24 },
});
const bill = await call<{ id: string }>(setup, 'POST', `/api/groups/${groupId}/expenses`, {
  name: 'Продукты',
  amount: 1000,
  paidById: seat('Оля'),
  payers: { [seat('Оля')]: 700, [seat('Паша')]: 300 },
});

async function pickCurrency(page: Page, code: string) {
  await page.locator('.currency-button-compact').click();
  await page.locator('.currency-search').fill(code);
  await page.keyboard.press('Enter');
}

const screens: { name: string; path: string; act?: (page: Page) => Promise<void> }[] = [
  { name: 'group', path: `/group/${groupId}` },
  {
    name: 'form-euros',
    path: `/group/${groupId}/new-expense`,
    act: async (page) => {
      await page.locator('.expense-main input').first().fill('Ужин');
      await page.locator('input.expense-amount').fill('45');
      await pickCurrency(page, 'EUR');
      await page.locator('.rate-line').getByRole('button').click();
      await page.locator('.rate-fields input').first().fill('94,1');
      await page.locator('.segmented-radio[value="amounts"]').check();
      const inputs = page.locator('.expense-split .split-input input');
      await inputs.nth(0).fill('20');
      await inputs.nth(1).fill('15,55');
      await inputs.nth(2).fill('9,45');
    },
  },
  {
    name: 'form-currency-list',
    path: `/group/${groupId}/new-expense`,
    act: async (page) => {
      await page.locator('input.expense-amount').fill('45');
      await page.locator('.currency-button-compact').click();
    },
  },
  {
    name: 'form-no-rate',
    path: `/group/${groupId}/new-expense`,
    act: async (page) => {
      await page.locator('input.expense-amount').fill('30');
      await pickCurrency(page, 'GEL');
    },
  },
  {
    name: 'form-payers',
    path: `/group/${groupId}/new-expense`,
    act: async (page) => {
      await page.locator('.expense-main input').first().fill('Продукты');
      await page.locator('input.expense-amount').fill('1000');
      await page.locator('select[id$="-payer"]').selectOption('__several__');
      await page.locator('.expense-payers input').nth(1).fill('700');
    },
  },
  { name: 'expense-euros', path: `/group/${groupId}/expense/${dinner.id}` },
  { name: 'expense-payers', path: `/group/${groupId}/expense/${bill.id}` },
  { name: 'logs', path: `/group/${groupId}/logs` },
];

for (const look of LOOKS) {
  const { width, lang, theme } = look;
  const context = await lookContext(browser, look);
  const page = await context.newPage();
  await signIn(page);
  for (const screen of screens) {
    if (screen.path.endsWith('/new-expense')) {
      // Through the group page, so the form knows the currencies the group's list used.
      await page.goto(`${base}/group/${groupId}`);
      await page.waitForLoadState('networkidle');
      await page.locator('a[href$="/new-expense"]').first().click();
      await page.locator('input.expense-amount').waitFor();
    } else {
      await page.goto(base + screen.path);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
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
