import { describe, expect, it } from 'vitest';
import { isSafeRedirect, safeRedirect } from '../src/services/safe-redirect';

/**
 * Known open-redirect payloads (from public cheat sheets of redirect-filter bypasses, adapted to a
 * parameter that should hold a same-site path). None of them may leave the site.
 */
export const OPEN_REDIRECT_PAYLOADS: string[] = [
  // Protocol-relative and slash variants
  '//evil.example',
  '//evil.example/',
  '//evil.example/%2f..',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\\\evil.example',
  '\\evil.example',
  // Encoded slashes and backslashes, single and double encoded
  '/%2fevil.example',
  '/%2Fevil.example',
  '%2f%2fevil.example',
  '/%5cevil.example',
  '/%5Cevil.example',
  '%5c%5cevil.example',
  '/%252fevil.example',
  '/%252Fevil.example',
  '/%25252fevil.example',
  '/%255cevil.example',
  '%252f%252fevil.example',
  '/%2f%2fevil.example',
  '/.%2f/evil.example',
  // Schemes
  'https://evil.example',
  'http://evil.example',
  'HTTPS://evil.example',
  'https:evil.example',
  'http:/evil.example',
  'http:\\\\evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'javascript://%0aalert(1)',
  'java%0ascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'ftp://evil.example',
  '/javascript:alert(1)//%2f%2fevil.example',
  // Control characters and whitespace (browsers strip tab/newline inside URLs)
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d/evil.example',
  '/%00/evil.example',
  ' //evil.example',
  '\t//evil.example',
  '/ /evil.example',
  '\u0000//evil.example',
  '/\u007f/evil.example',
  '\u200b//evil.example',
  '\ufeff//evil.example',
  // '@' and userinfo host tricks
  '//user@evil.example',
  '//@evil.example',
  '/@evil.example/..//evil.example',
  'https://dolya.example@evil.example',
  '//dolya.example@evil.example',
  '@evil.example',
  // Unicode look-alikes of '/', '\' and '.'
  '/\uff0fevil.example',
  '\uff0f\uff0fevil.example',
  '/\u2215evil.example',
  '/\u29f5evil.example',
  '/\u3002evil.example',
  '//evil\u3002example',
  // Dot segments that a URL parser collapses into '//host'
  '/a/..//evil.example',
  '/.//evil.example',
  '/x/%2e%2e//evil.example',
  '/%2e//evil.example',
  // Malformed encodings and other junk
  '/%',
  '/%zz',
  '/%E0%A4%A',
  'evil.example',
  '.evil.example',
  '',
  '%2e%2e%2f%2fevil.example',
];

describe('safeRedirect', () => {
  it('keeps same-site paths, with their query and hash', () => {
    for (const path of [
      '/',
      '/account',
      '/group/0b5e2d3c-1111-4222-8333-444455556666?tab=expenses#top',
      '/invite/abc_DEF-123',
      '/a%20b',
      '/new?name=%D0%94%D0%BE%D0%BB%D1%8F',
    ]) {
      expect(safeRedirect(path), path).toBe(path);
    }
  });

  it('discards targets starting with /login, however spelled, for the fallback given (spec §2)', () => {
    for (const target of [
      '/login',
      '/login?redirect=/account',
      '/login?oauth_pending=1&oauth_token=x',
      '/login/',
      '/login#top',
      '/loginx',
      '/LOGIN?redirect=/account',
      '/Login',
      '/%6cogin',
      '/%6Cogin?x=1',
      '/a/../login',
      '/./login',
      '/x/%2e%2e/login',
    ]) {
      expect(safeRedirect(target), target).toBe('/');
      expect(safeRedirect(target, '/account'), target).toBe('/account');
    }
    // Only the path decides: /login elsewhere in the target is fine.
    expect(safeRedirect('/account?from=/login')).toBe('/account?from=/login');
    expect(safeRedirect('/account#/login')).toBe('/account#/login');
    expect(safeRedirect('/group/login')).toBe('/group/login');
    expect(safeRedirect('/logi')).toBe('/logi');
  });

  it('normalises dot segments to a path on the same site', () => {
    expect(safeRedirect('/a/../b')).toBe('/b');
    expect(safeRedirect('/../../evil.example')).toBe('/evil.example');
  });

  it(`refuses all ${OPEN_REDIRECT_PAYLOADS.length} known open-redirect payloads`, () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const escaped = OPEN_REDIRECT_PAYLOADS.filter(
      (payload) => safeRedirect(payload, '/fallback') !== '/fallback',
    );
    expect(escaped).toEqual([]);
  });

  it('never yields a target a browser would read as another host', () => {
    const base = 'https://dolya.example';
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      const target = safeRedirect(payload);
      expect(new URL(target, base).origin, JSON.stringify(payload)).toBe(base);
      expect(target).toMatch(/^\/(?![/\\])/);
    }
  });

  it('refuses non-strings, over-long targets and deep encodings, using the fallback given', () => {
    for (const value of [undefined, null, 42, ['/'], { toString: () => '/' }]) {
      expect(isSafeRedirect(value)).toBe(false);
      expect(safeRedirect(value, '/account')).toBe('/account');
    }
    expect(safeRedirect(`/${'a'.repeat(3000)}`)).toBe('/');
    expect(safeRedirect('/%252525252541')).toBe('/');
  });
});
