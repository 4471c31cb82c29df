import type { BrowserContext, Frame, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, useBrowser } from './harness';
import {
  DARK_PALETTE,
  E2E_BOT_API_SECRET,
  E2E_TELEGRAM_BOT_USERNAME,
  freshTelegramId,
  LIGHT_PALETTE,
  launchHash,
  signedInitData,
  stubTelegram,
} from './telegram-stub';

type Where = Page | Frame;

/**
 * Reads an expression in the page: `window.__telegram` (what the stand-in Telegram.WebApp recorded
 * and the hooks to act as Telegram, telegram-stub.ts) is `t`, `Telegram.WebApp` is `app`.
 */
const read = <T = unknown>(where: Where, expression: string) =>
  where.evaluate(
    `((t, app) => (${expression}))(window.__telegram, window.Telegram && window.Telegram.WebApp)`,
  ) as Promise<T>;
const mainButton = (where: Where) =>
  read<{ text: string; visible: boolean; active: boolean }>(
    where,
    '{ text: app.MainButton.text, visible: app.MainButton.isVisible, active: app.MainButton.isActive }',
  );
const backVisible = (where: Where) => read<boolean>(where, 'app.BackButton.isVisible');
const bodyColours = (where: Where) =>
  read<[string, string]>(
    where,
    '[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]',
  );

/** #rrggbb as the rgb() a computed style reads. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

interface TelegramAccount {
  tgUser: { id: number; first_name: string; username: string };
  groupId: string;
}

/**
 * A Telegram user with an account and a group of three, made through the REST API with this
 * context's cookie. The mini app itself never uses that cookie: it signs in with its init data.
 */
async function telegramAccount(page: Page, baseUrl: string, name = 'Мила'): Promise<TelegramAccount> {
  const id = freshTelegramId();
  const tgUser = { id, first_name: name, username: `tg_${id}` };
  await api(
    page,
    baseUrl,
    'POST',
    '/api/auth/telegram/miniapp/register',
    initDataPairs(signedInitData(tgUser)),
  );
  const { id: groupId } = await api<{ id: string }>(page, baseUrl, 'POST', '/api/groups', {
    name: 'Казань',
    currency: 'RUB',
    users: [{ name: 'Аня' }, { name: 'Боря' }],
  });
  return { tgUser, groupId };
}

const initDataPairs = (initData: string) => Object.fromEntries(new URLSearchParams(initData));

/** A draft as the bot makes one from "пицца 1200 я, Аня, Боря" (bot.drafts.create with its secret). */
async function botDraft(page: Page, baseUrl: string, telegramId: number, groupId: string): Promise<string> {
  const group = await api<{ users: { memberId: string }[] }>(page, baseUrl, 'GET', `/api/groups/${groupId}`);
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
      proposal: {
        name: 'Пицца',
        amountCents: 120_000,
        payerId: group.users[0]!.memberId,
        participantIds: group.users.map((u) => u.memberId),
        sourceText: 'пицца 1200 я, Аня, Боря',
      },
    }),
  });
  const body = (await res.json()) as { result?: { data: { draft: { id: string } } } };
  if (!body.result) throw new Error(`bot.drafts.create: ${res.status} ${JSON.stringify(body)}`);
  return body.result.data.draft.id;
}

/**
 * Opens the mini app as Telegram launches it: a fresh page load of the launch URL, in this tab
 * (its session storage, and so a session from an earlier launch, is kept).
 */
async function launch(
  page: Page,
  tgUser: TelegramAccount['tgUser'],
  options: { startParam?: string; theme?: Record<string, string> } = {},
) {
  const initData = signedInitData(tgUser, { startParam: options.startParam });
  await page.goto('about:blank');
  await page.goto(`/${launchHash(initData, { theme: options.theme ?? LIGHT_PALETTE })}`);
}

async function newMiniAppPage(
  browser: ReturnType<typeof useBrowser>,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await browser.newPage({ mobile: true });
  await stubTelegram(opened.context);
  return opened;
}

describe('journey: the mini app inside Telegram', () => {
  const browser = useBrowser();

  it('signs in by itself, wears Telegram’s colours and follows a theme change live; no theme toggle of its own', async () => {
    const { context, page } = await newMiniAppPage(browser);
    const { tgUser } = await telegramAccount(page, browser.baseUrl);
    await launch(page, tgUser, { theme: LIGHT_PALETTE });
    await page.getByText(ru.telegram.signedIn).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: /Казань/ }).waitFor();

    // Telegram was told the app is ready, and it was expanded.
    await expect.poll(() => read(page, '[t.log.ready, t.log.expand]')).toEqual([1, 1]);
    // The session is the tab's header token, not the cookie.
    expect(await page.evaluate(() => sessionStorage.getItem('dolya.session'))).toMatch(/^[\w-]{43}$/);

    expect(await bodyColours(page)).toEqual([rgb(LIGHT_PALETTE.bg_color), rgb(LIGHT_PALETTE.text_color)]);
    const newGroup = page.getByRole('link', { name: ru.groups.newGroup });
    expect(await newGroup.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      rgb(LIGHT_PALETTE.button_color),
    );
    expect(await read(page, 'document.documentElement.dataset.theme')).toBe('light');

    await read(page, `t.setTheme(${JSON.stringify(DARK_PALETTE)})`);
    await expect
      .poll(() => bodyColours(page))
      .toEqual([rgb(DARK_PALETTE.bg_color), rgb(DARK_PALETTE.text_color)]);
    expect(await read(page, 'document.documentElement.dataset.theme')).toBe('dark');
    expect(await newGroup.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      rgb(DARK_PALETTE.button_color),
    );

    // The header's bot button asks Telegram to open the chat; no browser tab.
    await page.getByRole('link', { name: ru.common.openBotLabel, exact: true }).click();
    expect(await read(page, 't.log.telegramLinks')).toEqual([`https://t.me/${E2E_TELEGRAM_BOT_USERNAME}`]);
    expect(context.pages()).toHaveLength(1);

    await page.getByRole('button', { name: ru.common.userMenu }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).waitFor();
    expect(await page.getByRole('menuitemradio', { name: ru.common.themeDark }).count()).toBe(0);
    await context.close();
  });

  it('shows Telegram’s back button below the group list and walks back through the app’s screens', async () => {
    const { context, page } = await newMiniAppPage(browser);
    const { tgUser, groupId } = await telegramAccount(page, browser.baseUrl);
    await launch(page, tgUser);
    await page.getByRole('link', { name: /Казань/ }).waitFor();
    expect(await backVisible(page)).toBe(false);

    await page.getByRole('link', { name: /Казань/ }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    await expect.poll(() => backVisible(page)).toBe(true);
    await page.getByRole('link', { name: ru.group.statsLabel }).click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}/stats`);

    await read(page, 't.pressBack()');
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    expect(await backVisible(page)).toBe(true);
    await read(page, 't.pressBack()');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => backVisible(page)).toBe(false);
    await context.close();
  });

  it('saves an expense and a payment with the main button (progress, success buzz); a failed save buzzes an error', async () => {
    const { context, page } = await newMiniAppPage(browser);
    const { tgUser, groupId } = await telegramAccount(page, browser.baseUrl);
    await launch(page, tgUser);
    await page.getByRole('link', { name: /Казань/ }).click();
    await page.getByRole('link', { name: ru.group.addExpense }).click();
    await page.getByRole('heading', { name: ru.expense.newTitle }).waitFor();

    await expect
      .poll(() => mainButton(page))
      .toEqual({ text: ru.expense.submit, visible: true, active: true });
    // Telegram's button replaces the form's own.
    expect(await page.getByRole('button', { name: ru.expense.submit, exact: true }).count()).toBe(0);
    await page.getByLabel(ru.expense.name, { exact: true }).fill('Ужин');
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('300');
    await read(page, 't.pressMain()');
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    await page.getByText('Ужин').first().waitFor();
    expect(await read(page, 't.log.mainButton')).toContain('progress');
    expect(await read(page, 't.log.haptics')).toEqual(['success']);
    expect((await mainButton(page)).visible).toBe(false);

    // Settle up: Аня owes 100; the main button records it.
    await page.getByText(ru.group.debtsTitle).waitFor();
    await page.getByRole('button', { name: ru.group.settleUp, exact: true }).click();
    await expect
      .poll(() => page.getByLabel(ru.group.amountIn.replace('{{currency}}', 'RUB')).inputValue())
      .toBe('100,00');
    await expect
      .poll(() => mainButton(page))
      .toEqual({ text: ru.group.recordPayment, visible: true, active: true });
    expect(await page.getByRole('button', { name: ru.group.recordPayment }).count()).toBe(0);
    await read(page, 't.pressMain()');
    await page.getByText(ru.group.paymentRecorded).first().waitFor();
    await expect.poll(() => read(page, 't.log.haptics')).toEqual(['success', 'success']);
    await expect.poll(async () => (await mainButton(page)).visible).toBe(false);

    // The group is deleted meanwhile (another device): the save fails, with an error buzz.
    await page.getByRole('link', { name: ru.group.addExpense }).click();
    await page.getByLabel(ru.expense.name, { exact: true }).fill('Такси');
    await page.getByLabel(ru.expense.amount, { exact: true }).fill('90');
    await api(page, browser.baseUrl, 'DELETE', `/api/groups/${groupId}`);
    await read(page, 't.pressMain()');
    await page.getByText(ru.expense.saveFailed).first().waitFor();
    await expect.poll(() => read(page, 't.log.haptics')).toEqual(['success', 'success', 'error']);
    await context.close();
  });

  it('follows startapp links: a group, a bot draft (drafts.get), an invite; unknown ids stay on the group list with a not-found message', async () => {
    const { context, page } = await newMiniAppPage(browser);
    const { tgUser, groupId } = await telegramAccount(page, browser.baseUrl);

    await launch(page, tgUser, { startParam: `group_${groupId}` });
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);
    await page.getByRole('heading', { name: 'Казань' }).waitFor();
    await expect.poll(() => backVisible(page)).toBe(true);
    await read(page, 't.pressBack()');
    await page.waitForURL((url) => url.pathname === '/');
    // A reload is not a new launch: the link is not followed again, and the session holds.
    await page.reload();
    await page.getByRole('link', { name: /Казань/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await launch(page, tgUser, { startParam: 'group_00000000-0000-4000-8000-000000000000' });
    await page.getByText(ru.group.notFound).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // A draft the bot made from a chat message: its Edit button opens the prefilled form.
    const draftId = await botDraft(page, browser.baseUrl, tgUser.id, groupId);
    await launch(page, tgUser, { startParam: `draft_${draftId}` });
    await page.waitForURL((url) => url.pathname === `/group/${groupId}/new-expense`);
    expect(new URL(page.url()).searchParams.get('draft')).toBe(draftId);
    await page.getByRole('heading', { name: ru.expense.newTitle }).waitFor();
    expect(await page.getByLabel(ru.expense.name, { exact: true }).inputValue()).toBe('Пицца');
    await read(page, 't.pressBack()');
    await page.waitForURL((url) => url.pathname === `/group/${groupId}`);

    await launch(page, tgUser, { startParam: 'draft_0b0b0b0b-0000-4000-8000-000000000000' });
    await page.getByText(ru.telegram.draftNotFound).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // An invite: another Telegram user opens the group's invite link.
    const invite = await api<{ token: string }>(
      page,
      browser.baseUrl,
      'POST',
      `/api/invites/group/${groupId}`,
    );
    const guest = await newMiniAppPage(browser);
    const { tgUser: guestUser } = await telegramAccount(guest.page, browser.baseUrl, 'Гость');
    await launch(guest.page, guestUser, { startParam: `invite_${invite.token}` });
    await guest.page.waitForURL((url) => url.pathname === `/invite/${invite.token}`);
    await guest.page.getByRole('heading', { level: 1, name: 'Казань' }).waitFor();
    await guest.context.close();
    await context.close();
  });

  it('keeps its session in Telegram Web’s cross-site frame through navigation and reloads', async () => {
    const framingOrigin = inject('framingOrigin');
    const framed = (src: string) => `${framingOrigin}/?src=${encodeURIComponent(src)}`;
    const { context, page } = await newMiniAppPage(browser);
    const { tgUser, groupId } = await telegramAccount(page, browser.baseUrl);

    // The problem: this browser holds a web session for the app's site, but a frame on another
    // site does not send it.
    expect((await context.cookies(browser.baseUrl)).some((c) => c.name === 'dolya_session')).toBe(true);
    await page.goto(framed(`${browser.baseUrl}/api/auth/me`));
    await page.frameLocator('iframe').getByText('UNAUTHORIZED').waitFor();

    const launchUrl = `${browser.baseUrl}/${launchHash(signedInitData(tgUser), { theme: LIGHT_PALETTE })}`;
    await page.goto(framed(launchUrl));
    const app = page.frameLocator('iframe[title="Dolya mini app"]');
    const frame = () => page.frames().find((f) => f.url().startsWith(browser.baseUrl))!;
    await app.getByText(ru.telegram.signedIn).first().waitFor();
    await app.getByRole('link', { name: /Казань/ }).click();
    await app.getByRole('heading', { name: 'Казань' }).waitFor();
    expect(new URL(frame().url()).pathname).toBe(`/group/${groupId}`);

    // The frame reloads at its current address: still signed in, with no new sign-in. (This
    // Chromium denies the frame any storage, so the partitioned cookie carries the session here;
    // where storage is allowed, the token kept in it does.)
    await frame().evaluate(() => location.reload());
    await app.getByRole('heading', { name: 'Казань' }).waitFor();
    expect(new URL(frame().url()).pathname).toBe(`/group/${groupId}`);
    expect(await app.getByText(ru.telegram.signedIn).count()).toBe(0);
    expect(await frame().evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200);

    // Telegram Web itself reloads: the frame starts again from the launch URL, still signed in.
    await page.reload();
    await app.getByRole('link', { name: /Казань/ }).waitFor();
    expect(new URL(frame().url()).pathname).toBe('/');
    expect(await app.getByText(ru.telegram.signedIn).count()).toBe(0);
    expect((await bodyColours(frame()))[0]).toBe(rgb(LIGHT_PALETTE.bg_color));

    await context.close();
  });

  it('pads for Telegram’s safe areas and never scrolls sideways at 320 px', async () => {
    const { context, page } = await newMiniAppPage(browser);
    const { tgUser, groupId } = await telegramAccount(page, browser.baseUrl);
    await launch(page, tgUser);
    await page.getByRole('link', { name: /Казань/ }).waitFor();

    await read(
      page,
      't.setSafeArea({ top: 24, bottom: 34, left: 0, right: 0 }, { top: 46, bottom: 0, left: 0, right: 0 })',
    );
    await expect
      .poll(() => read(page, "getComputedStyle(document.documentElement).getPropertyValue('--inset-top')"))
      .toBe('70px');
    expect(await read(page, "document.querySelector('.app-header').getBoundingClientRect().top")).toBe(70);
    expect(await read(page, 'getComputedStyle(document.body).paddingBottom')).toBe('34px');

    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of [
      '/',
      `/group/${groupId}`,
      `/group/${groupId}/new-expense`,
      `/group/${groupId}/stats`,
      '/account',
    ]) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      expect(await read(page, 'document.documentElement.scrollWidth'), path).toBe(320);
    }
    await context.close();
  });
});
