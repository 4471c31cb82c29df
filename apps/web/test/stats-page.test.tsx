import { parseAmount } from '@dolya/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupStats } from '../src/features/group/GroupStats';
import { StatsSections } from '../src/features/stats/StatsSections';
import { viewerCalendar } from '../src/features/stats/stats-data';
import { i18n } from '../src/i18n';
import type { Group, MemberBalance, Spending } from '../src/lib/api-types';
import { queryClient, trpc } from '../src/lib/trpc';
import { stubApi } from './invites-harness';

const GROUP = 'cccccccc-0000-4000-8000-000000000001';
const ME = 'bbbbbbbb-0000-4000-8000-000000000001';
const ANYA = 'bbbbbbbb-0000-4000-8000-000000000002';
const BORYA = 'bbbbbbbb-0000-4000-8000-000000000003';

const seat = (memberId: string, name: string, isCurrentUser = false): Group['users'][number] => ({
  id: null,
  memberId,
  name,
  username: null,
  isAdmin: isCurrentUser,
  registered: isCurrentUser,
  membershipStatus: 'ACTIVE',
  share: 1,
  isCurrentUser,
  telegramUsername: null,
});

const group: Group = {
  id: GROUP,
  name: 'Kazan',
  currency: 'EUR',
  timeZone: 'Europe/Moscow',
  users: [seat(ME, 'Demo', true), seat(ANYA, 'Anya')],
  createdAt: '2026-10-01T12:00:00.000Z',
  lastActivity: '2026-10-06T12:00:00.000Z',
};

/** Fixtures are written as decimals for readability and read exactly into cents, as the API sends them. */
const c = (amount: number) => parseAmount(amount, { min: 'any' });

const stats = (
  memberId: string,
  name: string,
  [paid, owed, net]: [number, number, number],
  { sent = 0, received = 0, removed = false } = {},
): MemberBalance => ({
  memberId,
  name,
  paidCents: c(paid),
  owedCents: c(owed),
  sentCents: c(sent),
  receivedCents: c(received),
  netCents: c(net),
  removed,
});

/** The server's spending buckets (stats.spending) for the days given as [day, amount]. */
function spending(days: [string, number][]): Spending {
  return {
    granularity: 'day',
    buckets: days.map(([start, amount]) => ({ start, cents: c(amount) })),
    totalCents: days.reduce((sum, [, amount]) => sum + c(amount), 0),
  };
}

async function renderStats(data: {
  total: number;
  members: MemberBalance[];
  /** Absent: not in the cache, so the page asks the (stubbed) API. */
  spending?: Spending;
  groupId?: string;
}) {
  const groupId = data.groupId ?? GROUP;
  queryClient.setQueryData(trpc.groups.get.queryKey({ groupId }), group);
  queryClient.setQueryData(trpc.balances.get.queryKey({ groupId }), {
    currency: 'EUR',
    totalCents: c(data.total),
    members: data.members,
    debts: [],
  });
  if (data.spending) {
    queryClient.setQueryData(
      trpc.stats.spending.queryKey({ groupId, ...viewerCalendar(i18n.language) }),
      data.spending,
    );
  }
  const root = createRootRoute({ component: Outlet });
  const statsRoute = createRoute({
    getParentRoute: () => root,
    path: '/group/$groupId/stats',
    component: function Page() {
      const { groupId: id } = statsRoute.useParams();
      // As its route composes it.
      return (
        <GroupStats
          groupId={id}
          charts={(balances, me) => <StatsSections groupId={id} balances={balances} me={me} />}
        />
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([
      statsRoute,
      createRoute({ getParentRoute: () => root, path: '/group/$groupId/new-expense', component: () => null }),
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>groups</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: [`/group/${groupId}/stats`] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

describe('statistics page', () => {
  beforeAll(() => {
    // jsdom has no layout; the charts only need the observer to exist.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
  });

  it('shows the net chart, the spending chart and the member list with the deleted badge', async () => {
    await renderStats({
      total: 100.5,
      members: [
        stats(ME, 'Demo', [100.5, 50.25, 50.25]),
        stats(ANYA, 'Anya', [0, 40.2, -40.2]),
        stats(BORYA, 'Borya', [0, 10.05, -10.05], { removed: true }),
      ],
      spending: spending([
        ['2026-10-03', 60.5],
        ['2026-10-04', 0],
        ['2026-10-05', 40],
      ]),
    });
    expect(screen.getByText('€100.50')).toBeTruthy();
    const net = screen.getByRole('img', { name: /Who is up, who is down/ });
    expect(net.getAttribute('aria-label')).toBe(
      'Who is up, who is down. Demo: +€50.25; Borya: −€10.05; Anya: −€40.20',
    );
    expect(screen.getByRole('heading', { name: 'Spending over time' })).toBeTruthy();
    expect(screen.getByText('by day')).toBeTruthy();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('deleted')).toBeTruthy();
  });

  it('an empty group gets a friendly empty state instead of charts', async () => {
    await renderStats({
      total: 0,
      members: [stats(ME, 'Demo', [0, 0, 0]), stats(ANYA, 'Anya', [0, 0, 0])],
      spending: spending([]),
    });
    expect(screen.getByText('Statistics will appear here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add expense' }).getAttribute('href')).toBe(
      `/group/${GROUP}/new-expense`,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Spending over time' })).toBeNull();
  });

  it('only settlements: no spending to chart, and everyone even is said in words', async () => {
    await i18n.changeLanguage('ru');
    await renderStats({
      total: 0,
      members: [
        stats(ME, 'Demo', [0, 0, 0], { sent: 20, received: 20 }),
        stats(ANYA, 'Anya', [0, 0, 0], { sent: 20, received: 20 }),
      ],
      spending: spending([]),
    });
    expect(screen.getByText('Все в расчёте: никто никому не должен')).toBeTruthy();
    expect(screen.getByText('Пока были только погашения долгов — трат для графика нет')).toBeTruthy();
  });

  it('shows what settlements moved beside spending, so paid − share + settlements = net reads off the row', async () => {
    await renderStats({
      total: 90,
      members: [
        stats(ME, 'Demo', [90, 30, 40], { received: 20 }),
        stats(ANYA, 'Anya', [0, 30, -10], { sent: 20 }),
        stats(BORYA, 'Borya', [0, 30, -30]),
      ],
      spending: spending([['2026-10-03', 90]]),
    });
    const [demo, anya, borya] = screen.getAllByRole('listitem');
    expect(demo!.textContent).toContain('Paid: €90.00');
    expect(demo!.textContent).toContain('Share: €30.00');
    expect(demo!.textContent).toContain('Debt payments received: €20.00');
    expect(demo!.textContent).toContain('+€40.00');
    expect(anya!.textContent).toContain('Debt payments made: €20.00');
    expect(anya!.textContent).toContain('−€10.00');
    expect(borya!.textContent).not.toContain('Debt payments');
  });

  it('a malformed group id is a group that does not exist', async () => {
    await renderStats({ total: 0, members: [], spending: spending([]), groupId: 'nope' });
    expect(screen.getByRole('heading', { level: 1, name: 'Group not found' })).toBeTruthy();
  });

  it("reads the chart from stats.spending in the viewer's calendar, never from the expense list", async () => {
    const calls = stubApi((path) =>
      path === 'stats.spending'
        ? { data: spending([['2026-10-03', 12.5]]) }
        : { appCode: 'NOT_FOUND', status: 404 },
    );
    try {
      await renderStats({
        total: 12.5,
        members: [stats(ME, 'Demo', [12.5, 6.25, 6.25]), stats(ANYA, 'Anya', [0, 6.25, -6.25])],
      });
      expect(await screen.findByText('by day')).toBeTruthy();
      // Spending per category is a sum of the server's too (stats.byCategory).
      expect(calls.map((call) => call.path).sort()).toEqual(['stats.byCategory', 'stats.spending']);
      expect(calls.find((call) => call.path === 'stats.spending')!.input).toEqual({
        groupId: GROUP,
        ...viewerCalendar('en'),
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
