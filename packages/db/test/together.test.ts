import { describe, expect, it } from 'vitest';
import { together } from '../src/together';

const later = <T>(ms: number, settle: () => T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(settle()), ms));

describe('together', () => {
  it('answers every result in order, as Promise.all does', async () => {
    expect(await together([later(10, () => 1), Promise.resolve('two'), undefined])).toEqual([
      1,
      'two',
      undefined,
    ]);
  });

  it('rejects with the first failure in the given order, not the first to arrive', async () => {
    const cause = new Error('22021: invalid byte sequence');
    const echo = new Error('25P02: current transaction is aborted');
    const statements = () => [
      Promise.resolve('payers'),
      later(20, () => Promise.reject(cause)).then((p) => p),
      Promise.reject(echo),
    ];
    await expect(Promise.all(statements())).rejects.toBe(echo);
    await expect(together(statements())).rejects.toBe(cause);
  });
});
