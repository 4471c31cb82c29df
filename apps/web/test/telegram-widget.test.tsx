import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TelegramWidget } from '../src/features/telegram/TelegramWidget';
import {
  TELEGRAM_LOGIN_ORIGIN,
  TELEGRAM_WIDGET_SCRIPT,
  WIDGET_CHECK_DELAY_MS,
  WIDGET_MIN_HEIGHT_PX,
  widgetAuthUser,
  widgetFailed,
  widgetPayload,
} from '../src/features/telegram/widget';

/** An iframe as the widget script would insert it, reporting the given rendered height. */
function frameOf(height: number): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.getBoundingClientRect = () => ({ height, width: 238 }) as DOMRect;
  return frame;
}

describe('widgetFailed (spec §9: under 40 px after 2.5 s)', () => {
  it('counts a missing container or a container without a frame as failed', () => {
    expect(widgetFailed(null)).toBe(true);
    expect(widgetFailed(document.createElement('div'))).toBe(true);
  });

  it('counts a frame under 40 px as failed and one of 40 px or more as shown', () => {
    expect(WIDGET_MIN_HEIGHT_PX).toBe(40);
    for (const [height, failed] of [
      [0, true],
      [20, true],
      [39.5, true],
      [40, false],
      [48, false],
    ] as const) {
      const slot = document.createElement('div');
      slot.append(frameOf(height));
      expect(widgetFailed(slot), `${height} px`).toBe(failed);
    }
  });
});

describe('widgetPayload', () => {
  it('keeps the fields as the widget gave them, numbers included, and drops empty ones', () => {
    expect(
      widgetPayload({
        id: 42,
        first_name: 'Ann',
        last_name: undefined,
        username: 'ann',
        auth_date: 1_700_000_000,
        hash: 'ab',
        odd: { nested: true },
      }),
    ).toEqual({ id: 42, first_name: 'Ann', username: 'ann', auth_date: 1_700_000_000, hash: 'ab' });
  });

  it('gives null when the widget sent no user or no hash', () => {
    expect(widgetPayload(null)).toBeNull();
    expect(widgetPayload(undefined)).toBeNull();
    expect(widgetPayload({ id: 1, auth_date: 1, hash: '' })).toBeNull();
  });
});

describe('widgetAuthUser', () => {
  it("reads the user from the frame's auth_user message, first authorisation or remembered", () => {
    const user = { id: 7, first_name: 'Ann', auth_date: 1, hash: 'abc' };
    expect(widgetAuthUser(JSON.stringify({ event: 'auth_user', auth_data: user }))).toEqual(user);
    expect(widgetAuthUser(JSON.stringify({ event: 'auth_user', init: true, auth_data: user }))).toEqual(user);
  });

  it('ignores every other message', () => {
    for (const data of [
      JSON.stringify({ event: 'resize', height: 40 }),
      JSON.stringify({ event: 'unauthorized' }),
      JSON.stringify({ event: 'auth_user', auth_data: 'nope' }),
      'not json',
      { event: 'auth_user', auth_data: { id: 1 } },
      null,
    ]) {
      expect(widgetAuthUser(data)).toBeUndefined();
    }
  });
});

describe('<TelegramWidget>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function mount(onAuth = vi.fn()) {
    render(
      <TelegramWidget
        botUsername="dolya_bot"
        lang="en"
        onAuth={onAuth}
        fallback={<a href="/telegram-login">Sign in with Telegram</a>}
      />,
    );
    const slot = screen.getByTestId('telegram-widget');
    const script = slot.querySelector('script');
    if (!script) throw new Error('no widget script');
    return { slot, script, onAuth };
  }

  it('adds Telegram’s widget script with the bot and the language, and no data-onauth (eval under CSP)', () => {
    const { script } = mount();
    expect(script.getAttribute('src')).toBe(TELEGRAM_WIDGET_SCRIPT);
    expect(script.src).toBe('https://telegram.org/js/telegram-widget.js?22');
    expect(script.getAttribute('data-telegram-login')).toBe('dolya_bot');
    expect(script.getAttribute('data-lang')).toBe('en');
    expect(script.hasAttribute('data-onauth')).toBe(false);
  });

  it('shows the fallback link 2.5 s after mounting when no frame appeared (offline), not before', () => {
    const { slot } = mount();
    act(() => {
      vi.advanceTimersByTime(WIDGET_CHECK_DELAY_MS - 1);
    });
    expect(screen.queryByRole('link', { name: 'Sign in with Telegram' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('link', { name: 'Sign in with Telegram' }).getAttribute('href')).toBe(
      '/telegram-login',
    );
    expect(slot.hidden).toBe(true);
  });

  it('shows the fallback when the frame stayed under 40 px', () => {
    const { slot } = mount();
    slot.append(frameOf(24));
    act(() => {
      vi.advanceTimersByTime(WIDGET_CHECK_DELAY_MS);
    });
    expect(screen.getByRole('link', { name: 'Sign in with Telegram' })).toBeTruthy();
  });

  it('keeps the widget and no fallback when the frame rendered at full height', () => {
    const { slot } = mount();
    slot.append(frameOf(40));
    act(() => {
      vi.advanceTimersByTime(WIDGET_CHECK_DELAY_MS * 2);
    });
    expect(screen.queryByRole('link', { name: 'Sign in with Telegram' })).toBeNull();
    expect(slot.hidden).toBe(false);
  });

  it('hands the user its frame posts from oauth.telegram.org to onAuth, and nothing else', () => {
    const { slot, onAuth } = mount();
    const frame = document.createElement('iframe');
    slot.append(frame);
    const other = document.createElement('iframe');
    document.body.append(other);
    const user = { id: 7, first_name: 'Ann', auth_date: 1, hash: 'abc' };
    const data = JSON.stringify({ event: 'auth_user', auth_data: user });
    const post = (origin: string, source: Window | null) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

    post('https://evil.example', frame.contentWindow);
    post(TELEGRAM_LOGIN_ORIGIN, other.contentWindow);
    expect(onAuth).not.toHaveBeenCalled();
    post(TELEGRAM_LOGIN_ORIGIN, frame.contentWindow);
    expect(onAuth).toHaveBeenCalledWith(user);

    cleanup();
    other.remove();
    post(TELEGRAM_LOGIN_ORIGIN, frame.contentWindow);
    expect(onAuth).toHaveBeenCalledTimes(1);
  });
});
