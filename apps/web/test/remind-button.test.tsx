import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RemindButton from '../src/features/reminders/RemindButton';
import { i18n } from '../src/i18n';
import { queryClient } from '../src/lib/trpc';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../src/lib/toast', () => ({ toast: toasts, TOAST_DURATION_MS: 2000 }));

const GROUP = 'cccccccc-0000-4000-8000-000000000001';
const ME = 'dddddddd-0000-4000-8000-000000000001';
const BORIS = 'dddddddd-0000-4000-8000-000000000002';

interface Line {
  delivery?: string;
  lastSentAt?: string | null;
  canRemind?: boolean;
}
const listOf = (line: Line, botEnabled = true) => ({
  botEnabled,
  debts: [
    {
      debtorMemberId: BORIS,
      creditorMemberId: ME,
      canRemind: true,
      delivery: 'telegram',
      lastSentAt: null,
      ...line,
    },
  ],
  me: { memberId: ME, telegramLinked: true, muted: false, stopped: false },
  weekly: { chatConnected: false, isAdmin: true, enabled: false, dayOfWeek: 1, hour: 10, nextAt: null },
});

/** The server's answers over tRPC's HTTP (batched or single), recording every call. */
function stubApi(list: () => unknown, send: () => { data?: unknown; appCode?: string }) {
  const calls: { path: string; input: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const paths = new URL(url, 'http://localhost').pathname.replace('/trpc/', '').split(',');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const results = paths.map((path, i) => {
        const input = init?.method === 'POST' ? body[String(i)] : undefined;
        calls.push({ path, input });
        const answer = path === 'reminders.send' ? send() : { data: list() };
        if (answer.appCode) {
          return {
            error: {
              code: -32600,
              message: answer.appCode,
              data: { code: 'ERROR', httpStatus: 429, appCode: answer.appCode, path },
            },
          };
        }
        return { result: { data: answer.data ?? null } };
      });
      const failed = results.some((r) => 'error' in r);
      return new Response(JSON.stringify(results), {
        status: failed ? 429 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderButton() {
  render(
    <QueryClientProvider client={queryClient}>
      <RemindButton groupId={GROUP} from={BORIS} to={ME} debtorName="Boris" />
    </QueryClientProvider>,
  );
}

describe('Remind on a debt line', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('reminders');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    toasts.success.mockReset();
    toasts.error.mockReset();
  });

  it('sends the reminder and then shows when it went, pressed no more that day', async () => {
    let line: Line = {};
    const calls = stubApi(
      () => listOf(line),
      () => {
        line = { lastSentAt: new Date().toISOString() };
        return { data: { lastSentAt: line.lastSentAt } };
      },
    );
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Remind Boris of the debt in Telegram' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reminder sent'));
    expect(calls.find((c) => c.path === 'reminders.send')?.input).toEqual({
      groupId: GROUP,
      debtorMemberId: BORIS,
      creditorMemberId: ME,
    });
    expect(await screen.findByText(/^Reminded /)).toBeTruthy();
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the debtor has no Telegram, and cannot be pressed', async () => {
    stubApi(
      () => listOf({ delivery: 'no_telegram' }),
      () => ({ data: null }),
    );
    renderButton();
    const button = (await screen.findByRole('button', {
      name: 'No Telegram: Boris has no Telegram linked — a reminder would not reach them',
    })) as HTMLButtonElement;
    expect(button.textContent).toBe('No Telegram');
    expect(button.disabled).toBe(true);
  });

  it('says reminders need the bot on a server without one', async () => {
    stubApi(
      () => listOf({}, false),
      () => ({ data: null }),
    );
    renderButton();
    const button = (await screen.findByRole('button', {
      name: 'Remind: Reminders need the Telegram bot',
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('is not there for someone who may not remind (neither the creditor nor an admin)', async () => {
    const calls = stubApi(
      () => listOf({ canRemind: false }),
      () => ({ data: null }),
    );
    renderButton();
    await waitFor(() => expect(calls.some((c) => c.path === 'reminders.list')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells a refusal of the day’s limit apart', async () => {
    stubApi(
      () => listOf({}),
      () => ({ appCode: 'REMINDER_TOO_SOON' }),
    );
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Remind Boris of the debt in Telegram' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('A debt can be reminded of once a day'));
  });
});
