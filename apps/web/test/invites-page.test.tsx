import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvitePage } from '../src/features/invites/InvitePage';
import { i18n } from '../src/i18n';
import { POST_LOGIN_REDIRECT_KEY } from '../src/lib/redirect';
import { setSessionUser } from '../src/lib/session';
import { queryClient } from '../src/lib/trpc';
import { type Reply, renderAt, stubApi } from './invites-harness';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../src/lib/toast', () => ({ toast: toasts, TOAST_DURATION_MS: 2000 }));

const GROUP = 'cccccccc-0000-4000-8000-000000000001';
const SEAT = 'dddddddd-0000-4000-8000-000000000003';
const preview = (alreadyMember = false) => ({
  groupId: GROUP,
  groupName: 'Trip to the sea',
  users: [
    { memberId: 'dddddddd-0000-4000-8000-000000000001', id: 'u1', name: 'Anya', username: 'anya' },
    { memberId: SEAT, id: null, name: 'Konstantin Konstantinopolsky', username: null },
  ],
  alreadyMember,
});

function open(reply: Reply, signedIn = true) {
  setSessionUser(
    signedIn
      ? { id: 'me', name: 'Me', username: 'me', email: 'me@example.com', telegramUsername: null }
      : null,
  );
  const calls = stubApi(reply);
  const router = renderAt('/invite/tok1', '/invite/$inviteToken', () => <InvitePage token="tok1" />);
  return { calls, router };
}

describe('/invite/{inviteToken}', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    vi.useRealTimers();
  });

  it('shows the group and its members, names cut to 15 characters', async () => {
    const { calls } = open(() => ({ data: preview() }));
    await screen.findByRole('heading', { level: 1, name: 'Trip to the sea' });
    expect(screen.getByText('Konstantin Kons…')).toBeTruthy();
    expect(screen.getByText('@anya')).toBeTruthy();
    expect(screen.getByText('no account')).toBeTruthy();
    // Only the seat without an account can be claimed.
    expect(screen.getAllByRole('button', { name: /^Claim the seat of/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Join as a new member' })).toBeTruthy();
    expect(calls[0]).toEqual({ path: 'invites.preview', input: { token: 'tok1' } });
  });

  it('claims a seat, waits 300 ms and goes to the group', async () => {
    const { calls, router } = open((path) =>
      path === 'invites.claim' ? { data: { groupId: GROUP } } : { data: preview() },
    );
    const claim = await screen.findByRole('button', {
      name: 'Claim the seat of Konstantin Konstantinopolsky',
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      fireEvent.click(claim);
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('You have joined the group'));
    expect(calls.find((c) => c.path === 'invites.claim')?.input).toEqual({ token: 'tok1', memberId: SEAT });
    expect(router.state.location.pathname).toBe('/invite/tok1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(320);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${GROUP}`));
  });

  it('joins as a new member', async () => {
    const { calls, router } = open((path) =>
      path === 'invites.joinNew' ? { data: { groupId: GROUP } } : { data: preview() },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join as a new member' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${GROUP}`));
    expect(calls.find((c) => c.path === 'invites.joinNew')?.input).toEqual({ token: 'tok1' });
  });

  it('says so when the seat is taken', async () => {
    open((path) => (path === 'invites.claim' ? { appCode: 'SEAT_TAKEN', status: 409 } : { data: preview() }));
    fireEvent.click(await screen.findByRole('button', { name: /^Claim the seat of/ }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('This seat has already been taken'));
  });

  it('shows the invalid state with the hint to ask the admin', async () => {
    open(() => ({ appCode: 'INVITE_INVALID', status: 410 }));
    await screen.findByRole('heading', { name: 'Invite link is invalid or expired' });
    expect(screen.getByText('Ask the group admin to send you a new link.')).toBeTruthy();
  });

  it('sends a member straight to the group', async () => {
    const { router } = open(() => ({ data: preview(true) }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${GROUP}`));
  });

  it('asks a guest to sign in and remembers the way back', async () => {
    const { router } = open(() => ({ data: preview() }), false);
    await screen.findByRole('heading', { level: 1, name: 'Trip to the sea' });
    expect(screen.queryByRole('button', { name: /^Claim the seat of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join as a new member' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY)).toBe('/invite/tok1');
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    open(() => ({ data: preview() }), false);
    await screen.findByRole('button', { name: 'Войти, чтобы вступить' });
    expect(screen.getByText('Участники')).toBeTruthy();
  });
});
