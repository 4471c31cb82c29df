/**
 * Telegram for the journeys, without the internet: the bot the e2e server is configured with,
 * payloads signed with its token, and stand-ins for telegram.org's two scripts served by
 * Playwright's router, with the login widget's frame (the real ones cannot load here).
 */
import { createHash, createHmac } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import type { BrowserContext, Page } from 'playwright-core';

export const E2E_TELEGRAM_BOT_TOKEN = '4242424242:AAe2e-journey-bot-token';
export const E2E_TELEGRAM_BOT_USERNAME = 'dolya_e2e_bot';

let nextId = 5_100_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
export const freshTelegramId = () => nextId++;

/** A login-widget payload signed as Telegram documents it (HMAC-SHA-256 keyed by SHA-256 of the token). */
export function signedWidgetUser(fields: { id: number; first_name: string; username?: string }) {
  const data: Record<string, string | number> = { ...fields, auth_date: Math.floor(Date.now() / 1000) };
  const dataCheckString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const key = createHash('sha256').update(E2E_TELEGRAM_BOT_TOKEN).digest();
  return { ...data, hash: createHmac('sha256', key).update(dataCheckString).digest('hex') };
}

/** Mini-app init data as Telegram puts it in the launch URL's #tgWebAppData. */
export function signedInitData(user: { id: number; first_name: string; username?: string }): string {
  return sign(
    { user, query_id: 'AAHe2e', chat_type: 'private', chat_instance: '-1' } as never,
    E2E_TELEGRAM_BOT_TOKEN,
    new Date(),
  );
}

export function launchHash(initData: string): string {
  return `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`;
}

/** The origin of the login widget's frame, as the real script uses it. */
export const TELEGRAM_LOGIN_ORIGIN = 'https://oauth.telegram.org';

/**
 * Stand-in for telegram-widget.js, doing what the real one does: a data-onauth callback is compiled
 * from its text at once (the real script evals it, which a CSP without 'unsafe-eval' refuses, and
 * then no widget appears), and every widget tag not yet handled gets a 238 × 40 frame from
 * oauth.telegram.org/embed/<bot>?origin=<page origin>.
 */
const WIDGET_STUB = `(function () {
  document.querySelectorAll('script[data-telegram-login]').forEach(function (script) {
    if (script.__telegramStub) return;
    script.__telegramStub = true;
    if (script.hasAttribute('data-onauth')) new Function('user', script.getAttribute('data-onauth'));
    var frame = document.createElement('iframe');
    frame.src = '${TELEGRAM_LOGIN_ORIGIN}/embed/' + script.getAttribute('data-telegram-login') +
      '?origin=' + encodeURIComponent(location.origin);
    frame.title = 'Telegram login (stub)';
    frame.width = 238;
    frame.height = 40;
    frame.style.border = 'none';
    script.parentNode.insertBefore(frame, script);
  });
})();`;

/** Stand-in for the widget's frame: Telegram's button; the journeys "press" it with widgetSignsIn. */
const WIDGET_FRAME = `<!doctype html><body style="margin:0"><button style="height:36px;border-radius:10px;border:0;background:#54a9eb;color:#fff;font:600 15px sans-serif;padding:0 20px">Log in with Telegram</button></body>`;

/**
 * The user authorised in the widget: its frame tells the page, as Telegram's does, by posting
 * {event: 'auth_user', auth_data} (JSON text) to the origin the page gave it.
 */
export async function widgetSignsIn(page: Page, user: ReturnType<typeof signedWidgetUser>) {
  const element = await page.locator('iframe[title="Telegram login (stub)"]').elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error('no Telegram login frame');
  await frame.waitForLoadState();
  await frame.evaluate((u) => {
    const origin = new URL(location.href).searchParams.get('origin') ?? '';
    window.parent.postMessage(JSON.stringify({ event: 'auth_user', auth_data: u }), origin);
  }, user);
}

/** Stand-in for telegram-web-app.js: Telegram.WebApp with the launch data, recording openLink. */
const WEB_APP_STUB = `(function () {
  var hash = new URLSearchParams(location.hash.slice(1));
  var stored = {};
  try { stored = JSON.parse(sessionStorage.getItem('__telegram__initParams') || '{}'); } catch (e) {}
  window.Telegram = { WebApp: {
    initData: hash.get('tgWebAppData') || stored.tgWebAppData || '',
    platform: 'android',
    ready: function () { window.__telegramReady = true; },
    expand: function () {},
    openLink: function (url) { window.__telegramOpened = url; },
  } };
})();`;

/** Serves the stand-ins; with `offline`, telegram.org cannot be reached at all (the fallback case). */
export async function stubTelegram(context: BrowserContext, options: { offline?: boolean } = {}) {
  await context.route('https://telegram.org/**', (route) => {
    if (options.offline) return route.abort('internetdisconnected');
    const path = new URL(route.request().url()).pathname;
    const body =
      path === '/js/telegram-widget.js'
        ? WIDGET_STUB
        : path === '/js/telegram-web-app.js'
          ? WEB_APP_STUB
          : '';
    return route.fulfill({ status: body ? 200 : 404, contentType: 'text/javascript', body });
  });
  await context.route(`${TELEGRAM_LOGIN_ORIGIN}/**`, (route) => {
    if (options.offline) return route.abort('internetdisconnected');
    const embed = new URL(route.request().url()).pathname.startsWith('/embed/');
    return route.fulfill({
      status: embed ? 200 : 404,
      contentType: 'text/html',
      body: embed ? WIDGET_FRAME : '',
    });
  });
}
