import { beforeEach, describe, expect, it } from 'vitest';
import { isSafePath, POST_LOGIN_REDIRECT_KEY, rememberRedirect, takeRedirect } from '../src/lib/redirect';

describe('post-login redirect (spec §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers the wanted path with query and hash', () => {
    rememberRedirect('/group/x?tab=1#h');
    expect(sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY)).toBe('/group/x?tab=1#h');
  });

  it('does not overwrite a stored path, and never stores /login', () => {
    rememberRedirect('/group/a');
    rememberRedirect('/group/b');
    expect(sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY)).toBe('/group/a');
    sessionStorage.clear();
    rememberRedirect('/login?x=1');
    expect(sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY)).toBeNull();
  });

  it('goes to the stored path first, then the requested one, then /', () => {
    rememberRedirect('/group/a');
    expect(takeRedirect('/new')).toBe('/group/a');
    expect(sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY)).toBeNull();
    expect(takeRedirect('/new')).toBe('/new');
    expect(takeRedirect(undefined)).toBe('/');
  });

  it('discards targets starting with /login and foreign targets', () => {
    sessionStorage.setItem(POST_LOGIN_REDIRECT_KEY, '/login/again');
    expect(takeRedirect('/loginx')).toBe('/');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      '/a/..//evil.example',
      '/.//evil.example',
    ]) {
      expect(isSafePath(bad), bad).toBe(false);
      expect(takeRedirect(bad)).toBe('/');
    }
    expect(isSafePath('/group/x?tab=1#h')).toBe(true);
  });
});
