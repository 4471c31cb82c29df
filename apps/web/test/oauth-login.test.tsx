import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAuthLogin } from '../src/features/oauth/OAuthLogin';
import {
  afterSignUpPath,
  navigateToOAuth,
  oauthStartUrl,
  readOAuthQuery,
  withoutOAuthQuery,
} from '../src/features/oauth/oauth';
import { i18n } from '../src/i18n';
import { forgetProviders } from '../src/lib/providers';
import { POST_LOGIN_REDIRECT_KEY } from '../src/lib/redirect';
import { currentSession, forgetSession } from '../src/lib/session';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../src/lib/toast', () => ({ toast: toasts, TOAST_DURATION_MS: 2000 }));

describe('the OAuth start URL (the redirect target it carries)', () => {
  beforeEach(() => sessionStorage.clear());

  it('carries the page’s redirect parameter, encoded', () => {
    expect(oauthStartUrl('google', '/group/a?tab=1#x')).toBe(
      '/api/oauth/google/start?redirect=%2Fgroup%2Fa%3Ftab%3D1%23x',
    );
    expect(oauthStartUrl('yandex', undefined)).toBe('/api/oauth/yandex/start?redirect=%2F');
  });

  it('prefers the stored post-login target, and takes it so it is not used twice', () => {
    sessionStorage.setItem(POST_LOGIN_REDIRECT_KEY, '/group/stored');
    expect(oauthStartUrl('google', '/new')).toBe('/api/oauth/google/start?redirect=%2Fgroup%2Fstored');
    expect(sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY)).toBeNull();
    expect(oauthStartUrl('google', '/new')).toBe('/api/oauth/google/start?redirect=%2Fnew');
  });

  it('never carries /login or a foreign target', () => {
    for (const bad of [
      '/login?x=1',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:x',
    ]) {
      expect(oauthStartUrl('google', bad), bad).toBe('/api/oauth/google/start?redirect=%2F');
    }
  });

  it('goes to the start route in the page, or in an external browser inside the Telegram mini app', () => {
    const assign = vi.fn();
    const openLink = vi.fn();
    navigateToOAuth('/api/oauth/google/start?redirect=%2F', {
      webApp: undefined,
      origin: 'https://d.example',
      assign,
    });
    expect(assign).toHaveBeenCalledWith('/api/oauth/google/start?redirect=%2F');
    // The Telegram script loaded in a plain browser (no init data) is not the mini app.
    navigateToOAuth('/x', { webApp: { initData: '', openLink }, origin: 'https://d.example', assign });
    expect(openLink).not.toHaveBeenCalled();
    navigateToOAuth('/api/oauth/yandex/start?redirect=%2F', {
      webApp: { initData: 'user=1&hash=x', openLink },
      origin: 'https://d.example',
      assign,
    });
    expect(openLink).toHaveBeenCalledWith('https://d.example/api/oauth/yandex/start?redirect=%2F');
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('reads and then drops the callback’s query parameters', () => {
    expect(readOAuthQuery('?oauth_pending=1&oauth_token=abc')).toEqual({ pendingToken: 'abc', error: null });
    expect(readOAuthQuery('?oauth_token=abc')).toEqual({ pendingToken: null, error: null });
    expect(readOAuthQuery('?oauth_pending=1')).toEqual({ pendingToken: null, error: null });
    expect(readOAuthQuery('?oauth_error=OAUTH_DENIED&redirect=%2Fx')).toEqual({
      pendingToken: null,
      error: 'OAUTH_DENIED',
    });
    expect(withoutOAuthQuery('?oauth_pending=1&oauth_token=abc&redirect=%2Fx')).toBe('?redirect=%2Fx');
    expect(withoutOAuthQuery('?oauth_error=X')).toBe('');
  });

  it('sends a confirmed sign-up only to a same-site path other than /login', () => {
    expect(afterSignUpPath('/group/a?b=1')).toBe('/group/a?b=1');
    for (const bad of [null, undefined, '', '/login', '//evil.example', 'https://evil.example']) {
      expect(afterSignUpPath(bad)).toBe('/');
    }
  });
});

interface Call {
  path: string;
  input: unknown;
}

/**
 * The tRPC endpoint (the server boundary): records each call; answers from `reply`. Batched calls
 * (the tRPC client) and single ones (lib/api-call, which the sign-in page uses) both.
 */
function stubApi(reply: (path: string, input: unknown) => { data?: unknown; appCode?: string }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const batched = u.searchParams.has('batch');
      const paths = u.pathname.replace('/trpc/', '').split(',');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const results = paths.map((path, i) => {
        const input = init?.method !== 'POST' ? undefined : batched ? body[String(i)] : body;
        calls.push({ path, input });
        const answer = reply(path, input);
        if (answer.appCode) {
          return {
            error: {
              code: -32600,
              message: answer.appCode,
              data: { code: 'BAD_REQUEST', httpStatus: 400, appCode: answer.appCode, path },
            },
          };
        }
        return { result: { data: answer.data ?? null } };
      });
      const failed = results.some((r) => 'error' in r);
      return new Response(JSON.stringify(batched ? results : results[0]), {
        status: failed ? 400 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const USER = { id: 'u1', name: 'Olga', username: 'olga', email: 'olga@example.com', telegramUsername: null };

function providers(google: boolean, yandex: boolean) {
  return { data: { google, yandex, telegram: null, passkey: true } };
}

function renderLogin(url: string) {
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>group list</p> }),
      createRoute({ getParentRoute: () => root, path: '/group/$id', component: () => <p>a group</p> }),
      createRoute({
        getParentRoute: () => root,
        path: '/login',
        component: function Login() {
          return <OAuthLogin redirect={undefined} />;
        },
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  // No react-query provider: the sign-in page calls the API without it (lib/api-call).
  render(<RouterProvider router={router} />);
  return router;
}

describe('OAuth on /login', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    forgetProviders();
    forgetSession();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    delete (window as { Telegram?: unknown }).Telegram;
  });

  it('shows only the providers this server offers; inside Telegram a button opens the browser', async () => {
    stubApi((path) => (path === 'auth.providers' ? providers(true, false) : {}));
    const openLink = vi.fn();
    (window as { Telegram?: unknown }).Telegram = { WebApp: { initData: 'user=1&hash=x', openLink } };
    renderLogin('/login');
    const google = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.queryByRole('button', { name: 'Sign in with Yandex' })).toBeNull();
    sessionStorage.setItem(POST_LOGIN_REDIRECT_KEY, '/group/7');
    fireEvent.click(google);
    expect(openLink).toHaveBeenCalledWith(
      `${window.location.origin}/api/oauth/google/start?redirect=%2Fgroup%2F7`,
    );
  });

  it('shows both buttons in Russian when both are configured, and none when neither is', async () => {
    await i18n.changeLanguage('ru');
    stubApi((path) => (path === 'auth.providers' ? providers(true, true) : {}));
    renderLogin('/login');
    await screen.findByRole('button', { name: 'Войти через Google' });
    expect(screen.getByRole('button', { name: 'Войти через Яндекс' })).toBeTruthy();
    cleanup();
    forgetProviders();
    const calls = stubApi((path) => (path === 'auth.providers' ? providers(false, false) : {}));
    renderLogin('/login');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('auth.providers'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: /Google|Яндекс/ })).toBeNull();
  });

  it('asks to create the account of a pending sign-up, then signs in and goes to the target', async () => {
    const calls = stubApi((path) => {
      if (path === 'auth.providers') return providers(true, true);
      if (path === 'oauth.confirm') return { data: { user: USER, redirect: '/group/42' } };
      return {};
    });
    const router = renderLogin('/login?oauth_pending=1&oauth_token=tok-123&redirect=%2Fnew');
    const dialog = await screen.findByRole('dialog', { name: 'Create an account?' });
    expect(dialog.textContent).toContain('No Dolya account is linked to this sign-in yet');
    // The token leaves the address bar at once; other parameters stay.
    await waitFor(() => expect(router.state.location.searchStr).toBe('?redirect=%2Fnew'));

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/42'));
    expect(calls.filter((c) => c.path === 'oauth.confirm').map((c) => c.input)).toEqual([
      { token: 'tok-123' },
    ]);
    expect(toasts.success).toHaveBeenCalledWith('Account created');
    expect(currentSession()).toEqual(USER);
  });

  it('toasts the failure and shows a generic error when the confirmation fails', async () => {
    stubApi((path) => {
      if (path === 'auth.providers') return providers(true, true);
      if (path === 'oauth.confirm') return { appCode: 'OAUTH_CONFIRM_FAILED' };
      return {};
    });
    const router = renderLogin('/login?oauth_pending=1&oauth_token=old');
    await screen.findByRole('dialog', { name: 'Create an account?' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'An error occurred. Please try again.',
    );
    expect(toasts.error).toHaveBeenCalledWith('Could not confirm creating the account');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(currentSession()).toBeUndefined();
  });

  it('creates nothing when the dialog is cancelled', async () => {
    const calls = stubApi((path) => (path === 'auth.providers' ? providers(true, true) : {}));
    renderLogin('/login?oauth_pending=1&oauth_token=tok');
    await screen.findByRole('dialog', { name: 'Create an account?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'oauth.confirm')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a foreign target in the confirmation answer', async () => {
    stubApi((path) => {
      if (path === 'auth.providers') return providers(true, true);
      if (path === 'oauth.confirm') return { data: { user: USER, redirect: '//evil.example' } };
      return {};
    });
    const router = renderLogin('/login?oauth_pending=1&oauth_token=tok');
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.href).toBe('/');
  });

  it('shows a generic error after a failed sign-in (oauth_error), and drops the parameter', async () => {
    stubApi((path) => (path === 'auth.providers' ? providers(true, true) : {}));
    const router = renderLogin('/login?oauth_error=OAUTH_DENIED&redirect=%2Fnew');
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?redirect=%2Fnew'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the account is blocked when the callback refused a blocked account', async () => {
    stubApi((path) => (path === 'auth.providers' ? providers(true, true) : {}));
    renderLogin('/login?oauth_error=ACCOUNT_BLOCKED');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account is blocked. If this is a mistake, please contact support.',
    );
  });
});
