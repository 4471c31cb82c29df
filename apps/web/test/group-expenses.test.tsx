import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupDetail } from '../src/features/group/GroupDetail';
import { i18n } from '../src/i18n';
import type { Balances, ExpenseListItem, Group } from '../src/lib/api-types';
import { afterExpenseSaved } from '../src/lib/expense-cache';
import { setSessionUser } from '../src/lib/session';
import { queryClient } from '../src/lib/trpc';
import { type Call, stubApi } from './invites-harness';

const GROUP = 'cccccccc-0000-4000-8000-000000000001';
const ME = 'bbbbbbbb-0000-4000-8000-000000000001';
const ANYA = 'bbbbbbbb-0000-4000-8000-000000000002';
const USER = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'Demo',
  username: 'demo',
  email: null,
  telegramUsername: null,
};

const seat = (memberId: string, name: string, isCurrentUser = false): Group['users'][number] => ({
  id: isCurrentUser ? USER.id : null,
  memberId,
  name,
  username: isCurrentUser ? 'demo' : null,
  isAdmin: isCurrentUser,
  registered: isCurrentUser,
  membershipStatus: 'ACTIVE',
  share: 1,
  isCurrentUser,
  telegramUsername: null,
});

const group: Group = {
  id: GROUP,
  name: 'Flat',
  currency: 'EUR',
  timeZone: 'Europe/Moscow',
  users: [seat(ME, 'Demo', true), seat(ANYA, 'Anya')],
  createdAt: '2024-01-01T12:00:00.000Z',
  lastActivity: '2026-01-01T12:00:00.000Z',
};

const balances: Balances = {
  currency: 'EUR',
  totalCents: 1_000,
  members: [
    {
      memberId: ME,
      name: 'Demo',
      removed: false,
      paidCents: 1_000,
      owedCents: 500,
      sentCents: 0,
      receivedCents: 0,
      netCents: 500,
    },
    {
      memberId: ANYA,
      name: 'Anya',
      removed: false,
      paidCents: 0,
      owedCents: 500,
      sentCents: 0,
      receivedCents: 0,
      netCents: -500,
    },
  ],
  debts: [{ fromMemberId: ANYA, toMemberId: ME, amountCents: 500 }],
};

/** Expense number n (1 is the newest), as a list row. */
function row(n: number): ExpenseListItem {
  return {
    id: `eeeeeeee-0000-4000-8000-${String(n).padStart(12, '0')}`,
    groupId: GROUP,
    name: `Expense ${n}`,
    amountCents: 1_000,
    paidById: ME,
    splitCents: { [ME]: 500, [ANYA]: 500 },
    date: new Date(Date.UTC(2026, 0, 1) - n * 3_600_000).toISOString(),
    notes: null,
    settlement: false,
    settlementFromId: null,
    settlementToId: null,
    createdById: ME,
    category: null,
    splitMethod: 'shares',
    sharesInput: null,
    percentagesInput: null,
    memberNames: {},
    payers: [{ memberId: ME, amountCents: 1_000 }],
    original: null,
    version: 1,
    seriesId: null,
  };
}

/** Two pages: 1-50 with a cursor, 51-60 without. */
const PAGES: Record<string, { items: ExpenseListItem[]; nextCursor: string | null }> = {
  first: { items: Array.from({ length: 50 }, (_, i) => row(i + 1)), nextCursor: 'after-50' },
  'after-50': { items: Array.from({ length: 10 }, (_, i) => row(i + 51)), nextCursor: null },
};

/** A stand-in IntersectionObserver: the test says when the sentinel scrolls into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  }
  unobserve() {}
  static scrollIntoView() {
    for (const o of FakeObserver.all) {
      o.callback(
        o.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
    }
  }
}

let calls: Call[];
let listFails = false;

function api() {
  calls = stubApi((path, input) => {
    const args = input as { cursor?: string | null; expenseId?: string };
    if (path === 'groups.get') return { data: group };
    if (path === 'balances.get') return { data: balances };
    if (path === 'expenses.list') {
      // A refusal is not retried, so the failed state shows at once.
      if (listFails) return { appCode: 'FORBIDDEN', status: 403 };
      return { data: PAGES[args.cursor ?? 'first'] };
    }
    if (path === 'expenses.delete') return { data: { ok: true } };
    if (path === 'logs.list' || path === 'groups.list') return { data: [] };
    return { appCode: 'NOT_FOUND', status: 404 };
  });
}

const listCalls = () => calls.filter((c) => c.path === 'expenses.list');
/** The names of the listed expenses, in order (read from the DOM: 60 accessible names are slow in jsdom). */
const rows = () => [...document.querySelectorAll('.expense-list .expense-name')].map((el) => el.textContent);

async function renderGroup(settle?: { from: string; to: string }) {
  const root = createRootRoute({ component: Outlet });
  const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/group/$groupId',
        component: () => <GroupDetail groupId={GROUP} settle={settle} />,
      }),
      page('/'),
      page('/group/$groupId/stats'),
      page('/group/$groupId/logs'),
      page('/group/$groupId/settings'),
      page('/group/$groupId/new-expense'),
      page('/group/$groupId/expense/$expenseId'),
    ]),
    history: createMemoryHistory({ initialEntries: [`/group/${GROUP}`] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Flat' });
}

describe('the group page expense list', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setSessionUser(USER);
    listFails = false;
    FakeObserver.all = [];
    api();
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows the first page of 50, then the next one from the "Show more" button, and stops at the last', async () => {
    await renderGroup();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(listCalls().map((c) => c.input)).toEqual([{ groupId: GROUP, direction: 'forward' }]);
    fireEvent.click(screen.getByText('Show more'));
    await waitFor(() => expect(rows()).toHaveLength(60));
    expect(listCalls().at(-1)!.input).toMatchObject({ groupId: GROUP, cursor: 'after-50' });
    expect(rows()).toEqual(Array.from({ length: 60 }, (_, i) => `Expense ${i + 1}`));
    expect(screen.queryByText('Show more')).toBeNull();
  });

  it('shows an amount paid in another currency beside the converted one, and every payer (issue 26)', async () => {
    const first = PAGES.first!.items;
    const plain = first[0]!;
    first[0] = {
      ...plain,
      amountCents: 4_500,
      original: {
        currency: 'USD',
        amountCents: 5_000,
        rate: '0.9',
        rateDate: '2026-11-28',
        rateSource: 'fetched',
      },
      payers: [
        { memberId: ME, amountCents: 1_500 },
        { memberId: ANYA, amountCents: 3_000 },
      ],
    };
    try {
      await renderGroup();
      const sub = document.querySelector('.expense-list .expense-sub')?.textContent?.replace(/\s/g, ' ');
      expect(sub).toMatch(/^\$50\.00 → €45\.00 · paid by .+ €15\.00, .+ €30\.00$/);
    } finally {
      first[0] = plain;
    }
  });

  it('shows a repayment made in another currency with its original amount beside the converted one (issue 26)', async () => {
    const first = PAGES.first!.items;
    const plain = first[0]!;
    first[0] = {
      ...plain,
      name: 'Settlement payment',
      settlement: true,
      settlementFromId: ME,
      settlementToId: ANYA,
      amountCents: 4_500,
      splitCents: { [ANYA]: 4_500 },
      payers: [{ memberId: ME, amountCents: 4_500 }],
      original: {
        currency: 'USD',
        amountCents: 5_000,
        rate: '0.9',
        rateDate: '2026-11-28',
        rateSource: 'manual',
      },
    };
    try {
      await renderGroup();
      const line = document.querySelector('.expense-list .expense-settlement-line')?.textContent;
      expect(line?.replace(/\s/g, ' ')).toBe('You paid Anya $50.00 · €45.00');
      await act(() => i18n.changeLanguage('ru'));
      const russian = document.querySelector('.expense-list .expense-settlement-line')?.textContent;
      expect(russian?.replace(/\s/g, ' ')).toBe('Вы → Anya: 50,00 $ · 45,00 €');
    } finally {
      first[0] = plain;
    }
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    await renderGroup();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(FakeObserver.all).toHaveLength(1);
    act(() => FakeObserver.scrollIntoView());
    await waitFor(() => expect(rows()).toHaveLength(60));
    expect(listCalls()).toHaveLength(2);
    // The last page has no sentinel left to watch.
    expect(FakeObserver.all).toHaveLength(0);
  });

  it('shows the debts from balances.get even when the list cannot load', async () => {
    listFails = true;
    await renderGroup();
    expect(await screen.findByText('No expenses yet')).toBeTruthy();
    expect(document.querySelector('.debt-line')?.textContent).toBe('Anya → you€5.00Settle');
  });

  it('opened from a reminder’s button (?settle=debtor.creditor), shows the settle-up form on that debt', async () => {
    await renderGroup({ from: ANYA, to: ME });
    const form = await screen.findByRole('form', { name: 'New payment' }, { timeout: 10_000 });
    expect((within(form).getByLabelText('Payer') as HTMLSelectElement).value).toBe(ANYA);
    expect((within(form).getByLabelText('Recipient') as HTMLSelectElement).value).toBe(ME);
    expect((within(form).getByLabelText('Amount, EUR') as HTMLInputElement).value).toBe('5.00');
  });

  it('a deleted expense leaves the loaded pages without fetching the list again; balances are fetched again', async () => {
    await renderGroup();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByText('Show more'));
    await waitFor(() => expect(rows()).toHaveLength(60));
    const before = {
      list: listCalls().length,
      balances: calls.filter((c) => c.path === 'balances.get').length,
    };

    fireEvent.click(screen.getByLabelText('Delete “Expense 55”'));
    // The question's code is fetched on the first press: more than findBy's second on a busy machine.
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, { timeout: 8000 })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(59));
    expect(screen.queryByText('Expense 55')).toBeNull();
    expect(calls.find((c) => c.path === 'expenses.delete')?.input).toEqual({
      groupId: GROUP,
      expenseId: row(55).id,
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'balances.get').length).toBeGreaterThan(before.balances),
    );
    expect(listCalls()).toHaveLength(before.list);
  });

  it('after a save keeps only the first page and fetches just that one again, with the balances and the chart', async () => {
    await renderGroup();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByText('Show more'));
    await waitFor(() => expect(rows()).toHaveLength(60));
    const before = calls.length;

    await act(() => afterExpenseSaved(queryClient, GROUP));
    await waitFor(() => expect(rows()).toHaveLength(50));
    const fresh = calls.slice(before);
    // One call for the list: its first page (no cursor).
    expect(fresh.filter((c) => c.path === 'expenses.list').map((c) => c.input)).toEqual([
      { groupId: GROUP, direction: 'forward' },
    ]);
    expect(fresh.map((c) => c.path)).toContain('balances.get');
    expect(screen.getByText('Show more')).toBeTruthy();
  });
});
