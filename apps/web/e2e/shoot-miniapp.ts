/**
 * Screenshots of the mini app as Telegram shows it (390×844), in Telegram's light and dark
 * palettes, against a running server with the e2e bot configured:
 *   TELEGRAM_BOT_TOKEN=4242424242:AAe2e-journey-bot-token TELEGRAM_BOT_USERNAME=dolya_e2e_bot npm start
 *   npx tsx apps/web/e2e/shoot-miniapp.ts http://localhost:3000 /tmp/miniapp-shots
 * Writes <screen>-<light|dark>.png for the group list, a group, the new-expense form, its AI
 * dialog, settle up and the account page.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import {
  DARK_PALETTE,
  freshTelegramId,
  LIGHT_PALETTE,
  launchHash,
  signedInitData,
  stubTelegram,
} from './telegram-stub';

const [base = 'http://localhost:3000', out = '/tmp/miniapp-shots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${base}${path}`, { method, headers: { origin: base }, data });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [scheme, palette] of [
  ['light', LIGHT_PALETTE],
  ['dark', DARK_PALETTE],
] as const) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await stubTelegram(context);
  const page = await context.newPage();
  const tgUser = { id: freshTelegramId(), first_name: 'Мила' };
  const pairs = Object.fromEntries(new URLSearchParams(signedInitData(tgUser)));
  await call(page, 'POST', '/api/auth/telegram/miniapp/register', pairs);
  const { id } = await call<{ id: string }>(page, 'POST', '/api/groups', {
    name: 'Поездка в Казань',
    currency: 'RUB',
    users: [{ name: 'Аня' }, { name: 'Боря' }],
  });
  const group = await call<{ users: { memberId: string; isCurrentUser: boolean; name: string }[] }>(
    page,
    'GET',
    `/api/groups/${id}`,
  );
  const me = group.users.find((u) => u.isCurrentUser)!.memberId;
  const anya = group.users.find((u) => u.name === 'Аня')!.memberId;
  await call(page, 'POST', `/api/groups/${id}/expenses`, { name: 'Пицца', amount: 1200, paidById: me });
  await call(page, 'POST', `/api/groups/${id}/expenses`, {
    name: 'Такси из аэропорта',
    amount: 870.5,
    paidById: anya,
  });
  await call(page, 'POST', '/api/groups', { name: 'Квартира', currency: 'EUR', users: [{ name: 'Олег' }] });

  const shot = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${scheme}.png` });
  };
  await page.goto(`${base}/${launchHash(signedInitData(tgUser), { theme: palette })}`);
  await page.getByRole('link', { name: /Квартира/ }).waitFor();
  await page.waitForTimeout(2200); // the sign-in toast fades
  await shot('groups');
  await page.getByRole('link', { name: /Поездка в Казань/ }).click();
  await page.getByText('Пицца').first().waitFor();
  await shot('group');
  await page.getByRole('button', { name: 'Погасить долг', exact: true }).click();
  await shot('settle-up');
  await page.goto(`${base}/group/${id}/new-expense`);
  await page.getByLabel('Название', { exact: true }).fill('Ужин');
  await shot('new-expense');
  await page.getByRole('button', { name: /^AI/ }).click();
  await page.getByRole('dialog').waitFor();
  await shot('ai-dialog');
  await page.goto(`${base}/account`);
  await page.getByText('Привязанные аккаунты').waitFor();
  await shot('account');
  await context.close();
}
await browser.close();
console.log(`wrote ${out}/*-{light,dark}.png`);
