import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';
import { E2E_BOT_API_SECRET, freshTelegramId, signedInitData } from './telegram-stub';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
/** Intl's no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

interface Group {
  users: { memberId: string; name: string; isCurrentUser: boolean }[];
}
interface RestExpense {
  id: string;
  name: string;
  amount: number;
  paidById: string;
  splitMethod: string;
  splits: Record<string, number>;
  payers: Record<string, number>;
  originalAmount?: number | null;
  originalCurrency?: string | null;
  exchangeRate?: string | null;
  rateSource?: string | null;
  settlement?: boolean;
  settlementFromId?: string | null;
  settlementToId?: string | null;
}

/** «обед 30 лари на всех» as the bot reads it: a draft in lari, which the stand-in has no rate of. */
async function lariDraft(baseUrl: string, telegramId: number, groupId: string, memberIds: string[]) {
  return botDraft(baseUrl, telegramId, groupId, {
    name: 'Обед',
    amountCents: 3000,
    payerId: memberIds[0],
    participantIds: memberIds,
    foreignCurrency: 'GEL',
    sourceText: 'обед 30 лари на всех',
  });
}

/** A draft the bot makes of a message, as the Telegram user `telegramId`. */
async function botDraft(baseUrl: string, telegramId: number, groupId: string, proposal: object) {
  const res = await fetch(`${baseUrl}/trpc/bot.drafts.create`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${E2E_BOT_API_SECRET}`,
      'x-telegram-user-id': String(telegramId),
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      chatId: String(telegramId),
      messageId: String(1 + (Date.now() % 1_000_000_000)),
      groupId,
      proposal,
    }),
  });
  const body = (await res.json()) as {
    result?: { data: { draft: { id: string; expense: { rateNeeded?: { currency: string } | null } } } };
  };
  if (!body.result) throw new Error(`bot.drafts.create: ${res.status} ${JSON.stringify(body)}`);
  return body.result.data.draft;
}

/** The split row of a member: its text, spaces made plain. */
async function splitRow(page: Page, name: string) {
  const row = page
    .locator('.expense-split .split-row')
    .filter({ has: page.locator('.split-name', { hasText: new RegExp(`^${name}`) }) });
  return plain(await row.innerText());
}

describe('journey: a trip abroad (issue 26)', () => {
  const browser = useBrowser();

  it('a euro dinner with an edited rate split by amounts, and a bill two people paid', async () => {
    const { context, page } = await browser.newPage();
    await signInByApi(page, browser.baseUrl);
    const base = browser.baseUrl;
    const { id: groupId } = await api<{ id: string }>(page, base, 'POST', '/api/groups', {
      name: 'Рига',
      currency: 'RUB',
      users: [{ name: 'Оля' }, { name: 'Паша' }],
    });
    const group = await api<Group>(page, base, 'GET', `/api/groups/${groupId}`);
    const seat = (name: string) => group.users.find((u) => u.name === name)!.memberId;
    const me = group.users.find((u) => u.isCurrentUser)!.memberId;

    // The dinner: 45 € at the day's rate, suggested by the provider (its stand-in: 93.75).
    await page.goto(`/group/${groupId}/new-expense`);
    await page.getByLabel(ru.expense.name, { exact: true }).fill('Ужин');
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('45');
    await page.getByRole('button', { name: ru.fx.currencyOf }).click();
    await page.getByRole('combobox', { name: ru.groups.currencySearch }).fill('EUR');
    await page.keyboard.press('Enter');
    const box = page.locator('.rate-box');
    await expect.poll(async () => plain(await box.innerText())).toContain('45,00 € → 4 218,75 ₽');
    expect(plain(await box.innerText())).toMatch(/1 € = 93,75 ₽ · Frankfurter, \d\d\.\d\d/);

    // The rate edited by hand: 94,1.
    await page.getByRole('button', { name: ru.fx.rateEdit }).click();
    await page.getByLabel(ru.fx.rateLabel, { exact: true }).fill('94,1');
    await expect.poll(async () => plain(await box.innerText())).toContain('45,00 € → 4 234,50 ₽');
    expect(plain(await box.innerText())).toContain(`1 € = 94,1 ₽ · ${ru.fx.rateManual}`);

    // Split by amounts, typed in euros; the parts in roubles follow, exact to the kopeck:
    // 423 450 × 2000/4500 = 188 200, × 1555/4500 = 146 325,5, × 945/4500 = 88 924,5 -> the odd
    // kopeck to the payer (me).
    await page.getByRole('radio', { name: ru.expense.modeAmounts }).check();
    await page.getByText(fill(ru.expense.amountsInCurrency, { from: 'EUR', to: 'RUB' })).waitFor();
    await page.getByLabel(fill(ru.expense.amountOf, { name: 'Демо (вы)' })).fill('20');
    await page.getByLabel(fill(ru.expense.amountOf, { name: 'Оля' })).fill('15,55');
    await page.getByLabel(fill(ru.expense.amountOf, { name: 'Паша' })).fill('9,45');
    await expect.poll(() => splitRow(page, 'Демо')).toContain('1 882,01 ₽');
    expect(await splitRow(page, 'Оля')).toContain('1 463,25 ₽');
    expect(await splitRow(page, 'Паша')).toContain('889,24 ₽');
    expect(plain(await page.locator('.expense-split .split-totals').innerText())).toContain(
      fill(ru.expense.allocated, { allocated: '45,00 €', amount: '45,00 €' }),
    );
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);

    const list = await api<RestExpense[]>(page, base, 'GET', `/api/groups/${groupId}/expenses`);
    const dinner = list.find((e) => e.name === 'Ужин')!;
    expect(dinner).toMatchObject({
      amount: 4234.5,
      originalAmount: 45,
      originalCurrency: 'EUR',
      exchangeRate: '94.1',
      rateSource: 'manual',
      splitMethod: 'amounts',
      splits: { [me]: 1882.01, [seat('Оля')]: 1463.25, [seat('Паша')]: 889.24 },
    });

    // A bill two people paid: 700 ₽ and 300 ₽. Saving is refused until the whole is assigned.
    await page.goto(`/group/${groupId}/new-expense`);
    await page.getByLabel(ru.expense.name, { exact: true }).fill('Продукты');
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('1000');
    await page
      .getByLabel(ru.expense.payer, { exact: true })
      .selectOption({ label: ru.expense.payersSeveral });
    await page.getByLabel(fill(ru.expense.payerAmountOf, { name: 'Оля' })).fill('700');
    const payers = page.locator('.expense-payers');
    await expect
      .poll(async () => plain(await payers.innerText()))
      .toContain(fill(ru.expense.payersLeft, { amount: '300,00 ₽' }));
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await payers.getByText(ru.expense.payersRequired).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/group/${groupId}/new-expense`);
    await page.getByLabel(fill(ru.expense.payerAmountOf, { name: 'Паша' })).fill('300');
    await payers.getByText(ru.expense.payersDone).waitFor();
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);

    const after = await api<RestExpense[]>(page, base, 'GET', `/api/groups/${groupId}/expenses`);
    const bill = after.find((e) => e.name === 'Продукты')!;
    expect(bill).toMatchObject({
      amount: 1000,
      paidById: seat('Оля'),
      payers: { [seat('Оля')]: 700, [seat('Паша')]: 300 },
    });
    expect(bill.originalCurrency ?? null).toBeNull();

    // The list and the log show both: the euros beside the roubles, and who paid what.
    const rows = page.locator('.expense-sub');
    await expect
      .poll(async () => (await rows.allInnerTexts()).map(plain).join(' | '))
      .toContain('45,00 € → 4 234,50 ₽');
    expect((await rows.allInnerTexts()).map(plain).join(' | ')).toContain('Оля 700,00 ₽, Паша 300,00 ₽');
    await page.goto(`/group/${groupId}/logs`);
    const log = page.locator('.log-message');
    await expect
      .poll(async () => (await log.allInnerTexts()).map(plain).join(' | '))
      .toContain('«Ужин» на 45,00 € → 4 234,50 ₽');
    expect((await log.allInnerTexts()).map(plain).join(' | ')).toContain(
      'платили Оля 700,00 ₽, Паша 300,00 ₽',
    );

    // The dinner's screen: the euros, the rate as typed, and each part in euros again.
    await page.goto(`/group/${groupId}/expense/${dinner.id}`);
    const reopened = page.locator('.rate-box');
    await expect.poll(async () => plain(await reopened.innerText())).toContain('45,00 € → 4 234,50 ₽');
    expect(await page.getByLabel(fill(ru.expense.amountOf, { name: 'Оля' })).inputValue()).toBe('15,55');
    // The bill's screen: both payers with their amounts.
    await page.goto(`/group/${groupId}/expense/${bill.id}`);
    expect(await page.getByLabel(fill(ru.expense.payerAmountOf, { name: 'Оля' })).inputValue()).toBe('700');
    expect(await page.getByLabel(fill(ru.expense.payerAmountOf, { name: 'Паша' })).inputValue()).toBe('300');
    expect(plain(await page.locator('.expense-payers').innerText())).toContain(
      `${ru.expense.payersDone}: Оля 700,00 ₽, Паша 300,00 ₽`,
    );

    // A currency the provider has no rate of: the form asks for the rate or the amount in roubles.
    await page.goto(`/group/${groupId}/new-expense`);
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('30');
    await page.getByRole('button', { name: ru.fx.currencyOf }).click();
    await page.getByRole('combobox', { name: ru.groups.currencySearch }).fill('GEL');
    await page.keyboard.press('Enter');
    await page.getByText(ru.fx.rateUnavailable).waitFor();
    await page.getByLabel(fill(ru.fx.convertedLabel, { currency: 'RUB' })).fill('1000');
    await expect
      .poll(async () => plain(await page.locator('.rate-box').innerText()))
      .toContain('→ 1 000,00 ₽');
    expect(await page.getByLabel(ru.fx.rateLabel, { exact: true }).inputValue()).toBe('33,3333333333');
    await context.close();
  });

  it('a bot draft in lari with no rate opens in lari and asks for it; a settlement in euros', async () => {
    const { context, page } = await browser.newPage();
    const base = browser.baseUrl;
    // A Telegram user (the bot acts for them), signed in on the web by the same registration.
    const telegramId = freshTelegramId();
    await api(
      page,
      base,
      'POST',
      '/api/auth/telegram/miniapp/register',
      Object.fromEntries(
        new URLSearchParams(
          signedInitData({ id: telegramId, first_name: 'Дина', username: `tg_${telegramId}` }),
        ),
      ),
    );
    const { id: groupId } = await api<{ id: string }>(page, base, 'POST', '/api/groups', {
      name: 'Тбилиси',
      currency: 'RUB',
      users: [{ name: 'Оля' }, { name: 'Паша' }],
    });
    const group = await api<Group>(page, base, 'GET', `/api/groups/${groupId}`);
    const me = group.users.find((u) => u.isCurrentUser)!.memberId;
    const pasha = group.users.find((u) => u.name === 'Паша')!.memberId;
    const draft = await lariDraft(
      base,
      telegramId,
      groupId,
      group.users.map((u) => u.memberId),
    );
    expect(draft.expense.rateNeeded).toEqual({ currency: 'GEL' });

    // The bot's Edit: the form in lari, the rate line asking for a rate.
    await page.goto(`/group/${groupId}/new-expense?draft=${draft.id}`);
    expect(await page.getByLabel(ru.expense.name, { exact: true }).inputValue()).toBe('Обед');
    expect(await page.getByLabel(ru.expense.amount, { exact: true }).inputValue()).toBe('30');
    expect(await page.getByRole('button', { name: ru.fx.currencyOf }).innerText()).toContain('GEL');
    await page.getByText(ru.fx.rateUnavailable).waitFor();
    await page.getByLabel(ru.fx.rateLabel, { exact: true }).fill('28,5');
    await expect
      .poll(async () => plain(await page.locator('.rate-box').innerText()))
      .toMatch(/^30,00 \S+ → 855,00 ₽/);
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    const list = await api<RestExpense[]>(page, base, 'GET', `/api/groups/${groupId}/expenses`);
    expect(list.find((e) => e.name === 'Обед')).toMatchObject({
      amount: 855,
      originalAmount: 30,
      originalCurrency: 'GEL',
      exchangeRate: '28.5',
      rateSource: 'manual',
    });

    // Паша pays me back 2 € at the day's rate (the stand-in's 93,75): 187,50 ₽ off his debt.
    await page.getByRole('button', { name: ru.group.settleUp, exact: true }).click();
    await page.getByLabel(ru.group.payer).selectOption(pasha);
    await page.getByLabel(ru.group.recipient).selectOption(me);
    await page.getByRole('button', { name: ru.fx.currencyOf }).click();
    await page.getByRole('combobox', { name: ru.groups.currencySearch }).fill('EUR');
    await page.keyboard.press('Enter');
    const amount = page.getByLabel(fill(ru.group.amountIn, { currency: 'EUR' }));
    expect(await amount.inputValue()).toBe('');
    await amount.fill('2');
    const box = page.locator('.settle-form .rate-box');
    await expect.poll(async () => plain(await box.innerText())).toContain('2,00 € → 187,50 ₽');
    expect(plain(await box.innerText())).toMatch(/1 € = 93,75 ₽ · Frankfurter, \d\d\.\d\d/);
    await page.getByRole('button', { name: ru.group.recordPayment }).click();
    await page.getByText(ru.group.paymentRecorded).first().waitFor();
    const after = await api<RestExpense[]>(page, base, 'GET', `/api/groups/${groupId}/expenses`);
    expect(after.find((e) => e.settlement)).toMatchObject({
      amount: 187.5,
      originalAmount: 2,
      originalCurrency: 'EUR',
      exchangeRate: '93.75',
      rateSource: 'fetched',
      settlementFromId: pasha,
      settlementToId: me,
    });
    // The list shows it as paid, beside the roubles it counts for.
    const paymentRow = page.locator('.expense-settlement-line').first();
    await expect.poll(async () => plain(await paymentRow.innerText())).toBe('Паша → вам: 2,00 € · 187,50 ₽');

    // «Паша вернул мне 20 лари» with no rate to be had: the repayment draft's Edit opens the form
    // as a repayment in lari, asking for the rate; saving it records the payment and uses the draft.
    const repayment = await botDraft(base, telegramId, groupId, {
      name: '',
      amountCents: 2000,
      payerId: pasha,
      participantIds: [me],
      settlement: { fromId: pasha, toId: me },
      foreignCurrency: 'GEL',
      sourceText: 'Паша вернул мне 20 лари',
    });
    expect(repayment.expense.rateNeeded).toEqual({ currency: 'GEL' });
    await page.goto(`/group/${groupId}/new-expense?draft=${repayment.id}`);
    await page.getByRole('heading', { level: 1, name: ru.expense.settlementTitle }).waitFor();
    expect(await page.getByLabel(ru.expense.amount, { exact: true }).inputValue()).toBe('20');
    expect(await page.getByLabel(ru.expense.payer, { exact: true }).inputValue()).toBe(pasha);
    expect(await page.getByLabel(ru.expense.recipient, { exact: true }).inputValue()).toBe(me);
    await page.getByText(ru.fx.rateUnavailable).waitFor();
    await page.getByLabel(ru.fx.rateLabel, { exact: true }).fill('28,5');
    await page.getByRole('button', { name: ru.expense.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    await expect
      .poll(async () => plain(await page.locator('.expense-settlement-line').first().innerText()))
      .toMatch(/^Паша → вам: 20,00 \S+ · 570,00 ₽$/);
    const saved = await api<RestExpense[]>(page, base, 'GET', `/api/groups/${groupId}/expenses`);
    expect(saved.filter((e) => e.settlement && e.originalCurrency === 'GEL')).toEqual([
      expect.objectContaining({
        amount: 570,
        originalAmount: 20,
        exchangeRate: '28.5',
        settlementFromId: pasha,
      }),
    ]);
    await context.close();
  });
});
