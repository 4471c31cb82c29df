import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../src/i18n';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { THEME_KEY } from '../src/lib/theme';
import { INLINE_SCRIPT, staticBody } from '../src/static/page';
import { renderLanding } from '../src/static/prerender';

/** The prerendered /features as vite-prerender.ts writes its body, with its inline script run. */
async function openPage(language: 'ru' | 'en') {
  document.documentElement.lang = language;
  document.body.innerHTML = staticBody(await renderLanding('ru'), await renderLanding('en'), 'landing');
  new Function(INLINE_SCRIPT.landing)();
}

/** The server: auth.providers with or without a bot, auth.me signed in or not. */
function stubServer({ bot, signedIn }: { bot: string | null; signedIn: boolean }) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/trpc/auth.providers')
      return Response.json({
        result: { data: { google: false, yandex: false, telegram: bot ? { botUsername: bot } : null } },
      });
    if (url === '/trpc/auth.me')
      return signedIn
        ? Response.json({ result: { data: { id: 'me', name: 'Me' } } })
        : Response.json({ error: { data: { appCode: 'UNAUTHORIZED' } } }, { status: 401 });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Runs the page's module script (anew for each test) and lets its two calls settle. */
async function runScript(fetch: ReturnType<typeof stubServer>) {
  vi.resetModules();
  await import('../src/static/landing');
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const root = () => document.getElementById('static') as HTMLElement;
const heading = () => root().querySelector('h1')?.textContent;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the prerendered landing (/features without the app)', () => {
  it('keeps the storage keys of the app', async () => {
    const script = await import('../src/static/landing');
    expect(script.LANGUAGE_KEY).toBe(LANGUAGE_KEY);
    expect(script.THEME_KEY).toBe(THEME_KEY);
  });

  it('shows the stored language before any module runs, with one copy of each id in the page', async () => {
    await openPage('en');
    expect(heading()).toBe(en.landing.heroTitle);
    expect(root().dataset.staticLang).toBe('en');
    expect(document.querySelectorAll('#how')).toHaveLength(1);
    expect(document.querySelectorAll('#hero-title')).toHaveLength(1);
    await openPage('ru');
    expect(heading()).toBe(ru.landing.heroTitle);
  });

  it('switches the language with its RU | EN buttons and keeps the choice, focus on the pressed one', async () => {
    await openPage('ru');
    await runScript(stubServer({ bot: null, signedIn: false }));
    const english = root().querySelector<HTMLButtonElement>('button[lang="en"]')!;
    english.focus();
    english.click();
    expect(heading()).toBe(en.landing.heroTitle);
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(document.activeElement).toBe(root().querySelector('button[lang="en"]'));
    expect(root().querySelector('button[lang="en"]')?.getAttribute('aria-pressed')).toBe('true');
    root().querySelector<HTMLButtonElement>('button[lang="ru"]')!.click();
    expect(heading()).toBe(ru.landing.heroTitle);
  });

  it('follows a language and theme chosen in another tab', async () => {
    await openPage('ru');
    await runScript(stubServer({ bot: null, signedIn: false }));
    localStorage.setItem(LANGUAGE_KEY, 'en');
    localStorage.setItem(THEME_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
    expect(heading()).toBe(en.landing.heroTitle);
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it("shows the bot's links with the server's bot, in both copies", async () => {
    await openPage('ru');
    await runScript(stubServer({ bot: 'dolya_bot', signedIn: false }));
    const links = () => [...root().querySelectorAll<HTMLAnchorElement>('a[data-bot-link]')];
    expect(links().length).toBeGreaterThan(0);
    for (const link of links()) {
      expect(link.getAttribute('href')).toBe('https://t.me/dolya_bot');
      expect(link.style.display).toBe('');
    }
    root().querySelector<HTMLButtonElement>('button[lang="en"]')!.click();
    for (const link of links()) expect(link.getAttribute('href')).toBe('https://t.me/dolya_bot');
  });

  it('keeps them hidden when the server has no bot', async () => {
    await openPage('ru');
    await runScript(stubServer({ bot: null, signedIn: false }));
    for (const link of root().querySelectorAll<HTMLAnchorElement>('a[data-bot-link]'))
      expect(link.style.display).toBe('none');
  });

  it('leads a signed-in visitor to the groups, as the app does', async () => {
    await openPage('ru');
    await runScript(stubServer({ bot: null, signedIn: true }));
    const links = [...root().querySelectorAll<HTMLAnchorElement>('a[data-open-app]')];
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('/');
      expect(link.textContent).toBe(ru.landing.openApp);
    }
    expect(root().querySelector('a[href="/login"]')).toBeNull();
  });

  it('sends a signed-out visitor to sign in', async () => {
    await openPage('en');
    await runScript(stubServer({ bot: null, signedIn: false }));
    const links = [...root().querySelectorAll<HTMLAnchorElement>('a[data-open-app]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(links.map(() => '/login'));
    expect(links[0]?.textContent).toBe(en.landing.getStarted);
  });
});
