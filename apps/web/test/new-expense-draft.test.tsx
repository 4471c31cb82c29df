import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewExpensePage } from '../src/features/expense/NewExpensePage';
import { newExpenseSearch } from '../src/features/expense/search';
import { i18n } from '../src/i18n';
import type { BotDraft, Group } from '../src/lib/api-types';
import { queryClient } from '../src/lib/trpc';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../src/lib/toast', () => ({ toast: toasts, TOAST_DURATION_MS: 2000 }));

const GROUP = 'cccccccc-0000-4000-8000-000000000001';
const DRAFT = 'eeeeeeee-0000-4000-8000-000000000001';
const ME = 'dddddddd-0000-4000-8000-000000000001';
const ANYA = 'dddddddd-0000-4000-8000-000000000002';
const BORYA = 'dddddddd-0000-4000-8000-000000000003';

type Member = Group['users'][number];
function member(name: string, memberId: string, isCurrentUser = false): Member {
  return {
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
  };
}

const group: Group = {
  id: GROUP,
  name: 'Поездка в Казань',
  currency: 'RUB',
  timeZone: 'Europe/Moscow',
  users: [member('Демо', ME, true), member('Аня', ANYA), member('Боря', BORYA)],
  createdAt: '2026-01-05T12:00:00.000Z',
  lastActivity: '2026-03-02T12:00:00.000Z',
};

/** "пицца 1200 я, Аня, Боря", paid by Аня, as the bot stored it. */
function pizza(patch: Partial<BotDraft> = {}): BotDraft {
  return {
    id: DRAFT,
    groupId: GROUP,
    groupName: group.name,
    currency: 'RUB',
    chatId: '-1001',
    messageId: '7',
    replyMessageId: '8',
    authorUserId: 'aaaaaaaa-0000-4000-8000-000000000001',
    status: 'open',
    expiresAt: '2026-03-10T12:00:00.000Z',
    expenseId: null,
    expense: {
      name: 'Пицца',
      amountCents: 120_001,
      payerId: ANYA,
      splitCents: { [ME]: 40_001, [ANYA]: 40_000, [BORYA]: 40_000 },
      items: [],
    },
    memberNames: { [ME]: 'Демо', [ANYA]: 'Аня', [BORYA]: 'Боря' },
    ...patch,
  };
}

interface Call {
  path: string;
  input: unknown;
}
type Answer = { data?: unknown; appCode?: string; status?: number };

/** The tRPC endpoint: groups.get answers the group; the rest from `reply`; every call is recorded. */
function stubApi(reply: (path: string, input: unknown) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const paths = u.pathname.replace('/trpc/', '').split(',');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const query = u.searchParams.get('input');
      const queryInputs = query ? (JSON.parse(query) as Record<string, unknown>) : {};
      const results = paths.map((path, i) => {
        const input = init?.method === 'POST' ? body[String(i)] : queryInputs[String(i)];
        calls.push({ path, input });
        const answer = path === 'groups.get' ? { data: group } : reply(path, input);
        if (answer.appCode) {
          const status = answer.status ?? 409;
          return {
            error: {
              code: -32600,
              message: answer.appCode,
              data: { code: 'ERROR', httpStatus: status, appCode: answer.appCode, path },
            },
          };
        }
        return { result: { data: answer.data ?? null } };
      });
      const failed = results.filter((r) => 'error' in r);
      const status = failed.length === 0 ? 200 : results.length === 1 ? 409 : 207;
      return new Response(JSON.stringify(results), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The real page under a route with the real search validation, at the given URL. */
async function open(url: string, heading = 'Новый расход') {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/group/$groupId/new-expense',
    validateSearch: newExpenseSearch,
    component: function NewExpense() {
      const { groupId } = page.useParams();
      const { draft } = page.useSearch();
      // The header's AI button (the bot's, which its route adds) is not what these tests look at.
      return <NewExpensePage groupId={groupId} draftId={draft} aiEntry={null} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([
      page,
      createRoute({
        getParentRoute: () => root,
        path: '/group/$groupId',
        component: () => <p>group page</p>,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: heading });
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
/** The amount as paid beside the group's (issue 26), spaces as plain spaces. */
const converted = () => document.querySelector('.rate-converted')?.textContent?.replace(/\s/g, ' ');
const creates = (calls: Call[]) => calls.filter((c) => c.path === 'expenses.create').map((c) => c.input);

describe('the new-expense form opened from a bot draft', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ru');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('prefills from ?draft= and sends draftId with expenses.create, consuming the draft', async () => {
    const calls = stubApi((path) =>
      path === 'drafts.get' ? { data: pizza() } : path === 'expenses.create' ? { data: { id: 'x' } } : {},
    );
    await open(`/group/${GROUP}/new-expense?draft=${DRAFT}`);
    expect(calls.find((c) => c.path === 'drafts.get')?.input).toEqual({ draftId: DRAFT });
    expect(value('Название')).toBe('Пицца');
    expect(value('Сумма')).toBe('1200,01');
    expect(value('Кто платил')).toBe(ANYA);
    expect((screen.getByRole('radio', { name: 'Суммы' }) as HTMLInputElement).checked).toBe(true);
    expect(value('Сумма: Демо (вы)')).toBe('400,01');
    expect(value('Сумма: Аня')).toBe('400');
    expect(value('Сумма: Боря')).toBe('400');
    expect(toasts.error).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await screen.findByText('group page');
    expect(creates(calls)).toEqual([
      expect.objectContaining({
        groupId: GROUP,
        draftId: DRAFT,
        name: 'Пицца',
        amountCents: 120_001,
        paidById: ANYA,
        splitMethod: 'amounts',
        participants: [ME, ANYA, BORYA],
        splitCents: { [ME]: 40_001, [ANYA]: 40_000, [BORYA]: 40_000 },
      }),
    ]);
    expect(toasts.success).toHaveBeenCalledWith('Расход сохранён');
  });

  it('opens a receipt draft with its positions, and saves them with the split they make', async () => {
    const receipt = pizza({
      expense: {
        name: 'Чек',
        amountCents: 235_000,
        payerId: ME,
        splitCents: { [ME]: 75_000, [ANYA]: 80_000, [BORYA]: 80_000 },
        items: [
          { name: 'Пицца', amountCents: 80_000, participantIds: [ANYA, BORYA] },
          { name: 'Вино', amountCents: 120_000, participantIds: [ME, ANYA, BORYA] },
          { name: 'Десерт', amountCents: 35_000, participantIds: [ME] },
        ],
      },
    });
    const calls = stubApi((path) =>
      path === 'drafts.get' ? { data: receipt } : path === 'expenses.create' ? { data: { id: 'x' } } : {},
    );
    await open(`/group/${GROUP}/new-expense?draft=${DRAFT}`);
    const positions = screen.getByRole('region', { name: 'Позиции' });
    expect(positions.textContent).toContain('Пицца');
    expect(positions.textContent).toContain('Аня, Боря');
    expect(value('Сумма')).toBe('2350');
    expect((screen.getByLabelText('Сумма') as HTMLInputElement).readOnly).toBe(true);
    expect(value('Сумма: Демо (вы)')).toBe('750');

    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await screen.findByText('group page');
    expect(creates(calls)).toEqual([
      expect.objectContaining({
        draftId: DRAFT,
        amountCents: 235_000,
        splitMethod: 'amounts',
        splitCents: { [ME]: 75_000, [ANYA]: 80_000, [BORYA]: 80_000 },
        items: [
          {
            name: 'Пицца',
            number: 1,
            amountCents: 80_000,
            split: { method: 'members', memberIds: [ANYA, BORYA] },
          },
          {
            name: 'Вино',
            number: 1,
            amountCents: 120_000,
            split: { method: 'members', memberIds: [ME, ANYA, BORYA] },
          },
          { name: 'Десерт', number: 1, amountCents: 35_000, split: { method: 'members', memberIds: [ME] } },
        ],
      }),
    ]);
  });

  it('opens a euro draft saved without a rate (rateNeeded) in euros, asks for the rate, and saves it', async () => {
    const dinner = pizza({
      expense: {
        name: 'Ужин',
        amountCents: 4500,
        payerId: ANYA,
        splitCents: { [ME]: 1500, [ANYA]: 1500, [BORYA]: 1500 },
        items: [],
        rateNeeded: { currency: 'EUR' },
      },
    });
    const calls = stubApi((path) =>
      path === 'drafts.get'
        ? { data: dinner }
        : path === 'fx.rate'
          ? { appCode: 'RATE_UNAVAILABLE', status: 404 }
          : path === 'expenses.create'
            ? { data: { id: 'x' } }
            : {},
    );
    await open(`/group/${GROUP}/new-expense?draft=${DRAFT}`);
    expect(value('Сумма')).toBe('45');
    expect(screen.getByRole('button', { name: /Валюта суммы/ }).textContent).toContain('EUR');
    expect(value('Сумма: Аня')).toBe('15');
    // No rate to be had: the rate line asks for it, and saving waits for it.
    await screen.findByText('Курс не нашёлся. Введите его или сумму в валюте группы');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(creates(calls)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Курс'), { target: { value: '93,75' } });
    expect(converted()).toBe('45,00 € → 4 218,75 ₽');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await screen.findByText('group page');
    expect(creates(calls)).toEqual([
      expect.objectContaining({
        draftId: DRAFT,
        amountCents: 421_875,
        original: expect.objectContaining({
          currency: 'EUR',
          amountCents: 4500,
          rate: '93.75',
          rateSource: 'manual',
        }),
        splitCents: { [ME]: 140_625, [ANYA]: 140_625, [BORYA]: 140_625 },
      }),
    ]);
    // A slow machine under a full run: the page, the form and two saves.
  }, 15_000);

  it('opens a repayment draft in euros saved without a rate as a repayment, asks for the rate, and saves it', async () => {
    // «Аня вернула мне 50 евро за концерт» while no EUR rate could be had.
    const repayment = pizza({
      settlement: { fromId: ANYA, toId: ME },
      expense: {
        name: 'концерт',
        amountCents: 5000,
        payerId: ANYA,
        splitCents: { [ME]: 5000 },
        items: [],
        rateNeeded: { currency: 'EUR' },
      },
    });
    const calls = stubApi((path) =>
      path === 'drafts.get'
        ? { data: repayment }
        : path === 'fx.rate'
          ? { appCode: 'RATE_UNAVAILABLE', status: 404 }
          : path === 'expenses.create'
            ? { data: { id: 'x' } }
            : {},
    );
    await open(`/group/${GROUP}/new-expense?draft=${DRAFT}`, 'Погашение долга');
    expect(screen.queryByLabelText('Название')).toBeNull();
    expect(value('Сумма')).toBe('50');
    expect(screen.getByRole('button', { name: /Валюта суммы/ }).textContent).toContain('EUR');
    expect(value('Кто платил')).toBe(ANYA);
    expect(value('Кому')).toBe(ME);
    expect(value('Заметка')).toBe('концерт');
    await screen.findByText('Курс не нашёлся. Введите его или сумму в валюте группы');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(creates(calls)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Курс'), { target: { value: '93,75' } });
    expect(converted()).toBe('50,00 € → 4 687,50 ₽');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await screen.findByText('group page');
    expect(creates(calls)).toEqual([
      expect.objectContaining({
        draftId: DRAFT,
        settlement: true,
        settlementFromId: ANYA,
        settlementToId: ME,
        amountCents: 468_750,
        notes: 'концерт',
        original: expect.objectContaining({
          currency: 'EUR',
          amountCents: 5000,
          rate: '93.75',
          rateSource: 'manual',
        }),
      }),
    ]);
  }, 15_000);

  it('opens a euro receipt draft with its positions in euros and saves the bot’s cents', async () => {
    const receipt = pizza({
      expense: {
        name: 'Чек',
        amountCents: 421_880,
        payerId: ME,
        splitCents: { [ME]: 117_190, [ANYA]: 281_253, [BORYA]: 23_437 },
        items: [
          { name: 'Паста', amountCents: 117_190, participantIds: [ME] },
          { name: 'Рыба', amountCents: 281_253, participantIds: [ANYA] },
          { name: 'Кофе', amountCents: 23_437, participantIds: [BORYA] },
        ],
        original: {
          currency: 'EUR',
          amountCents: 4500,
          rate: '93.7512',
          rateDate: '2026-11-28',
          rateSource: 'fetched',
        },
      },
    });
    const calls = stubApi((path) =>
      path === 'drafts.get' ? { data: receipt } : path === 'expenses.create' ? { data: { id: 'x' } } : {},
    );
    await open(`/group/${GROUP}/new-expense?draft=${DRAFT}`);
    const positions = screen.getByRole('region', { name: 'Позиции' });
    expect(positions.textContent?.replace(/\s/g, ' ')).toContain('12,50 €');
    expect(positions.textContent?.replace(/\s/g, ' ')).toContain('30,00 €');
    expect(value('Сумма')).toBe('45');
    expect(converted()).toBe('45,00 € → 4 218,80 ₽');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await screen.findByText('group page');
    expect(creates(calls)).toEqual([
      expect.objectContaining({
        amountCents: 421_880,
        original: receipt.expense.original,
        splitCents: { [ME]: 117_190, [ANYA]: 281_253, [BORYA]: 23_437 },
        items: [
          expect.objectContaining({ amountCents: 117_190 }),
          expect.objectContaining({ amountCents: 281_253 }),
          expect.objectContaining({ amountCents: 23_437 }),
        ],
      }),
    ]);
    // A slow machine under a full run: the page, the form and two saves.
  }, 15_000);

  const unusable: [string, Answer][] = [
    ['not found', { appCode: 'DRAFT_NOT_FOUND', status: 404 }],
    [
      'already saved',
      { data: pizza({ status: 'saved', expenseId: 'ffffffff-0000-4000-8000-000000000001' }) },
    ],
    ['expired', { data: pizza({ status: 'expired' }) }],
    ['of another group', { data: pizza({ groupId: 'cccccccc-0000-4000-8000-000000000002' }) }],
  ];

  it.each(unusable)(
    'shows a toast and an empty form for a draft %s, and sends no draftId',
    async (_, answer) => {
      const calls = stubApi((path) =>
        path === 'drafts.get' ? answer : path === 'expenses.create' ? { data: { id: 'x' } } : {},
      );
      await open(`/group/${GROUP}/new-expense?draft=${DRAFT}`);
      await waitFor(() =>
        expect(toasts.error).toHaveBeenCalledWith(
          'Черновик из бота не найден или уже закрыт — заполните расход заново',
        ),
      );
      expect(toasts.error).toHaveBeenCalledTimes(1);
      expect(value('Название')).toBe('');
      expect(value('Сумма')).toBe('');
      expect(value('Кто платил')).toBe(ME);
      fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Чай' } });
      fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '90' } });
      fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
      await screen.findByText('group page');
      expect(creates(calls)).toHaveLength(1);
      expect(creates(calls)[0]).not.toHaveProperty('draftId');
    },
  );

  it('ignores a ?draft= that is no draft id: no request, no toast', async () => {
    const calls = stubApi(() => ({}));
    await open(`/group/${GROUP}/new-expense?draft=not-a-draft`);
    expect(calls.map((c) => c.path)).not.toContain('drafts.get');
    expect(value('Название')).toBe('');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('says so when saving finds the draft closed meanwhile, then saves without it', async () => {
    let closed = true;
    const calls = stubApi((path) => {
      if (path === 'drafts.get') return { data: pizza() };
      if (path !== 'expenses.create') return {};
      if (closed) {
        closed = false;
        return { appCode: 'DRAFT_CLOSED', status: 409 };
      }
      return { data: { id: 'x' } };
    });
    await open(`/group/${GROUP}/new-expense?draft=${DRAFT}`);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'Черновик из бота уже сохранён, отменён или устарел. Проверьте расходы группы, прежде чем добавлять его снова',
      ),
    );
    expect(value('Название')).toBe('Пицца');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await screen.findByText('group page');
    expect(creates(calls).map((input) => (input as { draftId?: string }).draftId)).toEqual([
      DRAFT,
      undefined,
    ]);
  });
});
