import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { useBrowser } from './harness';
import {
  freshTelegramId,
  launchHash,
  signedInitData,
  signedWidgetUser,
  stubTelegram,
  widgetSignsIn,
} from './telegram-stub';

const tg = ru.telegram;

async function signUpByEmail(page: Page, baseUrl: string, name: string) {
  const res = await page.request.post(`${baseUrl}/api/auth/register`, {
    data: {
      name,
      email: `${name.toLowerCase()}-${freshTelegramId()}@example.com`,
      password: 'secret-password',
    },
    headers: { origin: baseUrl },
  });
  expect(res.status()).toBe(201);
}

describe('journey: Telegram sign-in in a browser', () => {
  const browser = useBrowser();

  it('offline, /login shows the link button to /telegram-login after 2.5 s, and that page offers a retry', async () => {
    const { context, page } = await browser.newPage();
    await stubTelegram(context, { offline: true });
    await page.goto('/login');
    const fallback = page.getByRole('link', { name: tg.signInWithTelegram, exact: true });
    await fallback.waitFor({ timeout: 6000 });
    await fallback.click();
    await page.waitForURL((url) => url.pathname === '/telegram-login');
    await page.getByRole('heading', { name: tg.loginTitle, exact: true }).waitFor();
    await page.getByText(tg.widgetUnavailable).waitFor({ timeout: 6000 });
    await page.getByRole('button', { name: tg.retry, exact: true }).waitFor();
    await page.getByRole('link', { name: tg.otherMethods, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('omits the widget and its fallback with no-tg-login=true', async () => {
    const { context, page } = await browser.newPage();
    await stubTelegram(context, { offline: true });
    await page.goto('/login?no-tg-login=true');
    await page.getByRole('button', { name: ru.auth.signIn, exact: true }).waitFor();
    await page.waitForTimeout(3000);
    expect(await page.getByTestId('telegram-widget').count()).toBe(0);
    expect(await page.getByRole('link', { name: tg.signInWithTelegram }).count()).toBe(0);
    await context.close();
  });

  it('signs up with the widget on first use and goes to the stored redirect; later signs the same account in', async () => {
    const id = freshTelegramId();
    const { context, page } = await browser.newPage();
    await stubTelegram(context);
    await page.goto('/account');
    await page.waitForURL((url) => url.pathname === '/features');
    await page.goto('/login');
    await widgetSignsIn(page, signedWidgetUser({ id, first_name: 'Vera', username: `vera_${id}` }));
    await page.getByText(tg.signedIn).waitFor();
    await page.waitForURL((url) => url.pathname === '/account');
    // The widget rendered (40 px), so no fallback was shown.
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({ name: 'Vera', username: `vera_${id}`, telegramUsername: `vera_${id}` });
    await context.close();

    const again = await browser.newPage();
    await stubTelegram(again.context);
    await again.page.goto('/login');
    await widgetSignsIn(again.page, signedWidgetUser({ id, first_name: 'Vera' }));
    await again.page.waitForURL((url) => url.pathname === '/');
    expect((await (await again.page.request.get('/api/auth/me')).json()).id).toBe(me.id);
    await again.context.close();
  });

  it('links Telegram on /telegram-login?mode=link and goes to /account; someone else’s Telegram is refused', async () => {
    const owned = freshTelegramId();
    const owner = await browser.newPage();
    await stubTelegram(owner.context);
    await owner.page.goto('/login');
    await widgetSignsIn(owner.page, signedWidgetUser({ id: owned, first_name: 'Owner' }));
    await owner.page.waitForURL((url) => url.pathname === '/');
    await owner.context.close();

    const { context, page } = await browser.newPage();
    await stubTelegram(context);
    await signUpByEmail(page, browser.baseUrl, 'Lena');
    await page.goto('/telegram-login?mode=link');
    await page.getByRole('heading', { name: tg.linkTitle, exact: true }).waitFor();
    await widgetSignsIn(page, signedWidgetUser({ id: owned, first_name: 'Lena' }));
    await page.getByText(tg.alreadyLinked).waitFor();
    expect(new URL(page.url()).pathname).toBe('/telegram-login');

    const mine = freshTelegramId();
    await widgetSignsIn(page, signedWidgetUser({ id: mine, first_name: 'Lena', username: `lena_${mine}` }));
    await page.getByText(tg.linked).waitFor();
    await page.waitForURL((url) => url.pathname === '/account');
    expect((await (await page.request.get('/api/auth/me')).json()).telegramUsername).toBe(`lena_${mine}`);
    await context.close();
  });

  it('sends a signed-out visitor of the link page to sign in first', async () => {
    const { context, page } = await browser.newPage();
    await stubTelegram(context, { offline: true });
    await page.goto('/telegram-login?mode=link');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBe(
      '/telegram-login?mode=link',
    );
    await context.close();
  });

  it('speaks English too', async () => {
    const { context, page } = await browser.newPage();
    await context.addInitScript(() => localStorage.setItem('dolya.lang', 'en'));
    await stubTelegram(context, { offline: true });
    await page.goto('/telegram-login');
    await page.getByRole('heading', { name: en.telegram.loginTitle, exact: true }).waitFor();
    await page.getByText(en.telegram.widgetUnavailable).waitFor({ timeout: 6000 });
    await context.close();
  });
});

describe('journey: inside the Telegram mini app', () => {
  const browser = useBrowser();

  it('offers sign-up when not linked (with a confirmation), then signs in automatically next time', async () => {
    const tgUser = { id: freshTelegramId(), first_name: 'Mila', username: `mila_${Date.now() % 100000}` };
    const { context, page } = await browser.newPage({ mobile: true });
    await stubTelegram(context);
    await page.goto(`/login${launchHash(signedInitData(tgUser))}`);
    await page.getByText(tg.notLinked).waitFor();
    await page.getByRole('heading', { name: tg.notLinkedTitle, exact: true }).waitFor();
    // No widget and no passkey inside the mini app.
    expect(await page.getByTestId('telegram-widget').count()).toBe(0);
    expect(await page.getByRole('button', { name: /passkey/i }).count()).toBe(0);

    await page.getByRole('button', { name: tg.openInBrowser, exact: true }).click();
    expect(
      await page.evaluate(() => (window as unknown as { __telegramOpened?: string }).__telegramOpened),
    ).toBe(`${browser.baseUrl}/login?redirect=%2Faccount`);

    await page.getByRole('button', { name: tg.register, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: tg.registerConfirmTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: tg.registerConfirm, exact: true }).click();
    await page.getByText(tg.registered).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({ name: 'Mila', telegramUsername: tgUser.username });
    await context.close();

    // Next launch at the app's root: signed out inside Telegram goes to /login, which signs in at once.
    const next = await browser.newPage({ mobile: true });
    await stubTelegram(next.context);
    await next.page.goto(`/${launchHash(signedInitData(tgUser))}`);
    await next.page.getByText(tg.signedIn).waitFor();
    await next.page.waitForURL((url) => url.pathname === '/');
    expect((await (await next.page.request.get('/api/auth/me')).json()).id).toBe(me.id);
    await next.context.close();
  });

  it('refuses forged init data with an error and offers a retry and the browser', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await stubTelegram(context);
    const forged = signedInitData({ id: freshTelegramId(), first_name: 'Eve' }).replace('Eve', 'Bob');
    await page.goto(`/login${launchHash(forged)}`);
    await page.getByText(tg.signInFailed).waitFor();
    await page.getByRole('heading', { name: tg.failedTitle, exact: true }).waitFor();
    await page.getByRole('button', { name: tg.retry, exact: true }).waitFor();
    await page.getByRole('button', { name: tg.openInBrowser, exact: true }).waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await context.close();
  });
});
