import { describe, expect, it } from 'vitest';
import { settleAll } from '../src/services/settle-all';

describe('settleAll', () => {
  it('gives the values in order, like Promise.all', async () => {
    expect(await settleAll([Promise.resolve(1), Promise.resolve('two')])).toEqual([1, 'two']);
  });

  it('throws the first failure in the order given, only after every promise has settled', async () => {
    let slowSettled = false;
    const slow = new Promise((resolve) =>
      setTimeout(() => {
        slowSettled = true;
        resolve('late');
      }, 50),
    );
    const failure = settleAll([
      slow,
      Promise.reject(new Error('second')),
      Promise.reject(new Error('third')),
    ]);
    await expect(failure).rejects.toThrow('second');
    expect(slowSettled).toBe(true);
  });
});
