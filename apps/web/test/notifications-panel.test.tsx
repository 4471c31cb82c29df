import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast as sonner, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_POLL_MS, toInviteItems } from '../src/features/notifications/model';
import { NotificationBell } from '../src/features/notifications/NotificationBell';
import { i18n } from '../src/i18n';
import { ru } from '../src/i18n/ru';
import { queryClient, trpc } from '../src/lib/trpc';

const T = ru.notifications;
const N1 = 'dddddddd-0000-4000-8000-000000000001';
const N2 = 'dddddddd-0000-4000-8000-000000000002';
const invite = (id: string, groupName: string, senderName = 'Анна') => ({
  id,
  type: 'GROUP_INVITE',
  payload: { groupName, groupId: `g-${id}`, senderName, memberId: `m-${id}` },
});

type Answer = { data?: unknown; appCode?: string; status?: number };
let calls: { path: string; input: unknown }[] = [];
let open: ReturnType<typeof invite>[] = [];
let fail: string | null = null;

/** The tRPC endpoint: the list answers the open notifications; actions resolve one (or fail). */
function stubApi() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const paths = u.pathname.replace('/trpc/', '').split(',');
      const posted = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const results = paths.map((path, i) => {
        const input = posted[String(i)];
        calls.push({ path, input });
        let answer: Answer;
        if (path === 'notifications.list') answer = { data: open };
        else if (path === 'groups.list') answer = { data: [] };
        else if (path === fail) answer = { appCode: 'INTERNAL', status: 500 };
        else if (path.startsWith('notifications.')) {
          const id = (input as { notificationId: string }).notificationId;
          open = open.filter((n) => n.id !== id);
          answer = { data: { ok: true } };
        } else answer = { appCode: 'NOT_FOUND', status: 404 };
        if (answer.appCode) {
          return {
            error: {
              code: -32600,
              message: answer.appCode,
              data: { code: 'ERROR', httpStatus: answer.status, appCode: answer.appCode, path },
            },
          };
        }
        return { result: { data: answer.data ?? null } };
      });
      const failed = results.some((r) => 'error' in r);
      return new Response(JSON.stringify(results), {
        status: failed ? (results.length === 1 ? 500 : 207) : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderBell() {
  render(
    <QueryClientProvider client={queryClient}>
      <header>
        <NotificationBell />
      </header>
      <Toaster />
    </QueryClientProvider>,
  );
}

const bell = (count: number) =>
  screen.findByRole('button', { name: count ? i18n.t('notifications:bellWithCount', { count }) : T.bell });
const listCalls = () => calls.filter((c) => c.path === 'notifications.list').length;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

beforeEach(async () => {
  await i18n.changeLanguage('ru');
  queryClient.clear();
  open = [invite(N1, 'Квартира'), invite(N2, 'Поход', 'Борис')];
  fail = null;
  stubApi();
});

afterEach(() => {
  cleanup();
  sonner.dismiss();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('notification bell', () => {
  it('shows the count of open invites in its label and badge', async () => {
    renderBell();
    const button = await bell(2);
    expect(button.textContent).toContain('2');
    expect(button.getAttribute('aria-label')).toBe('Уведомления: 2 новых');
  });

  it('has no badge when nothing is open', async () => {
    open = [];
    renderBell();
    await waitFor(() => expect(listCalls()).toBe(1));
    const button = await bell(0);
    expect(button.textContent).toBe('');
  });

  it('refetches the list when the panel opens and lists each invite', async () => {
    renderBell();
    fireEvent.click(await bell(2));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    await waitFor(() => expect(listCalls()).toBe(2));
    expect(
      within(dialog).getByText(fill(T.invite, { senderName: 'Анна', groupName: 'Квартира' })),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(fill(T.invite, { senderName: 'Борис', groupName: 'Поход' })),
    ).toBeTruthy();
    expect(within(dialog).getAllByRole('button', { name: T.accept })).toHaveLength(2);
    expect(within(dialog).getAllByRole('button', { name: T.decline })).toHaveLength(2);
    expect(within(dialog).getAllByRole('button', { name: T.block })).toHaveLength(2);
  });

  it('shows the empty state', async () => {
    open = [];
    renderBell();
    fireEvent.click(await bell(0));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    expect(await within(dialog).findByText(T.empty)).toBeTruthy();
  });

  it('accept removes the item, reloads the group list and shows a toast', async () => {
    queryClient.setQueryData(trpc.groups.list.queryKey(), []);
    renderBell();
    fireEvent.click(await bell(2));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    const item = within(dialog).getByText(fill(T.invite, { senderName: 'Анна', groupName: 'Квартира' }));
    fireEvent.click(within(item.closest('li')!).getByRole('button', { name: T.accept }));
    expect(await screen.findByText(fill(T.accepted, { groupName: 'Квартира' }))).toBeTruthy();
    expect(calls.find((c) => c.path === 'notifications.accept')?.input).toEqual({ notificationId: N1 });
    await waitFor(() => expect(within(dialog).queryByText(/Квартира/)).toBeNull());
    expect(queryClient.getQueryState(trpc.groups.list.queryKey())?.isInvalidated).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await bell(1);
  });

  it('decline removes the item without touching groups', async () => {
    renderBell();
    fireEvent.click(await bell(2));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    const item = within(dialog).getByText(fill(T.invite, { senderName: 'Борис', groupName: 'Поход' }));
    fireEvent.click(within(item.closest('li')!).getByRole('button', { name: T.decline }));
    await waitFor(() => expect(within(dialog).queryByText(/Поход/)).toBeNull());
    expect(calls.find((c) => c.path === 'notifications.decline')?.input).toEqual({ notificationId: N2 });
    expect(calls.some((c) => c.path === 'groups.list')).toBe(false);
  });

  it('block asks for confirmation first; cancelling keeps the item', async () => {
    renderBell();
    fireEvent.click(await bell(2));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    const row = () =>
      within(dialog)
        .getByText(fill(T.invite, { senderName: 'Анна', groupName: 'Квартира' }))
        .closest('li')!;
    fireEvent.click(within(row()).getByRole('button', { name: T.block }));
    let confirm = await screen.findByRole('dialog', { name: T.blockTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: ru.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.blockTitle })).toBeNull());
    expect(calls.some((c) => c.path === 'notifications.block')).toBe(false);

    fireEvent.click(within(row()).getByRole('button', { name: T.block }));
    confirm = await screen.findByRole('dialog', { name: T.blockTitle });
    expect(confirm.textContent).toContain('Анна');
    fireEvent.click(within(confirm).getByRole('button', { name: T.blockConfirm }));
    await waitFor(() => expect(screen.queryByText(/Квартира/)).toBeNull());
    expect(calls.find((c) => c.path === 'notifications.block')?.input).toEqual({ notificationId: N1 });
  });

  it('a failed action shows the generic error toast and keeps the item', async () => {
    fail = 'notifications.accept';
    renderBell();
    fireEvent.click(await bell(2));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    fireEvent.click(within(dialog).getAllByRole('button', { name: T.accept })[0]!);
    expect(await screen.findByText(ru.common.genericError)).toBeTruthy();
    expect(within(dialog).getByText(/Квартира/)).toBeTruthy();
  });

  it('Escape closes the panel and focus returns to the bell', async () => {
    renderBell();
    const button = await bell(2);
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: T.title });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('polls the list every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBell();
    await waitFor(() => expect(listCalls()).toBe(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
    });
    await waitFor(() => expect(listCalls()).toBe(2));
    expect(NOTIFICATION_POLL_MS).toBe(30_000);
  });

  it('English texts', async () => {
    await i18n.changeLanguage('en');
    open = [invite(N1, 'Flat', 'Anna')];
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications: 1 new' }));
    expect(await screen.findByText('Anna invites you to “Flat”')).toBeTruthy();
    await i18n.changeLanguage('ru');
  });
});

describe('toInviteItems', () => {
  it('reads an older payload without every field', () => {
    const older = { groupName: 'Flat' } as Parameters<typeof toInviteItems>[0] extends
      | readonly (infer N)[]
      | undefined
      ? N extends { payload: infer P }
        ? P
        : never
      : never;
    expect(toInviteItems([{ id: 'x', type: 'GROUP_INVITE', payload: older }])).toEqual([
      { id: 'x', groupName: 'Flat', groupId: null, senderName: '' },
    ]);
    expect(toInviteItems(undefined)).toEqual([]);
  });
});
