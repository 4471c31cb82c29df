import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore, sessionStorePersists } from '../src/lib/session-store';

afterEach(() => vi.restoreAllMocks());

describe('sessionStore', () => {
  it('is the tab’s session storage where the browser allows it', () => {
    expect(sessionStore()).toBe(window.sessionStorage);
    expect(sessionStorePersists()).toBe(true);
  });

  it('is a stand-in in memory where reading sessionStorage throws (a third-party frame), keeping values for the page', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    const store = sessionStore();
    expect(store).not.toBe(window.localStorage);
    expect(sessionStorePersists(store)).toBe(false);
    store.setItem('k', 'v');
    expect(sessionStore().getItem('k')).toBe('v');
    expect(sessionStore().length).toBe(1);
    sessionStore().removeItem('k');
    expect(sessionStore().getItem('k')).toBeNull();
  });
});
