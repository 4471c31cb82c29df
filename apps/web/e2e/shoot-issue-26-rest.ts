/**
 * Screenshots of issue 26's last screens: a repayment in euros in the group's list, in its own
 * screen and in the activity log; a bot repayment draft in lari with no rate opened by Edit; and a
 * saved euro receipt's positions as first recognised, in euros. At 390 and 1280 px, in both
 * languages and themes. Starts its own server (a fresh database, the demo seed, the rate
 * provider's stand-in, the e2e bot secrets) on the built app.
 * Usage: npx tsx apps/web/e2e/shoot-issue-26-rest.ts /tmp/shots (after `npm run build` in apps/web)
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@dolya/db/testing';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { startFxStandIn } from './fx-stand-in';
import { freePort, waitForHealth } from './server-process';
import { LOOKS, lookContext } from './shoot-looks';
import { E2E_BOT_API_SECRET, E2E_TELEGRAM_BOT_TOKEN, freshTelegramId, signedInitData } from './telegram-stub';

const [out = '/tmp/shots'] = process.argv.slice(2);
const webRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const database = await createTestDatabase();
const fx = await startFxStandIn();
const port = await freePort();
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', resolve(webRoot, '../server/src/main.ts')], {
  cwd: resolve(webRoot, '../..'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: database.url ?? '',
    WEB_DIST: resolve(webRoot, 'dist'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    TELEGRAM_BOT_TOKEN: E2E_TELEGRAM_BOT_TOKEN,
    BOT_API_SECRET: E2E_BOT_API_SECRET,
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_MB: '0',
    FX_RATES_URL: fx.url,
  },
  stdio: 'inherit',
});
await waitForHealth(base, server);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

const telegramId = freshTelegramId();
const initData = Object.fromEntries(
  new URLSearchParams(signedInitData({ id: telegramId, first_name: 'Дина', username: `tg_${telegramId}` })),
);
async function call<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${base}${path}`, {
    method,
    headers: { origin: base, 'content-type': 'application/json' },
    ...(data === undefined ? {} : { data: JSON.stringify(data) }),
  });
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
/** A session for the Telegram user: registered once, then signed in again by the same init data. */
const signIn = (page: Page, first = false) =>
  call(page, 'POST', `/api/auth/telegram/miniapp${first ? '/register' : ''}`, initData);

const setup = await (await browser.newContext()).newPage();
await signIn(setup, true);
const { id: groupId } = await call<{ id: string }>(setup, 'POST', '/api/groups', {
  name: 'Тбилиси',
  currency: 'RUB',
  users: [{ name: 'Оля' }, { name: 'Паша' }],
});
const group = await call<{ users: { memberId: string; name: string; isCurrentUser: boolean }[] }>(
  setup,
  'GET',
  `/api/groups/${groupId}`,
);
const ids = group.users.map((u) => u.memberId);
const me = group.users.find((u) => u.isCurrentUser)!.memberId;
const pasha = group.users.find((u) => u.name === 'Паша')!.memberId;
await call(setup, 'POST', `/api/groups/${groupId}/expenses`, {
  name: 'Ужин',
  paidById: me,
  participants: ids,
  originalAmount: 45,
  originalCurrency: 'EUR',
  exchangeRate: '93.75',
});
const { id: paymentId } = await call<{ id: string }>(setup, 'POST', `/api/groups/${groupId}/expenses`, {
  settlement: true,
  settlementFromId: pasha,
  settlementToId: me,
  originalAmount: 50,
  originalCurrency: 'EUR',
  exchangeRate: '97',
});

let message = 1;
async function bot<T>(procedure: string, input: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${base}/trpc/bot.drafts.${procedure}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${E2E_BOT_API_SECRET}`,
      'x-telegram-user-id': String(telegramId),
      'content-type': 'application/json',
    },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { result?: { data: T } };
  if (!body.result) throw new Error(`bot.drafts.${procedure}: ${res.status} ${JSON.stringify(body)}`);
  return body.result.data;
}
const draft = async (proposal: Record<string, unknown>) =>
  (
    await bot<{ draft: { id: string } }>('create', {
      chatId: String(telegramId),
      messageId: String(message++),
      groupId,
      proposal,
    })
  ).draft.id;
const repayment = () =>
  draft({
    name: 'такси',
    amountCents: 2000,
    payerId: pasha,
    participantIds: [me],
    settlement: { fromId: pasha, toId: me },
    foreignCurrency: 'GEL',
    sourceText: 'Паша вернул мне 20 лари за такси',
  });
// A receipt in euros, read by the bot at the day's rate and saved as it was read.
const receiptDraft = await draft({
  name: 'Ресторан',
  amountCents: 4500,
  payerId: me,
  participantIds: ids,
  items: [
    { name: 'Паста', amountCents: 1250, participantIds: [ids[0]] },
    { name: 'Рыба', amountCents: 3000, participantIds: [ids[1], ids[2]] },
    { name: 'Кофе', amountCents: 250, participantIds: [ids[2]] },
  ],
  foreignCurrency: 'EUR',
  sourceText: 'чек 45 евро',
});
const saved = await bot<{ draft: { expenseId: string } }>('save', { draftId: receiptDraft });
const receiptId = saved.draft.expenseId;

const screens: { name: string; path: () => Promise<string>; act?: (page: Page) => Promise<void> }[] = [
  {
    name: 'list-payment-euros',
    path: async () => `/group/${groupId}`,
    act: async (page) => {
      await page.locator('.expense-settlement-line').first().waitFor();
    },
  },
  { name: 'payment-euros', path: async () => `/group/${groupId}/expense/${paymentId}` },
  { name: 'log-payment-euros', path: async () => `/group/${groupId}/logs` },
  {
    name: 'draft-repayment-no-rate',
    path: async () => `/group/${groupId}/new-expense?draft=${await repayment()}`,
  },
  {
    name: 'receipt-original-euros',
    path: async () => `/group/${groupId}/expense/${receiptId}`,
    act: async (page) => {
      const chip = page.locator('.expense-form .chip[aria-controls$="-positions"]');
      if ((await chip.getAttribute('aria-expanded')) !== 'true') await chip.click();
      await page.locator('.positions-view input[value="original"]').check({ force: true });
      // A full-page shot from the top: scrolled, the sticky header would sit in its middle.
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
];

for (const look of LOOKS) {
  const { width, lang, theme } = look;
  const context = await lookContext(browser, look);
  const page = await context.newPage();
  await signIn(page);
  for (const screen of screens) {
    await page.goto(base + (await screen.path()));
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
server.kill();
await fx.close();
await database.close();
console.log(`wrote ${screens.length * 8} screenshots to ${out}`);
