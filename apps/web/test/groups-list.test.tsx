import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupListPage } from '../src/features/groups/GroupListPage';
import { i18n } from '../src/i18n';
import type { Group, GroupListItem } from '../src/lib/api-types';
import { setSessionUser } from '../src/lib/session';
import { queryClient, trpc } from '../src/lib/trpc';

const ME = 'aaaaaaaa-0000-4000-8000-000000000001';
const OTHER = 'aaaaaaaa-0000-4000-8000-000000000002';
let seq = 0;
const uuid = () => `bbbbbbbb-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function member(name: string, over: Partial<Group['users'][number]> = {}): Group['users'][number] {
  return {
    id: null,
    memberId: uuid(),
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

const me = (isAdmin: boolean) =>
  member('Demo', { id: ME, username: 'demo', registered: true, isAdmin, isCurrentUser: true });

const groups: GroupListItem[] = [
  {
    id: 'cccccccc-0000-4000-8000-000000000001',
    name: 'Trip',
    currency: 'EUR',
    timeZone: 'Europe/Moscow',
    users: [me(true), member('Anna'), member('Boris')],
    createdAt: '2024-01-05T12:00:00.000Z',
    lastActivity: '2024-03-02T12:00:00.000Z',
    myNetCents: 268591,
  },
  {
    id: 'cccccccc-0000-4000-8000-000000000002',
    name: 'Flat',
    currency: 'RUB',
    timeZone: 'Europe/Moscow',
    users: [member('Owner', { id: OTHER, username: 'owner', isAdmin: true }), me(false)],
    createdAt: '2024-02-10T12:00:00.000Z',
    lastActivity: '2024-02-11T12:00:00.000Z',
    myNetCents: -150,
  },
];

async function renderList(data: GroupListItem[]) {
  setSessionUser({
    id: ME,
    name: 'Demo',
    username: 'demo',
    email: 'demo@example.com',
    telegramUsername: null,
  });
  queryClient.setQueryData(trpc.groups.list.queryKey(), data);
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: GroupListPage }),
      createRoute({ getParentRoute: () => root, path: '/new', component: () => <p>new page</p> }),
      createRoute({
        getParentRoute: () => root,
        path: '/group/$groupId',
        component: () => <p>group page</p>,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

describe('group list (/)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
  });

  it('shows name, member count and dates; only admins get a delete button', async () => {
    await renderList(groups);
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Trip');
    expect(rows[0]!.textContent).toContain('3 members');
    expect(rows[0]!.textContent).toContain('Created Jan 5, 2024');
    expect(rows[0]!.textContent).toContain('Last activity Mar 2, 2024');
    expect(rows[1]!.textContent).toContain('2 members');
    expect(within(rows[0]!).getByRole('button', { name: 'Delete group “Trip”' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: /New group/ }).getAttribute('href')).toBe('/new');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`/group/${groups[0]!.id}`);
  });

  it('shows what I am owed or owe in each group, or that I am settled up', async () => {
    await renderList([
      ...groups,
      { ...groups[0]!, id: 'cccccccc-0000-4000-8000-000000000003', myNetCents: 0 },
    ]);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('you are owed€2,685.91');
    expect(rows[1]!.textContent).toContain('you owe₽1.50');
    expect(rows[2]!.textContent).toContain('settled up');
  });

  it('sums what I am owed and what I owe across the groups, per currency, above the list', async () => {
    await renderList([
      ...groups,
      // Owed in one RUB group, owing in another: both stand, not netted out.
      { ...groups[1]!, id: 'cccccccc-0000-4000-8000-000000000003', myNetCents: 100_000 },
      { ...groups[0]!, id: 'cccccccc-0000-4000-8000-000000000004', myNetCents: 1_409 },
    ]);
    const totals = screen.getByRole('region', { name: 'Across all groups' });
    const rows = within(totals)
      .getAllByRole('term')
      .map((term) => term.parentElement!.textContent);
    expect(rows).toEqual(['EURyou are owed €2,700.00', 'RUByou are owed ₽1,000.00you owe ₽1.50']);
  });

  it('says when I am settled up in every group', async () => {
    await renderList(groups.map((group) => ({ ...group, myNetCents: 0 })));
    const totals = screen.getByRole('region', { name: 'Across all groups' });
    expect(totals.textContent).toContain('All settled up: nobody owes anybody');
  });

  it('asks for confirmation before deleting', async () => {
    await renderList(groups);
    fireEvent.click(screen.getByRole('button', { name: 'Delete group “Trip”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete group?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Russian: plurals and dates', async () => {
    await i18n.changeLanguage('ru');
    await renderList(groups);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('3 участника');
    expect(rows[0]!.textContent).toContain('Создана 5 янв. 2024 г.');
    expect(rows[1]!.textContent).toContain('2 участника');
  });

  it('offers to create the first group when there are none', async () => {
    await renderList([]);
    expect(screen.getByText('You have no groups yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first group' }).getAttribute('href')).toBe('/new');
  });
});
