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
export const E2E_BOT_API_SECRET = 'e2e-bot-api-secret-0123456789abcdefghij';

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

/** Mini-app init data as Telegram puts it in the launch URL's #tgWebAppData (with a startapp parameter). */
export function signedInitData(
  user: { id: number; first_name: string; username?: string },
  options: { startParam?: string } = {},
): string {
  return sign(
    {
      user,
      query_id: 'AAHe2e',
      chat_type: 'private',
      chat_instance: '-1',
      ...(options.startParam ? { start_param: options.startParam } : {}),
    } as never,
    E2E_TELEGRAM_BOT_TOKEN,
    new Date(),
  );
}

/** Telegram's palettes (as Telegram for Android sends them), for the theme journeys and screenshots. */
export const LIGHT_PALETTE = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#8e8e93',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff4',
  header_bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  accent_text_color: '#2481cc',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  section_separator_color: '#e0e0e4',
  subtitle_text_color: '#8e8e93',
  destructive_text_color: '#ff3b30',
};
export const DARK_PALETTE = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
  header_bg_color: '#17212b',
  bottom_bar_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#111921',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
};

/** The launch URL's hash: init data, version, platform, and optionally the palette Telegram sends. */
export function launchHash(initData: string, options: { theme?: Record<string, string> } = {}): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    ...(options.theme ? { tgWebAppThemeParams: JSON.stringify(options.theme) } : {}),
  });
  return `#${params.toString()}`;
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

/**
 * Stand-in for telegram-web-app.js: Telegram.WebApp with the launch data (from the hash, else as
 * the real script keeps it in session storage), the palette, the back and main buttons, haptics
 * and the safe areas. `window.__telegram` records what the app asked for and lets a journey act
 * as Telegram: press a button, switch the theme, move the safe areas.
 */
const WEB_APP_STUB = `(function () {
  var hash = new URLSearchParams(location.hash.slice(1));
  var stored = {};
  try { stored = JSON.parse(sessionStorage.getItem('__telegram__initParams') || '{}'); } catch (e) {}
  var param = function (key) { return hash.get(key) || stored[key] || ''; };
  var handlers = {};
  var on = function (event, fn) { (handlers[event] = handlers[event] || []).push(fn); };
  var off = function (event, fn) { handlers[event] = (handlers[event] || []).filter(function (h) { return h !== fn; }); };
  var emit = function (event) { (handlers[event] || []).slice().forEach(function (fn) { fn.call(app); }); };
  var log = { ready: 0, expand: 0, haptics: [], telegramLinks: [], mainButton: [], backButton: [] };
  var scheme = function (bg) {
    if (!/^#[0-9a-f]{6}$/i.test(bg || '')) return 'light';
    var n = parseInt(bg.slice(1), 16);
    return 0.2126 * (n >> 16) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255) < 128 ? 'dark' : 'light';
  };
  var theme = {};
  try { theme = JSON.parse(param('tgWebAppThemeParams') || '{}'); } catch (e) {}
  var backButton = {
    isVisible: false,
    show: function () { this.isVisible = true; log.backButton.push('show'); return this; },
    hide: function () { this.isVisible = false; log.backButton.push('hide'); return this; },
    onClick: function (fn) { on('backButtonClicked', fn); return this; },
    offClick: function (fn) { off('backButtonClicked', fn); return this; },
  };
  var mainButton = {
    text: 'Continue', isVisible: false, isActive: true, isProgressVisible: false,
    setParams: function (p) {
      if ('text' in p) this.text = p.text;
      if ('is_active' in p) this.isActive = p.is_active;
      if ('is_visible' in p) this.isVisible = p.is_visible;
      return this;
    },
    show: function () { this.isVisible = true; return this; },
    hide: function () { this.isVisible = false; return this; },
    enable: function () { this.isActive = true; return this; },
    disable: function () { this.isActive = false; return this; },
    showProgress: function () { this.isProgressVisible = true; log.mainButton.push('progress'); return this; },
    hideProgress: function () { this.isProgressVisible = false; return this; },
    onClick: function (fn) { on('mainButtonClicked', fn); return this; },
    offClick: function (fn) { off('mainButtonClicked', fn); return this; },
  };
  var app = {
    initData: param('tgWebAppData'),
    version: param('tgWebAppVersion') || '8.0',
    platform: param('tgWebAppPlatform') || 'android',
    themeParams: theme,
    colorScheme: scheme(theme.bg_color),
    safeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
    contentSafeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
    BackButton: backButton,
    MainButton: mainButton,
    HapticFeedback: {
      notificationOccurred: function (type) { log.haptics.push(type); return this; },
      impactOccurred: function () { return this; },
      selectionChanged: function () { return this; },
    },
    isVersionAtLeast: function (v) {
      var a = this.version.split('.').map(Number), b = String(v).split('.').map(Number);
      for (var i = 0; i < Math.max(a.length, b.length); i++) {
        if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0);
      }
      return true;
    },
    onEvent: on,
    offEvent: off,
    ready: function () { log.ready++; window.__telegramReady = true; },
    expand: function () { log.expand++; },
    openLink: function (url) { window.__telegramOpened = url; },
    openTelegramLink: function (url) { log.telegramLinks.push(url); },
  };
  window.Telegram = { WebApp: app };
  window.__telegram = {
    log: log,
    pressBack: function () { emit('backButtonClicked'); },
    pressMain: function () { if (mainButton.isVisible && mainButton.isActive) emit('mainButtonClicked'); },
    setTheme: function (params) { app.themeParams = params; app.colorScheme = scheme(params.bg_color); emit('themeChanged'); },
    setSafeArea: function (safe, content) { app.safeAreaInset = safe; app.contentSafeAreaInset = content; emit('safeAreaChanged'); emit('contentSafeAreaChanged'); },
  };
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
