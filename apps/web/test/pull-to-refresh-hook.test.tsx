import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePullToRefresh } from '../src/features/shell/PullToRefresh';

function touch(type: string, clientY?: number) {
  const event = new Event(type, { bubbles: true });
  const touches = clientY === undefined ? [] : [{ clientY }];
  Object.defineProperty(event, 'touches', { value: touches });
  act(() => {
    document.body.dispatchEvent(event);
  });
}

function pull(from: number, to: number) {
  touch('touchstart', from);
  touch('touchmove', (from + to) / 2);
  touch('touchmove', to);
}

describe('usePullToRefresh', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('moves by half the finger travel and refreshes past 60 px', async () => {
    let finish = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => usePullToRefresh(onRefresh));
    pull(100, 250);
    expect(result.current).toEqual({ distance: 75, refreshing: false, dragging: true });
    touch('touchend');
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(result.current.refreshing).toBe(true);
    await act(async () => finish());
    await waitFor(() => expect(result.current).toEqual({ distance: 0, refreshing: false, dragging: false }));
  });

  it('does nothing for a short pull', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => usePullToRefresh(onRefresh));
    pull(100, 220); // 60 px: not over the threshold
    expect(result.current.distance).toBe(60);
    touch('touchend');
    expect(onRefresh).not.toHaveBeenCalled();
    expect(result.current.distance).toBe(0);
  });

  it('stops at 120 px', () => {
    const { result } = renderHook(() => usePullToRefresh(() => Promise.resolve()));
    pull(0, 600);
    expect(result.current.distance).toBe(120);
  });

  it('only works when the page is scrolled to the top', () => {
    Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
    const onRefresh = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => usePullToRefresh(onRefresh));
    pull(100, 400);
    touch('touchend');
    expect(result.current.distance).toBe(0);
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
