import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addFriendFailure, isInGroup } from '../src/features/friends/model';
import { friendAction } from '../src/features/settings/model';
import { i18n } from '../src/i18n';
import { queryClient } from '../src/lib/trpc';
import { type Answer, mutations, renderAccount, resetToasts, stubApi } from './account-harness';

const ANYA = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  name: 'Anya',
  username: 'anya',
  telegramUsername: null,
};
const BORIS = {
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  name: 'Boris',
  username: 'boris',
  telegramUsername: null,
};

/** friends.* against an in-memory list; `add` answers friends.add (and adds on success). */
function api(start: (typeof ANYA)[], add: (username: string) => Answer = () => ({ data: BORIS })) {
  let list = [...start];
  return stubApi((path, input) => {
    if (path === 'friends.list') return { data: list };
    if (path === 'friends.add') {
      const answer = add((input as { username: string }).username);
      if (!answer.appCode) list = [...list, answer.data as typeof ANYA];
      return answer;
    }
    if (path === 'friends.remove') {
      list = list.filter((f) => f.id !== (input as { id: string }).id);
      return { data: { ok: true } };
    }
    return undefined;
  });
}

const section = () => screen.getByRole('heading', { name: 'Friends' }).closest('section') as HTMLElement;
const field = () => within(section()).getByLabelText('Friend’s username') as HTMLInputElement;
const addButton = () => within(section()).getByRole('button', { name: 'Add' });

describe('friends model (spec §5)', () => {
  it('matches group members by username case-insensitively, ignoring removed seats', () => {
    expect(isInGroup({ username: 'Anya' }, [{ username: 'anya', membershipStatus: 'ACTIVE' }])).toBe(true);
    expect(isInGroup({ username: 'anya' }, [{ username: 'ANYA ', membershipStatus: 'PENDING' }])).toBe(true);
    expect(isInGroup({ username: 'anya' }, [{ username: 'anya', membershipStatus: 'REMOVED' }])).toBe(false);
    expect(isInGroup({ username: 'anya' }, [{ username: null }])).toBe(false);
  });

  it('offers add to friends or already friends only for others with a username', () => {
    expect(friendAction({ username: 'anya' }, [])).toBe('add');
    expect(friendAction({ username: 'ANYA' }, [ANYA])).toBe('already');
    expect(friendAction({ username: null }, [])).toBeNull();
    expect(friendAction({ username: 'demo', isCurrentUser: true }, [])).toBeNull();
  });

  it('USERNAME_NOT_FOUND has its own message; anything else is generic with a toast', () => {
    expect(addFriendFailure('USERNAME_NOT_FOUND')).toEqual({ message: 'notFound', toast: false });
    expect(addFriendFailure('VALIDATION_ERROR')).toEqual({ message: 'genericError', toast: true });
    expect(addFriendFailure(undefined)).toEqual({ message: 'genericError', toast: true });
  });
});

describe('/account friends section', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    resetToasts();
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('lists friends and says so when there are none', async () => {
    api([]);
    await renderAccount();
    expect(await within(section()).findByText('No friends yet')).toBeTruthy();
    cleanup();
    queryClient.clear();
    api([ANYA]);
    await renderAccount();
    expect(await within(section()).findByText('Anya')).toBeTruthy();
    expect(within(section()).getByText('@anya')).toBeTruthy();
  });

  it('requires a trimmed username, sends it trimmed and toasts on success', async () => {
    const calls = api([]);
    await renderAccount();
    fireEvent.change(field(), { target: { value: '   ' } });
    fireEvent.click(addButton());
    expect(within(section()).getByRole('alert').textContent).toBe('Username required');
    expect(mutations(calls).filter((c) => c.path === 'friends.add')).toHaveLength(0);

    fireEvent.change(field(), { target: { value: '  boris ' } });
    expect(within(section()).queryByRole('alert')).toBeNull();
    fireEvent.submit(field().form as HTMLFormElement);
    expect(await screen.findByText('Friend added')).toBeTruthy();
    expect(mutations(calls).find((c) => c.path === 'friends.add')?.input).toEqual({ username: 'boris' });
    expect(await within(section()).findByText('Boris')).toBeTruthy();
    expect(field().value).toBe('');
  });

  it('says "user not found by username" without a toast when the lookup fails', async () => {
    api([], () => ({ appCode: 'USERNAME_NOT_FOUND', status: 404, field: 'username' }));
    await renderAccount();
    fireEvent.change(field(), { target: { value: 'nobody' } });
    fireEvent.click(addButton());
    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toBe('User not found by username');
    expect(screen.queryByText('Could not add friend')).toBeNull();
    expect(field().value).toBe('nobody');
  });

  it('takes «@boris» as the username, the form the app shows it in (issue 27)', async () => {
    const calls = api([]);
    await renderAccount();
    fireEvent.change(field(), { target: { value: ' @boris' } });
    fireEvent.click(addButton());
    expect(await screen.findByText('Friend added')).toBeTruthy();
    expect(mutations(calls).find((c) => c.path === 'friends.add')?.input).toEqual({ username: 'boris' });
  });

  it('says plainly that you cannot add yourself, without asking the server (issue 27)', async () => {
    const calls = api([]);
    await renderAccount();
    fireEvent.change(field(), { target: { value: '@Demo' } });
    fireEvent.click(addButton());
    expect(within(section()).getByRole('alert').textContent).toBe('That is you: you cannot add yourself');
    expect(mutations(calls).filter((c) => c.path === 'friends.add')).toHaveLength(0);
    expect(document.activeElement).toBe(field());
  });

  it('shows the generic error and the "could not add friend" toast on any other failure', async () => {
    api([], () => ({ appCode: 'INTERNAL', status: 500 }));
    await renderAccount();
    fireEvent.change(field(), { target: { value: 'boris' } });
    fireEvent.click(addButton());
    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toBe('An error occurred. Please try again.');
    expect(await screen.findByText('Could not add friend')).toBeTruthy();
  });

  it('removes a friend after confirming, with the toast', async () => {
    const calls = api([ANYA, BORIS]);
    await renderAccount();
    fireEvent.click(await within(section()).findByRole('button', { name: 'Remove Anya from friends' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Anya will leave your friends list');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutations(calls).filter((c) => c.path === 'friends.remove')).toEqual([]);

    fireEvent.click(within(section()).getByRole('button', { name: 'Remove Anya from friends' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Friend removed')).toBeTruthy();
    expect(mutations(calls).find((c) => c.path === 'friends.remove')?.input).toEqual({ id: ANYA.id });
    await waitFor(() => expect(within(section()).queryByText('Anya')).toBeNull());
    expect(within(section()).getByText('Boris')).toBeTruthy();
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    api([], () => ({ appCode: 'USERNAME_NOT_FOUND', status: 404 }));
    await renderAccount('/account', undefined, 'Аккаунт');
    const heading = screen.getByRole('heading', { name: 'Друзья' });
    const ru = heading.closest('section') as HTMLElement;
    fireEvent.change(within(ru).getByLabelText('Имя пользователя друга'), { target: { value: 'x' } });
    fireEvent.click(within(ru).getByRole('button', { name: 'Добавить' }));
    expect((await within(ru).findByRole('alert')).textContent).toBe('Пользователь с таким именем не найден');
  });
});
