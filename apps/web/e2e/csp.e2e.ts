import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';
import {
  freshTelegramId,
  launchHash,
  signedInitData,
  signedWidgetUser,
  stubTelegram,
  widgetSignsIn,
} from './telegram-stub';

/**
 * Every page under the server's Content-Security-Policy, with nothing refused: violations are
 * collected from the securitypolicyviolation event of every frame and from Chromium's console.
 */
async function watchCsp(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        seen.push(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
        ),
      true,
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  return async () => {
    const frames = await Promise.all(
      page
        .frames()
        .map((frame) =>
          frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []),
        ),
    );
    return [...frames.flat(), ...console];
  };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

describe('journey: every page under the Content-Security-Policy', () => {
  const browser = useBrowser();

  it('sends the policy with the page', async () => {
    const { context, page } = await browser.newPage();
    const res = await page.goto('/features');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' https://telegram.org 'sha256-");
    expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org");
    await context.close();
  });

  it('signed out: /features and /login with the Telegram widget, signing in through it', async () => {
    const { context, page } = await browser.newPage();
    await stubTelegram(context);
    const violations = await watchCsp(context, page);
    await page.goto('/features');
    await settle(page);
    await page.goto('/login');
    // The real widget compiles a data-onauth callback with eval; refused, it shows no frame at all.
    await page
      .locator('iframe[title="Telegram login (stub)"]')
      .waitFor()
      .catch(async () => {
        throw new Error(
          `the Telegram widget did not appear; CSP violations: ${(await violations()).join('; ')}`,
        );
      });
    const user = signedWidgetUser({
      id: freshTelegramId(),
      first_name: 'Csp',
      username: `csp_${Date.now() % 100000}`,
    });
    await widgetSignsIn(page, user);
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('signed in: the groups, a group, its expense form, statistics, settings, the account and a dialog', async () => {
    const { context, page } = await browser.newPage();
    const violations = await watchCsp(context, page);
    await signInByApi(page, browser.baseUrl);
    const groups = await api<{ id: string }[]>(page, browser.baseUrl, 'GET', '/api/groups');
    const groupId = groups[0]!.id;
    for (const path of [
      '/',
      `/group/${groupId}`,
      `/group/${groupId}/new-expense`,
      `/group/${groupId}/stats`,
      `/group/${groupId}/settings`,
      '/account',
    ]) {
      await page.goto(path);
      await settle(page);
    }
    await page.goto(`/group/${groupId}`);
    await page.getByRole('link', { name: ru.group.addExpense }).first().click();
    await settle(page);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('the mini app inside Telegram: signs up and lands on the groups', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await stubTelegram(context);
    const violations = await watchCsp(context, page);
    const user = { id: freshTelegramId(), first_name: 'Mini', username: `mini_${Date.now() % 100000}` };
    await page.goto(`/login${launchHash(signedInitData(user))}`);
    await page.getByRole('button', { name: ru.telegram.register, exact: true }).click();
    await page
      .getByRole('dialog', { name: ru.telegram.registerConfirmTitle })
      .getByRole('button', { name: ru.telegram.registerConfirm, exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page);
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
