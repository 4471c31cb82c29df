import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteLinkSection } from '../src/features/invites/InviteLinkSection';
import { INVITE_HINT_COOKIE } from '../src/features/invites/model';
import { i18n } from '../src/i18n';
import { queryClient } from '../src/lib/trpc';
import { renderAt, stubApi } from './invites-harness';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../src/lib/toast', () => ({ toast: toasts, TOAST_DURATION_MS: 2000 }));

const GROUP = 'cccccccc-0000-4000-8000-000000000001';
const show = () => renderAt('/s', '/s', () => <InviteLinkSection groupId={GROUP} />);
const url = (token: string) => `${window.location.origin}/invite/${token}`;
const mutations = (calls: { path: string; input: unknown }[]) =>
  calls.filter((c) => c.path !== 'invites.get' && c.path !== 'invites.preview');

describe('settings: invite link', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    // biome-ignore lint/suspicious/noDocumentCookie: clears the hint cookie between tests
    document.cookie = `${INVITE_HINT_COOKIE}=; max-age=0; path=/`;
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    vi.useRealTimers();
  });

  it('creates a link by itself when none exists and shows its URL', async () => {
    const calls = stubApi((path) =>
      path === 'invites.create' ? { data: { token: 'tok1', expiresAt: null, ttlSeconds: null } } : {},
    );
    show();
    const field = (await screen.findByLabelText('Invite link', { selector: 'input' })) as HTMLInputElement;
    expect(field.value).toBe(url('tok1'));
    expect(field.readOnly).toBe(true);
    expect(mutations(calls)).toEqual([{ path: 'invites.create', input: { groupId: GROUP } }]);
    expect(screen.getByText('The link never expires.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'About invite links' })).toBeTruthy();
  });

  it('shows an existing link with its expiry and copies it with a 900 ms confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = stubApi((path) =>
      path === 'invites.get'
        ? { data: { token: 'tok9', expiresAt: '2030-01-05T12:00:00.000Z', ttlSeconds: 86400 } }
        : {},
    );
    show();
    await screen.findByDisplayValue(url('tok9'));
    expect(screen.getByText(/^Valid until .*2030/)).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith(url('tok9'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(850);
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('refreshes: revoke, create with no expiry, check the new link', async () => {
    let created = 0;
    const calls = stubApi((path) => {
      if (path === 'invites.get') return { data: { token: 'old', expiresAt: null, ttlSeconds: null } };
      if (path === 'invites.create') {
        created += 1;
        return { data: { token: `new${created}`, expiresAt: null, ttlSeconds: null } };
      }
      if (path === 'invites.preview') return { data: { groupId: GROUP, groupName: 'Trip', users: [] } };
      return { data: { ok: true } };
    });
    show();
    await screen.findByDisplayValue(url('old'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh link' }));
    // It asks first: the old link stops working for everyone it was sent to (issue 27).
    const dialog = await screen.findByRole('dialog', { name: 'Replace the invite link?' });
    expect(mutations(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutations(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh link' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace link' }));
    await screen.findByDisplayValue(url('new1'));
    expect(mutations(calls)).toEqual([
      { path: 'invites.revoke', input: { groupId: GROUP } },
      { path: 'invites.create', input: { groupId: GROUP } },
    ]);
    expect(calls.some((c) => c.path === 'invites.preview')).toBe(true);
    expect(toasts.success).toHaveBeenCalledWith('A new invite link has been created');
  });

  it('offers the lifetime form when no link could be made, and sends whole days as seconds', async () => {
    let fail = true;
    const calls = stubApi((path) => {
      if (path !== 'invites.create') return {};
      if (fail) return { appCode: 'INTERNAL', status: 500 };
      return { data: { token: 'tok2', expiresAt: '2030-01-05T12:00:00.000Z', ttlSeconds: 172800 } };
    });
    show();
    const days = await screen.findByLabelText('Link lifetime, days');
    // The automatic attempt failed silently.
    expect(toasts.error).not.toHaveBeenCalled();
    expect(days.getAttribute('min')).toBe('0');
    expect(days.getAttribute('step')).toBe('1');
    fail = false;
    fireEvent.change(days, { target: { value: '2.7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByDisplayValue(url('tok2'));
    expect(mutations(calls).at(-1)).toEqual({
      path: 'invites.create',
      input: { groupId: GROUP, ttlSeconds: 172800 },
    });
  });

  it('shows the invite hint once; dismissing it sets the cookie', async () => {
    stubApi(() => ({ data: { token: 'tok', expiresAt: null, ttlSeconds: null } }));
    show();
    await screen.findByDisplayValue(url('tok'));
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('button', { name: 'Got it' })).toBeNull();
    expect(document.cookie).toContain(`${INVITE_HINT_COOKIE}=1`);
    cleanup();
    show();
    await screen.findByDisplayValue(url('tok'));
    expect(screen.queryByRole('button', { name: 'Got it' })).toBeNull();
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    stubApi(() => ({ data: { token: 'tok', expiresAt: null, ttlSeconds: null } }));
    show();
    await screen.findByRole('button', { name: 'Копировать ссылку' });
    expect(screen.getByRole('button', { name: 'Обновить ссылку' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Ссылка действует бессрочно.')).toBeTruthy());
  });
});
