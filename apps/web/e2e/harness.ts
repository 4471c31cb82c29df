import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

export const DEMO = { email: 'demo@example.com', password: 'demo' };

/** One headless Chromium per journey file; each test opens its own context (fresh storage and cookies). */
export function useBrowser() {
  const state = {} as { browser: Browser; baseUrl: string };
  beforeAll(async () => {
    state.baseUrl = inject('baseUrl');
    state.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    get baseUrl() {
      return state.baseUrl;
    },
    /**
     * `serviceWorkers: 'allow'` lets the app's service worker in (offline.e2e.ts). Other journeys
     * run without it: installing, it fetches every file of the build, which competes with the
     * journey on a 2-core machine, and a journey about the network would be answered from its cache.
     */
    async newPage(
      options: { mobile?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser.newContext({
        baseURL: state.baseUrl,
        serviceWorkers: options.serviceWorkers ?? 'block',
        viewport: options.mobile ? { width: 390, height: 844 } : { width: 1024, height: 800 },
        hasTouch: options.mobile ?? false,
      });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      return { context, page };
    },
  };
}

/** Signs in through the API (fast); journeys that test the sign-in form do it by hand. */
export async function signInByApi(page: Page, baseUrl: string, user = DEMO) {
  const res = await page.request.post(`${baseUrl}/api/auth/login`, {
    data: user,
    headers: { origin: baseUrl },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
}

/** Cyrillic letters anywhere in the visible text of the page. */
export async function cyrillicText(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text.split('\n').filter((line) => /[а-яё]/i.test(line));
}

/** Calls the REST API as the page's signed-in user (shares the page's cookies). */
export async function api<T>(
  page: Page,
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await page.request.fetch(`${baseUrl}${path}`, {
    method,
    headers: { origin: baseUrl, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(data === undefined ? {} : { data: JSON.stringify(data) }),
  });
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()} ${await res.text()}`);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}
