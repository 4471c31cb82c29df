import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureLaunchParams,
  initDataPairs,
  isTelegramMiniApp,
  LAUNCH_DATA_KEY,
  launchParams,
  openedInsideTelegram,
  TELEGRAM_WEB_APP_SCRIPT,
  telegramInitData,
  telegramWebApp,
  withoutLaunchParams,
} from '../src/lib/telegram/miniapp';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const ANDROID_TELEGRAM_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 Telegram-Android/11.2.3';

/** Init data as Telegram writes it: the user is JSON with escaped slashes, everything URL-encoded. */
const USER_JSON = '{"id":42,"first_name":"Ann + Co","photo_url":"https:\\/\\/t.me\\/i\\/a.svg"}';
const INIT_DATA = new URLSearchParams({
  query_id: 'AAH',
  user: USER_JSON,
  auth_date: '1700000000',
  signature: 'c2ln',
  hash: 'ab'.repeat(32),
}).toString();
const LAUNCH_HASH = `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`;

function at(url: string) {
  window.history.replaceState(null, '', url);
}

afterEach(() => {
  at('/');
  sessionStorage.clear();
  delete window.Telegram;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('launch parameters', () => {
  it('reads tgWebApp* parameters from the hash or the query, and nothing else', () => {
    expect(launchParams({ hash: LAUNCH_HASH, search: '' })).toEqual({
      tgWebAppData: INIT_DATA,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
    });
    expect(
      launchParams({ hash: '', search: `?redirect=%2F&tgWebAppData=${encodeURIComponent('a=1')}` }),
    ).toEqual({
      tgWebAppData: 'a=1',
    });
    expect(launchParams({ hash: '#section', search: '?redirect=/account' })).toEqual({});
  });

  it('keeps the init data through a redirect that drops the hash', () => {
    at(`/${LAUNCH_HASH}`);
    captureLaunchParams();
    at('/features'); // the router sent the signed-out visitor on
    expect(sessionStorage.getItem(LAUNCH_DATA_KEY)).toBe(INIT_DATA);
    expect(JSON.parse(sessionStorage.getItem('__telegram__initParams')!)).toMatchObject({
      tgWebAppPlatform: 'android',
    });
    expect(telegramInitData()).toBe(INIT_DATA);
    expect(isTelegramMiniApp()).toBe(true);
  });

  it('takes them out of the address once kept, so a reload or a remembered redirect is not a launch', () => {
    at(`/group/g?x=1${LAUNCH_HASH}`);
    expect(captureLaunchParams()).toBe(true);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/group/g?x=1',
    );
    expect(telegramInitData()).toBe(INIT_DATA);
    // A reload at that address finds them kept, and is no launch.
    expect(captureLaunchParams()).toBe(false);
    expect(isTelegramMiniApp()).toBe(true);
  });

  it('a new launch in the same tab replaces what an earlier one kept', () => {
    at(`/${LAUNCH_HASH}&tgWebAppStartParam=group_1`);
    captureLaunchParams();
    const next = new URLSearchParams(INIT_DATA);
    next.set('query_id', 'BBB');
    at(`/#tgWebAppData=${encodeURIComponent(next.toString())}&tgWebAppVersion=9.0`);
    captureLaunchParams();
    expect(telegramInitData()).toContain('query_id=BBB');
    expect(JSON.parse(sessionStorage.getItem('__telegram__initParams')!)).toEqual({
      tgWebAppData: next.toString(),
      tgWebAppVersion: '9.0',
    });
  });

  it('withoutLaunchParams keeps every other part of the address', () => {
    expect(withoutLaunchParams({ pathname: '/a', search: '?q=1', hash: LAUNCH_HASH })).toBe('/a?q=1');
    expect(withoutLaunchParams({ pathname: '/', search: '?tgWebAppStartParam=x&y=2', hash: '#top' })).toBe(
      '/?y=2#top',
    );
  });

  it('stores nothing for an ordinary visit', () => {
    at('/login?redirect=%2Faccount#top');
    captureLaunchParams();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('openedInsideTelegram', () => {
  const none = { hash: '', search: '' };
  it('is true with launch data in the URL or kept from it, or with Telegram’s user agent', () => {
    expect(openedInsideTelegram({ hash: LAUNCH_HASH, search: '' }, BROWSER_UA, sessionStorage)).toBe(true);
    expect(openedInsideTelegram(none, ANDROID_TELEGRAM_UA, sessionStorage)).toBe(true);
    expect(openedInsideTelegram(none, 'TelegramDesktop/5.0', sessionStorage)).toBe(true);
    sessionStorage.setItem(LAUNCH_DATA_KEY, INIT_DATA);
    expect(openedInsideTelegram(none, BROWSER_UA, sessionStorage)).toBe(true);
  });

  it('is false in an ordinary browser', () => {
    expect(openedInsideTelegram(none, BROWSER_UA, sessionStorage)).toBe(false);
    expect(
      openedInsideTelegram({ hash: '#tgWebAppVersion=8.0', search: '' }, BROWSER_UA, sessionStorage),
    ).toBe(false);
  });
});

describe('isTelegramMiniApp', () => {
  it('is true when Telegram.WebApp has init data', () => {
    window.Telegram = { WebApp: { initData: INIT_DATA } };
    expect(isTelegramMiniApp()).toBe(true);
    expect(telegramInitData()).toBe(INIT_DATA);
  });

  it('is false when Telegram.WebApp has empty init data (a link opened in Telegram’s browser) or is absent', () => {
    window.Telegram = { WebApp: { initData: '' } };
    expect(isTelegramMiniApp()).toBe(false);
    delete window.Telegram;
    expect(isTelegramMiniApp()).toBe(false);
  });
});

describe('initDataPairs', () => {
  it('gives the raw strings of Object.fromEntries(new URLSearchParams(initData)), JSON untouched', () => {
    const pairs = initDataPairs(INIT_DATA);
    expect(pairs).toEqual({
      query_id: 'AAH',
      user: USER_JSON,
      auth_date: '1700000000',
      signature: 'c2ln',
      hash: 'ab'.repeat(32),
    });
    expect(pairs.user).toContain('https:\\/\\/t.me');
  });
});

describe('telegramWebApp', () => {
  it('loads nothing outside Telegram', async () => {
    at('/login');
    expect(await telegramWebApp()).toBeNull();
    expect(document.querySelector(`script[src="${TELEGRAM_WEB_APP_SCRIPT}"]`)).toBeNull();
  });

  it('loads telegram-web-app.js inside Telegram and tells Telegram the app is ready', async () => {
    at(`/login${LAUNCH_HASH}`);
    const pending = telegramWebApp();
    const script = document.querySelector<HTMLScriptElement>(`script[src="${TELEGRAM_WEB_APP_SCRIPT}"]`);
    expect(script).not.toBeNull();
    // What the real script does when it runs: it defines Telegram.WebApp.
    const ready = vi.fn();
    window.Telegram = { WebApp: { initData: INIT_DATA, ready } };
    script!.dispatchEvent(new Event('load'));
    expect((await pending)?.initData).toBe(INIT_DATA);
    expect(ready).toHaveBeenCalled();
  });

  it('goes on without the script when it cannot load (offline): the launch data still signs in', async () => {
    at(`/login${LAUNCH_HASH}`);
    const pending = telegramWebApp();
    document.querySelector(`script[src="${TELEGRAM_WEB_APP_SCRIPT}"]`)!.dispatchEvent(new Event('error'));
    expect(await pending).toBeNull();
    expect(isTelegramMiniApp()).toBe(true);
    expect(telegramInitData()).toBe(INIT_DATA);
  });
});
