import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupFriends } from '../src/features/friends/GroupFriends';
import { InviteLinkSection } from '../src/features/invites/InviteLinkSection';
import { SettingsPage } from '../src/features/settings/SettingsPage';
import { i18n } from '../src/i18n';
import type { Group } from '../src/lib/api-types';
import { setSessionUser } from '../src/lib/session';
import { queryClient, trpc } from '../src/lib/trpc';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../src/lib/toast', () => ({ toast: toasts, TOAST_DURATION_MS: 2000 }));

/** The settings page as its route composes it: with the invite link and the friends to add. */
function RoutedSettings({ groupId }: { groupId: string }) {
  return (
    <SettingsPage
      groupId={groupId}
      inviteLink={<InviteLinkSection groupId={groupId} />}
      addFromFriends={(members) => <GroupFriends groupId={groupId} members={members} />}
    />
  );
}

const ME = 'aaaaaaaa-0000-4000-8000-000000000001';
const ANYA = 'aaaaaaaa-0000-4000-8000-000000000002';
const GROUP = 'cccccccc-0000-4000-8000-000000000001';
type Member = Group['users'][number];

function member(name: string, memberId: string, over: Partial<Member> = {}): Member {
  return {
    id: null,
    memberId,
    name,
    username: null,
    isAdmin: false,
    registered: false,
    membershipStatus: 'ACTIVE',
    share: 1,
    isCurrentUser: false,
    telegramUsername: null,
    ...over,
  };
}

const secondAdmin = member('Vera', 'dddddddd-0000-4000-8000-000000000009', {
  id: 'aaaaaaaa-0000-4000-8000-000000000009',
  username: 'vera',
  registered: true,
  isAdmin: true,
});

function groupWith(meAdmin: boolean, extra: Member[] = []): Group {
  return {
    id: GROUP,
    name: 'Trip',
    currency: 'RUB',
    timeZone: 'Europe/Moscow',
    users: [
      member('Boris', 'dddddddd-0000-4000-8000-000000000003'),
      member('Anya', 'dddddddd-0000-4000-8000-000000000002', {
        id: ANYA,
        username: 'anya',
        registered: true,
        isAdmin: !meAdmin,
      }),
      member('Demo', 'dddddddd-0000-4000-8000-000000000001', {
        id: ME,
        username: 'demo',
        registered: true,
        isAdmin: meAdmin,
        isCurrentUser: true,
      }),
      ...extra,
    ],
    createdAt: '2024-01-05T12:00:00.000Z',
    lastActivity: '2024-03-02T12:00:00.000Z',
  };
}

/** The group the page shows; reloads of groups.get answer with it. */
let current: Group | null = null;
/** What recurring.list answers (issue 28). */
let series: unknown[] = [];

interface Call {
  path: string;
  input: unknown;
}

/** The tRPC endpoint: records each call; answers from `reply` (data, or an error with an app code). */
function stubApi(
  reply: (path: string, input: unknown) => { data?: unknown; appCode?: string; status?: number },
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const paths = u.pathname.replace('/trpc/', '').split(',');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const results = paths.map((path, i) => {
        const input = init?.method === 'POST' ? body[String(i)] : undefined;
        calls.push({ path, input });
        const answer: { data?: unknown; appCode?: string; status?: number } =
          path === 'groups.get' && current
            ? { data: current }
            : path === 'recurring.list'
              ? { data: series }
              : reply(path, input);
        if (answer.appCode) {
          return {
            error: {
              code: -32600,
              message: answer.appCode,
              data: { code: 'CONFLICT', httpStatus: answer.status ?? 409, appCode: answer.appCode, path },
            },
          };
        }
        return { result: { data: answer.data ?? null } };
      });
      const failed = results.some((r) => 'error' in r);
      return new Response(JSON.stringify(results), {
        status: failed ? (results.length === 1 ? 409 : 207) : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

async function renderSettings(group: Group) {
  setSessionUser({
    id: ME,
    name: 'Demo',
    username: 'demo',
    email: 'demo@example.com',
    telegramUsername: null,
  });
  current = group;
  queryClient.setQueryData(trpc.groups.get.queryKey({ groupId: group.id }), group);
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>groups</p> }),
      createRoute({ getParentRoute: () => root, path: '/group/$groupId', component: () => <p>group</p> }),
      createRoute({
        getParentRoute: () => root,
        path: '/group/$groupId/settings',
        component: function Settings() {
          return <RoutedSettings groupId={group.id} />;
        },
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [`/group/${group.id}/settings`] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Group settings' });
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const rows = () => within(document.querySelector('.member-list') as HTMLElement).getAllByRole('listitem');
// The invite-link section (admins) creates a link on its own; these tests look at the rest.
const mutations = (calls: Call[]) =>
  calls.filter((c) => c.input !== undefined && !c.path.startsWith('invites.'));

/** Radix opens its menu on pointerdown in a browser; the keyboard works in jsdom too. */
function openMenu(name: string) {
  const trigger = screen.getByRole('button', { name: `Actions for ${name}` });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('group settings as an admin', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists me first, then admins, then by name, with the labels of each row', async () => {
    stubApi(() => ({}));
    const long = member('Konstantin Konstantinopolsky the Elder', 'dddddddd-0000-4000-8000-000000000004');
    const pending = member('Vera', 'dddddddd-0000-4000-8000-000000000005', {
      id: 'aaaaaaaa-0000-4000-8000-000000000005',
      username: 'vera',
      membershipStatus: 'PENDING',
    });
    await renderSettings(groupWith(true, [long, pending]));
    const texts = rows().map((r) => r.textContent ?? '');
    expect(texts[0]).toMatch(/^D?Demo \(you\)admin/);
    expect(texts.slice(1).map((t) => t.match(/Anya|Boris|Konstantin|Vera/)?.[0])).toEqual([
      'Anya',
      'Boris',
      'Konstantin',
      'Vera',
    ]);
    expect(texts[2]).toContain('no account');
    expect(texts[1]).not.toContain('no account');
    expect(texts[4]).toContain('pending approval');
    expect(rows()[3]!.className).toContain('member-row-long');
    expect(rows()[1]!.className).not.toContain('member-row-long');
  });

  it('enables save only after a change and sends one update with every share', async () => {
    const calls = stubApi((path, input) =>
      path === 'groups.update'
        ? { data: { ...groupWith(true), name: 'Kazan', currency: 'RUB' } }
        : { data: input },
    );
    await renderSettings(groupWith(true));
    expect(saveButton().disabled).toBe(true);

    const plus = screen.getByRole('button', { name: 'Increase share: Boris' });
    const minus = screen.getByRole('button', { name: 'Decrease share: Boris' }) as HTMLButtonElement;
    fireEvent.click(plus);
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(minus);
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(minus);
    expect(minus.disabled).toBe(true);
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(plus);

    const name = screen.getByLabelText('Group name');
    fireEvent.change(name, { target: { value: '   ' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(name, { target: { value: '  Kazan ' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(plus);
    fireEvent.click(saveButton());

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Group settings saved'));
    const updates = mutations(calls).filter((c) => c.path === 'groups.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.input).toEqual({
      groupId: GROUP,
      name: 'Kazan',
      currency: 'RUB',
      users: [
        { memberId: 'dddddddd-0000-4000-8000-000000000003', share: 2 },
        { memberId: 'dddddddd-0000-4000-8000-000000000002', share: 1 },
        { memberId: 'dddddddd-0000-4000-8000-000000000001', share: 1 },
      ],
    });
    // Saved: the form shows the group as the server returned it and is unchanged again.
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect((screen.getByLabelText('Group name') as HTMLInputElement).value).toBe('Kazan');
  });

  it('shows the failure toast when saving fails, and stays dirty', async () => {
    stubApi((path) => (path === 'groups.update' ? { appCode: 'FORBIDDEN', status: 403 } : {}));
    await renderSettings(groupWith(true));
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'New' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Could not save the group settings'));
    expect(saveButton().disabled).toBe(false);
  });

  it('adds a member by name: required, trimmed, and Enter never saves', async () => {
    const calls = stubApi((path) => (path === 'members.add' ? { data: { memberId: 'x' } } : {}));
    await renderSettings(groupWith(true));
    // An unsaved share edit: Enter in the name field must not save it.
    fireEvent.click(screen.getByRole('button', { name: 'Increase share: Boris' }));
    expect(screen.queryByLabelText('Member name')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Add member' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const field = screen.getByLabelText('Member name');
    fireEvent.change(field, { target: { value: '   ' } });
    expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Name required');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('Name required');
    expect(mutations(calls)).toHaveLength(0);

    fireEvent.change(field, { target: { value: '  Kate  ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(mutations(calls)).toHaveLength(1));
    expect(mutations(calls)[0]).toEqual({
      path: 'members.add',
      input: {
        groupId: GROUP,
        name: 'Kate',
        isAdmin: false,
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    // The next member is a new attempt with a new key.
    fireEvent.change(field, { target: { value: 'Lev' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(mutations(calls)).toHaveLength(2));
    const keys = mutations(calls).map((c) => (c.input as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).not.toBe(keys[0]);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    // The group is reloaded; the unsaved edit is kept and still unsaved.
    await waitFor(() => expect(calls.some((c) => c.path === 'groups.get')).toBe(true));
    expect(calls.some((c) => c.path === 'groups.update')).toBe(false);
    expect(saveButton().disabled).toBe(false);
    expect(screen.getByRole('group', { name: 'Share: Boris' }).textContent).toContain('2');
  });

  it('offers make admin, remove and cancel for a member with an account; rename too without one; revoke and cancel for me', async () => {
    stubApi(() => ({}));
    await renderSettings(groupWith(true));
    let menu = await openMenu('Anya');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Add to friends', 'Make admin', 'Remove from group', 'Cancel']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    menu = await openMenu('Boris');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Rename', 'Remove from group', 'Cancel']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    // The only admin is not offered to revoke their rights (the server would refuse).
    expect(screen.queryByRole('button', { name: 'Actions for Demo' })).toBeNull();
  });

  it('offers me "revoke admin" when another admin remains', async () => {
    stubApi(() => ({}));
    await renderSettings(groupWith(true, [secondAdmin]));
    const menu = await openMenu('Demo');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Revoke admin rights', 'Cancel']);
  });

  it('makes a member admin after confirming, with the toast', async () => {
    const calls = stubApi(() => ({ data: { ok: true } }));
    await renderSettings(groupWith(true));
    queryClient.setQueryData(trpc.groups.list.queryKey(), []);
    queryClient.setQueryData(trpc.balances.get.queryKey({ groupId: GROUP }), null as never);
    queryClient.setQueryData(trpc.logs.list.queryKey({ groupId: GROUP }), []);
    const menu = await openMenu('Anya');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Make admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('will be able to manage group members');
    expect(mutations(calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Admin rights granted'));
    expect(mutations(calls)[0]).toEqual({
      path: 'members.makeAdmin',
      input: { groupId: GROUP, memberId: 'dddddddd-0000-4000-8000-000000000002' },
    });
    // Everything the change touches is marked stale (and reloaded where on screen).
    const keys = [
      trpc.groups.list.queryKey(),
      trpc.balances.get.queryKey({ groupId: GROUP }),
      trpc.logs.list.queryKey({ groupId: GROUP }),
    ];
    await waitFor(() => {
      for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    });
    expect(calls.some((c) => c.path === 'groups.get')).toBe(true);
  });

  it('removes a member after confirming; cancelling calls nothing', async () => {
    const calls = stubApi(() => ({ data: { ok: true } }));
    await renderSettings(groupWith(true));
    let menu = await openMenu('Boris');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Remove from group' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutations(calls)).toHaveLength(0);

    menu = await openMenu('Boris');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Remove from group' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Member removed'));
    expect(mutations(calls)[0]!.path).toBe('members.remove');
  });

  it('shows the LAST_ADMIN alert instead of a toast when the last admin is revoked', async () => {
    // The other admin lost their rights on another device meanwhile: the server refuses.
    stubApi((path) => (path === 'members.revokeAdmin' ? { appCode: 'LAST_ADMIN' } : {}));
    await renderSettings(groupWith(true, [secondAdmin]));
    const menu = await openMenu('Demo');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Revoke admin rights' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain(
      'A group must keep at least one administrator. First transfer rights to another member.',
    );
    expect(toasts.error).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the failure toast of each action', async () => {
    stubApi((path) => (path.startsWith('members.') ? { appCode: 'FORBIDDEN', status: 403 } : {}));
    await renderSettings(groupWith(true));
    const menu = await openMenu('Boris');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Remove from group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Could not remove the member'));
  });
});

describe('group settings as a member', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('is read-only: no save, no inputs, no steppers, no add; the menu only adds others to friends', async () => {
    stubApi(() => ({}));
    await renderSettings(groupWith(false));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Trip')).toBeTruthy();
    expect(screen.getByText('Only admins can change the currency.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Base currency/ })).toBeNull();
    expect(screen.queryByRole('group', { name: /Share:/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    // Spec §6: a non-admin may open the actions menu only to add others (with an account) to friends.
    expect(
      screen.getAllByRole('button', { name: /Actions for/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Actions for Anya']);
    expect(rows()[0]!.textContent).toContain('Demo (you)');
    expect(rows()[1]!.textContent).toContain('Anya');
    expect(rows()[1]!.textContent).toContain('admin');
    expect(rows()[2]!.textContent).toContain('1');
  });
});

describe('group settings states', () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('says the group is not found for an id that cannot exist, with a way back', async () => {
    await i18n.changeLanguage('en');
    setSessionUser({ id: ME, name: 'Demo', username: 'demo', email: null, telegramUsername: null });
    const root = createRootRoute({ component: Outlet });
    const router = createRouter({
      routeTree: root.addChildren([
        createRoute({ getParentRoute: () => root, path: '/', component: () => <p>groups</p> }),
        createRoute({
          getParentRoute: () => root,
          path: '/x',
          component: () => <RoutedSettings groupId="not-a-group" />,
        }),
      ]),
      history: createMemoryHistory({ initialEntries: ['/x'] }),
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Group not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to groups' }).getAttribute('href')).toBe('/');
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    stubApi(() => ({}));
    await renderSettingsRu();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Добавить участника' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Действия: Anya' })).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('(вы)');
    expect(rows()[2]!.textContent).toContain('без аккаунта');
  });
});

async function renderSettingsRu() {
  setSessionUser({ id: ME, name: 'Demo', username: 'demo', email: null, telegramUsername: null });
  const group = groupWith(true);
  current = group;
  queryClient.setQueryData(trpc.groups.get.queryKey({ groupId: group.id }), group);
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/',
        component: () => <RoutedSettings groupId={group.id} />,
      }),
      createRoute({ getParentRoute: () => root, path: '/group/$groupId', component: () => <p>group</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Настройки группы' });
}

describe('recurring expenses and the time zone (issue 28)', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    series = [];
  });

  const rent = {
    id: 'eeeeeeee-0000-4000-8000-000000000001',
    groupId: GROUP,
    name: 'Rent',
    amountCents: 4_500_000,
    every: 1,
    unit: 'month',
    startDate: '2026-11-28',
    until: null,
    count: null,
    status: 'active',
    nextDate: '2026-12-28',
  };
  const internet = {
    ...rent,
    id: 'eeeeeeee-0000-4000-8000-000000000002',
    name: 'Internet',
    amountCents: 90_000,
    every: 2,
    unit: 'week',
    status: 'paused',
    nextDate: '2026-12-05',
  };

  it('lists the series with their rule and next date; pause and resume at once, stop after a question', async () => {
    series = [rent, internet];
    const calls = stubApi((_path, input) => ({ data: input }));
    await renderSettings(groupWith(true));
    const section = (await screen.findByRole('heading', { name: 'Recurring expenses' })).closest(
      'section',
    ) as HTMLElement;
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Rent.*45,000\.00.*Every month · next 12\/28PauseStop$/),
      expect.stringMatching(/^Internet.*900\.00.*Every 2 weeks · pausedResumeStop$/),
    ]);
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Pause' }));
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Repeat resumed'));
    expect(mutations(calls).map((c) => [c.path, c.input])).toEqual(
      expect.arrayContaining([
        ['recurring.pause', { groupId: GROUP, seriesId: rent.id }],
        ['recurring.resume', { groupId: GROUP, seriesId: internet.id }],
      ]),
    );

    const stop = within(items[0]!).getByRole('button', { name: 'Stop' }) as HTMLButtonElement;
    await waitFor(() => expect(stop.disabled).toBe(false));
    fireEvent.click(stop);
    const dialog = await screen.findByRole('dialog', { name: 'Stop repeating “Rent”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutations(calls).some((c) => c.path === 'recurring.stop')).toBe(false);
    fireEvent.click(stop);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Repeat stopped'));
    expect(mutations(calls).filter((c) => c.path === 'recurring.stop')).toEqual([
      { path: 'recurring.stop', input: { groupId: GROUP, seriesId: rent.id } },
    ]);
  });

  it('says when nothing repeats', async () => {
    stubApi(() => ({}));
    await renderSettings(groupWith(false));
    expect(await screen.findByText(/No recurring expenses/)).toBeTruthy();
    // A member who is not an admin sees the time zone, without a select.
    expect(screen.getByText('Europe/Moscow')).toBeTruthy();
    expect(screen.queryByLabelText("Group's time zone")).toBeNull();
  });

  it("saves the group's time zone picked from the IANA list (Europe/Moscow until changed)", async () => {
    const calls = stubApi((path, input) =>
      path === 'groups.update' ? { data: { ...groupWith(true), timeZone: 'Asia/Tokyo' } } : { data: input },
    );
    await renderSettings(groupWith(true));
    const select = screen.getByLabelText("Group's time zone") as HTMLSelectElement;
    expect(select.value).toBe('Europe/Moscow');
    expect([...select.options].map((o) => o.value)).toContain('America/New_York');
    fireEvent.change(select, { target: { value: 'Asia/Tokyo' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Group settings saved'));
    const update = mutations(calls).find((c) => c.path === 'groups.update');
    expect(update?.input).toMatchObject({ groupId: GROUP, timeZone: 'Asia/Tokyo' });
  });
});
