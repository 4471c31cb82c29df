import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cancelled, loginIdentifier, noPasskey } from '../src/features/passkey/api';
import { PasskeyLogin } from '../src/features/passkey/PasskeyLogin';
import { PasskeyNameDialog, passkeyNameError } from '../src/features/passkey/PasskeyNameDialog';
import { i18n } from '../src/i18n';

function apiError(appCode: string) {
  return new TRPCClientError('failed', {
    result: { error: { code: -32600, message: 'failed', data: { appCode, field: null } } },
  } as never);
}

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('passkey rules (spec §4, §5)', () => {
  it('reads the email field: empty is usernameless, with "@" an email, else a username', () => {
    expect(loginIdentifier('  ')).toEqual({});
    expect(loginIdentifier(' ann@example.com ')).toEqual({ email: 'ann@example.com' });
    expect(loginIdentifier(' anna_k ')).toEqual({ username: 'anna_k' });
  });

  it('tells a cancel from a failure, and "no passkey" from other failures', () => {
    expect(cancelled(domError('NotAllowedError'))).toBe(true);
    expect(cancelled(domError('AbortError'))).toBe(true);
    expect(cancelled(domError('SecurityError'))).toBe(false);
    expect(cancelled(apiError('PASSKEY_VERIFY_FAILED'))).toBe(false);
    expect(noPasskey(domError('NotAllowedError'))).toBe(true);
    expect(noPasskey(apiError('PASSKEY_VERIFY_FAILED'))).toBe(true);
    expect(noPasskey(domError('AbortError'))).toBe(false);
    expect(noPasskey(apiError('INTERNAL'))).toBe(false);
  });

  it('wants a passkey name that is not blank and can be a username', () => {
    expect(passkeyNameError('   ')).toBe('enterName');
    expect(passkeyNameError('Иван')).toBe('nameInvalid');
    expect(passkeyNameError('ab')).toBe('nameInvalid');
    expect(passkeyNameError('  anna.k_1 ')).toBeUndefined();
  });
});

describe('the passkey-name dialog', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('says "Enter name" for a blank name, then submits the trimmed name', () => {
    const submit = vi.fn();
    render(<PasskeyNameDialog open busy={false} onCancel={vi.fn()} onSubmit={submit} />);
    expect(screen.getByRole('dialog', { name: 'Create a passkey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter name')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  anna_k  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(submit).toHaveBeenCalledWith('anna_k');
  });

  it('shows the server’s verdict until the name is edited, and cancels', () => {
    const cancel = vi.fn();
    render(
      <PasskeyNameDialog
        open
        busy={false}
        initialName="demo"
        serverError="nameTaken"
        onCancel={cancel}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByText('This username is taken')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'demo2' } });
    expect(screen.queryByText('This username is taken')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalled();
  });
});

function renderLogin() {
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/login',
        component: () => (
          <>
            <p>login page</p>
            <PasskeyLogin />
          </>
        ),
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the passkey button on /login', () => {
  const w = window as unknown as { PublicKeyCredential?: unknown; Telegram?: unknown };
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    delete w.PublicKeyCredential;
    delete w.Telegram;
  });

  it('shows in a browser with WebAuthn', async () => {
    w.PublicKeyCredential = () => undefined;
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
  });

  it('is hidden without WebAuthn and inside the Telegram mini app', async () => {
    renderLogin();
    await screen.findByText('login page');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    cleanup();

    w.PublicKeyCredential = () => undefined;
    w.Telegram = { WebApp: { initData: 'query_id=1&user=%7B%7D&auth_date=1&hash=x' } };
    renderLogin();
    await screen.findByText('login page');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
