import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupFriends } from '../src/features/friends/GroupFriends';
import { MembersSection } from '../src/features/settings/MembersSection';
import { i18n } from '../src/i18n';
import type { Group } from '../src/lib/api-types';
import { queryClient, trpc } from '../src/lib/trpc';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../src/lib/toast', () => ({ toast: toasts, TOAST_DURATION_MS: 2000 }));

const GROUP = 'cccccccc-0000-4000-8000-000000000001';
type Member = Group['users'][number];
const member = (name: string, n: number, over: Partial<Member> = {}): Member => ({
  id: null,
  memberId: `dddddddd-0000-4000-8000-00000000000${n}`,
  name,
  username: null,
  isAdmin: false,
  registered: false,
  membershipStatus: 'ACTIVE',
  share: 1,
  isCurrentUser: false,
  telegramUsername: null,
  ...over,
});
const USERS: Member[] = [
  member('Demo', 1, { id: 'u1', username: 'demo', isCurrentUser: true, isAdmin: true }),
  member('Anya', 2, { id: 'u2', username: 'Anya' }),
  member('Boris', 3),
  member('Vera', 4, { id: 'u4', username: 'vera' }),
];
const friend = (name: string, username: string, n: number) => ({
  id: `aaaaaaaa-0000-4000-8000-00000000000${n}`,
  name,
  username,
  telegramUsername: null,
});
const FRIENDS = [friend('Anya', 'anya', 2), friend('Kate', 'kate', 5)];

interface Call {
  path: string;
  input: unknown;
}
type Answer = { data?: unknown; appCode?: string; status?: number };

function stubApi(reply: (path: string, input: unknown) => Answer | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const paths = new URL(url, 'http://localhost').pathname.replace('/trpc/', '').split(',');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const results = paths.map((path, i) => {
        const input = init?.method === 'POST' ? body[String(i)] : undefined;
        calls.push({ path, input });
        const answer = reply(path, input) ?? (path === 'friends.list' ? { data: FRIENDS } : { data: null });
        if (answer.appCode) {
          return {
            error: {
              code: -32600,
              message: answer.appCode,
              data: { code: 'ERROR', httpStatus: answer.status ?? 409, appCode: answer.appCode, path },
            },
          };
        }
        return { result: { data: answer.data ?? null } };
      });
      const failed = results.some((r) => 'error' in r);
      return new Response(JSON.stringify(results), {
        status: failed ? 409 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderMembers(isAdmin: boolean, users = USERS) {
  const viewer = users.map((u) => (u.isCurrentUser ? { ...u, isAdmin } : u));
  render(
    <QueryClientProvider client={queryClient}>
      <MembersSection
        groupId={GROUP}
        users={viewer}
        isAdmin={isAdmin}
        shareOf={() => 1}
        onShareChange={() => {}}
        addFromFriends={(members) => <GroupFriends groupId={GROUP} members={members} />}
      />
    </QueryClientProvider>,
  );
}

const mutations = (calls: Call[]) => calls.filter((c) => c.input !== undefined);
function openMenu(name: string) {
  fireEvent.keyDown(screen.getByRole('button', { name: `Actions for ${name}` }), { key: 'Enter' });
  return screen.findByRole('menu');
}
const items = (menu: HTMLElement) => within(menu).getAllByRole('menuitem');

describe('settings: add from friends (admin)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists friends in a scrolling, collapsible list; a member already in the group is disabled with a badge', async () => {
    stubApi(() => undefined);
    renderMembers(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const list = await screen.findByRole('list', { name: 'From friends' });
    await within(list).findByText('Kate');
    const anya = within(list).getByRole('button', { name: 'Add Anya to the group' }) as HTMLButtonElement;
    const kate = within(list).getByRole('button', { name: 'Add Kate to the group' }) as HTMLButtonElement;
    expect(anya.disabled).toBe(true);
    expect(anya.closest('li')?.textContent).toContain('already in group');
    expect(kate.disabled).toBe(false);
    expect(kate.closest('li')?.textContent).not.toContain('already in group');
    expect(list.className).toContain('group-friends-list');

    const toggle = screen.getByRole('button', { name: /From friends/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'From friends' })).toBeNull();
  });

  it('adds a friend with their username, not as admin, and reloads the group and the list', async () => {
    const calls = stubApi(() => undefined);
    renderMembers(true);
    queryClient.setQueryData(trpc.groups.list.queryKey(), []);
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Kate to the group' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
    expect(mutations(calls)).toEqual([
      {
        path: 'members.add',
        input: {
          groupId: GROUP,
          name: 'Kate',
          username: 'kate',
          isAdmin: false,
          idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}-/),
        },
      },
    ]);
    await waitFor(() =>
      expect(queryClient.getQueryState(trpc.groups.list.queryKey())?.isInvalidated).toBe(true),
    );
  });

  it('says the user has restricted being added on BLOCKED_BY_USER', async () => {
    stubApi((path) => (path === 'members.add' ? { appCode: 'BLOCKED_BY_USER', status: 403 } : undefined));
    renderMembers(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Kate to the group' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('This user has restricted being added to groups'),
    );
  });
});

describe('settings: row action add to friends', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('offers "already friends" (disabled) for a friend and "add to friends" for others with a username', async () => {
    stubApi(() => undefined);
    renderMembers(true);
    await waitFor(() => expect(queryClient.getQueryData(trpc.friends.list.queryKey())).toBeTruthy());
    let menu = await openMenu('Anya');
    const already = within(menu).getByRole('menuitem', { name: 'Already friends' });
    expect(already.getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    menu = await openMenu('Boris');
    expect(items(menu).map((i) => i.textContent)).not.toContain('Add to friends');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    // Me, the only admin: nothing to offer (no friends with myself, no revoking the last admin).
    expect(screen.queryByRole('button', { name: 'Actions for Demo' })).toBeNull();
  });

  it('lets a non-admin open the menu only to add others to friends', async () => {
    const calls = stubApi((path) =>
      path === 'friends.add' ? { data: friend('Vera', 'vera', 4) } : undefined,
    );
    renderMembers(false);
    await waitFor(() => expect(queryClient.getQueryData(trpc.friends.list.queryKey())).toBeTruthy());
    expect(
      screen.getAllByRole('button', { name: /Actions for/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Actions for Anya', 'Actions for Vera']);
    const menu = await openMenu('Vera');
    expect(items(menu).map((i) => i.textContent)).toEqual(['Add to friends', 'Cancel']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Add to friends' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Friend added'));
    expect(mutations(calls)).toEqual([{ path: 'friends.add', input: { username: 'vera' } }]);
  });
});
