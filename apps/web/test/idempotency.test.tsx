import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, useIdempotencyKey } from '../src/lib/idempotency';

describe('idempotency keys of the create forms', () => {
  it('are 128 random bits in hex, different every time', () => {
    const keys = new Set(Array.from({ length: 1000 }, newIdempotencyKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('stay the same for one attempt (re-renders, a double click) and change on renew', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.key;
    rerender();
    expect(result.current.key).toBe(first);
    act(() => result.current.renew());
    expect(result.current.key).not.toBe(first);
  });
});
