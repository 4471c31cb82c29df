import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthErrorMessage, oauthLinkUrl, unlinkFailure } from '../src/features/account/model';
import { i18n } from '../src/i18n';
import { queryClient } from '../src/lib/trpc';
import {
  ALL_PROVIDERS,
  type Answer,
  ME,
  mutations,
  renderAccount,
  resetToasts,
  stubApi,
} from './account-harness';

const GOOGLE = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  provider: 'GOOGLE',
  email: 'demo@gmail.example',
  displayName: 'Demo G',
};
const TELEGRAM = {
  id: 'bbbbbbbb-0000-4000-8000-000000000003',
  provider: 'TELEGRAM',
  email: null,
  displayName: '@demo_tg',
};

/** The API with these identities linked; `unlink` answers identities.unlink (and removes on success). */
function api(linked: object[], unlink: (id: string) => Answer = () => ({ data: { ok: true } })) {
  let current = [...linked];
  return stubApi((path, input) => {
    if (path === 'identities.list') return { data: current };
    if (path === 'identities.unlink') {
      const { id } = input as { id: string };
      const answer = unlink(id);
      if (!answer.appCode) current = current.filter((i) => (i as { id: string }).id !== id);
      return answer;
    }
    return undefined;
  });
}

const row = (title: string) =>
  screen
    .getAllByText(title, { selector: '.account-row-title' })
    .map((el) => el.closest('.account-row') as HTMLElement)[0]!;

describe('oauth_error and unlink messages (spec §8)', () => {
  it('IDENTITY_ALREADY_LINKED has its own message; any other oauth_error is "link failed"; none is nothing', () => {
    expect(oauthErrorMessage('IDENTITY_ALREADY_LINKED')).toBe('identityAlreadyLinked');
    for (const other of ['OAUTH_DENIED', 'OAUTH_STATE_INVALID', 'whatever', 42]) {
      expect(oauthErrorMessage(other)).toBe('linkFailed');
    }
    expect(oauthErrorMessage(undefined)).toBeUndefined();
    expect(oauthErrorMessage('')).toBeUndefined();
  });

  it('links start with a same-site redirect back to /account', () => {
    expect(oauthLinkUrl('google')).toBe('/api/oauth/google/link/start?redirect=/account');
    expect(oauthLinkUrl('yandex')).toBe('/api/oauth/yandex/link/start?redirect=/account');
  });

  it('only CANNOT_UNLINK_LAST_ACCOUNT gets the last-method message', () => {
    const apiError = (appCode: string) =>
      new TRPCClientError('failed', {
        result: { error: { code: -32600, message: 'failed', data: { appCode } } },
      } as never);
    expect(unlinkFailure(apiError('CANNOT_UNLINK_LAST_ACCOUNT'))).toBe('lastMethod');
    expect(unlinkFailure(apiError('NOT_FOUND'))).toBe('unlinkFailed');
    expect(unlinkFailure(new Error('network'))).toBe('unlinkFailed');
  });
});

describe('/account linked accounts', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    resetToasts();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows a linked email with unlink, and a link for what is not linked', async () => {
    api([GOOGLE, TELEGRAM]);
    await renderAccount();
    await screen.findByText('demo@gmail.example');
    expect(within(row('Google')).getByRole('button', { name: 'Unlink Google' })).toBeTruthy();
    expect(within(row('Telegram')).getByText('@demo_tg')).toBeTruthy();
    const yandex = within(row('Yandex')).getByRole('link', { name: 'Link Yandex' });
    expect(yandex.getAttribute('href')).toBe('/api/oauth/yandex/link/start?redirect=/account');
    expect(within(row('Yandex')).getByText('Not linked')).toBeTruthy();
  });

  it('links Telegram through /telegram-login?mode=link and Google through its OAuth start', async () => {
    api([]);
    await renderAccount();
    const telegram = await screen.findByRole('link', { name: 'Link Telegram' });
    expect(telegram.getAttribute('href')).toBe('/telegram-login?mode=link');
    expect(screen.getByRole('link', { name: 'Link Google' }).getAttribute('href')).toBe(
      '/api/oauth/google/link/start?redirect=/account',
    );
  });

  it('inside the Telegram mini app opens the provider in the phone’s browser', async () => {
    api([]);
    const openLink = vi.fn();
    vi.stubGlobal('Telegram', {
      WebApp: { initData: 'query_id=1&user=%7B%7D&auth_date=1&hash=x', openLink },
    });
    await renderAccount();
    fireEvent.click(await screen.findByRole('link', { name: 'Link Google' }));
    expect(openLink).toHaveBeenCalledWith(
      `${window.location.origin}/api/oauth/google/link/start?redirect=/account`,
    );
  });

  it('hides the providers this server does not offer (but still shows one already linked)', async () => {
    stubApi((path) => {
      if (path === 'auth.providers')
        return { data: { google: false, yandex: true, telegram: null, passkey: true } };
      if (path === 'identities.list') return { data: [TELEGRAM] };
      return undefined;
    });
    await renderAccount();
    await screen.findByRole('link', { name: 'Link Yandex' });
    expect(screen.queryByText('Google')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Link Telegram' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unlink Telegram' })).toBeTruthy();
    expect(ALL_PROVIDERS.google).toBe(true);
  });

  it('asks before unlinking; cancel sends nothing; confirm unlinks and toasts "Account unlinked"', async () => {
    const calls = api([GOOGLE]);
    await renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Google?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutations(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Unlink Google' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Account unlinked')).toBeTruthy();
    expect(mutations(calls)).toEqual([{ path: 'identities.unlink', input: { id: GOOGLE.id } }]);
    await screen.findByRole('link', { name: 'Link Google' });
    expect(screen.queryByText('demo@gmail.example')).toBeNull();
  });

  it('CANNOT_UNLINK_LAST_ACCOUNT toasts the last-method message and keeps the row', async () => {
    api([TELEGRAM], () => ({ appCode: 'CANNOT_UNLINK_LAST_ACCOUNT' }));
    await renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Telegram' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    expect(
      await screen.findByText('Cannot unlink the last account. Add another sign-in method first.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Unlink Telegram' })).toBeTruthy();
  });

  it('any other unlink failure toasts "Could not unlink the account"', async () => {
    api([GOOGLE], () => ({ appCode: 'INTERNAL', status: 500 }));
    await renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Could not unlink the account')).toBeTruthy();
  });

  it('?oauth_error=IDENTITY_ALREADY_LINKED toasts once and drops the query', async () => {
    api([]);
    const router = await renderAccount('/account?oauth_error=IDENTITY_ALREADY_LINKED');
    expect(await screen.findByText('This external account is already linked to another user')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe('/account');
    expect(screen.getAllByText('This external account is already linked to another user')).toHaveLength(1);
  });

  it('any other ?oauth_error toasts "Failed to link external account", in Russian too', async () => {
    api([]);
    await renderAccount('/account?oauth_error=OAUTH_DENIED');
    expect(await screen.findByText('Failed to link external account')).toBeTruthy();
    cleanup();
    resetToasts();
    queryClient.clear();

    await i18n.changeLanguage('ru');
    api([]);
    await renderAccount('/account?oauth_error=IDENTITY_ALREADY_LINKED', ME, 'Аккаунт');
    expect(await screen.findByText('Этот внешний аккаунт уже привязан к другому пользователю')).toBeTruthy();
  });

  it('no oauth_error, no toast', async () => {
    api([]);
    await renderAccount();
    await screen.findByRole('link', { name: 'Link Google' });
    expect(screen.queryByText('Failed to link external account')).toBeNull();
  });
});
