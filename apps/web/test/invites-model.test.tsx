import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissHint,
  INVITE_HINT_COOKIE,
  inviteUrl,
  isHintDismissed,
  lifetimeToTtlSeconds,
  refreshInvite,
  truncateName,
} from '../src/features/invites/model';
import type { ErrorCode } from '../src/lib/api-types';

describe('invite lifetime (spec §5)', () => {
  it('is days, floored, never below 0; empty or 0 sends nothing', () => {
    expect(lifetimeToTtlSeconds('')).toBeUndefined();
    expect(lifetimeToTtlSeconds('  ')).toBeUndefined();
    expect(lifetimeToTtlSeconds('0')).toBeUndefined();
    expect(lifetimeToTtlSeconds('0.9')).toBeUndefined();
    expect(lifetimeToTtlSeconds('-3')).toBeUndefined();
    expect(lifetimeToTtlSeconds('abc')).toBeUndefined();
    expect(lifetimeToTtlSeconds('1')).toBe(86_400);
    expect(lifetimeToTtlSeconds('2.7')).toBe(172_800);
    expect(lifetimeToTtlSeconds('7')).toBe(604_800);
    expect(Number.isInteger(lifetimeToTtlSeconds('365'))).toBe(true);
  });
});

describe('invite helpers', () => {
  it('builds the link from the origin and the token', () => {
    expect(inviteUrl('https://dolya.app', 'abc_DEF-1')).toBe('https://dolya.app/invite/abc_DEF-1');
  });

  it('cuts names to 15 characters plus an ellipsis', () => {
    expect(truncateName('Anya')).toBe('Anya');
    expect(truncateName('Exactly15Chars!')).toBe('Exactly15Chars!');
    expect(truncateName('Konstantin Konstantinopolsky')).toBe('Konstantin Kons…');
    expect(truncateName('Ёжик 😀😀😀😀😀😀😀😀😀😀😀')).toBe('Ёжик 😀😀😀😀😀😀😀😀😀😀…');
  });

  it('remembers the dismissed hint in a one-year cookie', () => {
    expect(isHintDismissed('a=1; b=2')).toBe(false);
    const doc = { cookie: '' } as Document;
    dismissHint(doc);
    expect(doc.cookie).toContain(`${INVITE_HINT_COOKIE}=1`);
    expect(doc.cookie).toContain('max-age=31536000');
    expect(doc.cookie).toContain('path=/');
    expect(isHintDismissed(`x=1; ${INVITE_HINT_COOKIE}=1`)).toBe(true);
  });
});

describe('refreshing a link (spec §5)', () => {
  afterEach(() => vi.useRealTimers());

  function api(validate: (token: string) => Promise<unknown>) {
    const log: string[] = [];
    let n = 0;
    return {
      log,
      api: {
        revoke: vi.fn(async () => {
          log.push('revoke');
        }),
        create: vi.fn(async (ttl?: number) => {
          n += 1;
          log.push(`create${ttl === undefined ? '' : ttl}`);
          return { token: `t${n}`, expiresAt: null };
        }),
        validate: vi.fn(async (token: string) => {
          log.push(`validate ${token}`);
          return validate(token);
        }),
        codeOf: (error: unknown) => (error as { code?: ErrorCode }).code,
      },
    };
  }

  it('revokes, then creates a link with no expiry and checks it', async () => {
    const { api: a, log } = api(async () => ({}));
    await expect(refreshInvite(a)).resolves.toEqual({ token: 't1', expiresAt: null });
    expect(log).toEqual(['revoke', 'create', 'validate t1']);
  });

  it('on INVITE_INVALID waits 150 ms, revokes and creates again', async () => {
    vi.useFakeTimers();
    const { api: a, log } = api(async () => {
      throw { code: 'INVITE_INVALID' };
    });
    const result = refreshInvite(a);
    await vi.advanceTimersByTimeAsync(149);
    expect(log).toEqual(['revoke', 'create', 'validate t1']);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ token: 't2', expiresAt: null });
    expect(log).toEqual(['revoke', 'create', 'validate t1', 'revoke', 'create']);
  });

  it('still creates when revoking fails', async () => {
    const { api: a, log } = api(async () => ({}));
    a.revoke.mockRejectedValueOnce(new Error('offline'));
    await expect(refreshInvite(a)).resolves.toMatchObject({ token: 't1' });
    expect(log).toEqual(['create', 'validate t1']);
  });
});
