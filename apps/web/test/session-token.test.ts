import { afterEach, describe, expect, it } from 'vitest';
import {
  enableHeaderSession,
  rememberSession,
  SESSION_TOKEN_KEY,
  sessionHeaders,
} from '../src/lib/session-token';

const answer = (token: string | null) => ({
  headers: new Headers(token === null ? {} : { 'x-dolya-session': token }),
});

afterEach(() => sessionStorage.clear());

describe('the header session (inside the mini app)', () => {
  it('sends nothing and keeps nothing until the page switches to it', () => {
    expect(sessionHeaders()).toEqual({});
    rememberSession(answer('abc'));
    expect(sessionStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
  });

  it('asks with `none`, keeps the token a sign-in answers with, sends it, and forgets it on sign-out', () => {
    enableHeaderSession();
    expect(sessionHeaders()).toEqual({ 'x-dolya-session': 'none' });
    rememberSession(answer('tok_1'));
    expect(sessionStorage.getItem(SESSION_TOKEN_KEY)).toBe('tok_1');
    expect(sessionHeaders()).toEqual({ 'x-dolya-session': 'tok_1' });
    rememberSession(answer(null)); // an ordinary answer changes nothing
    expect(sessionHeaders()).toEqual({ 'x-dolya-session': 'tok_1' });
    rememberSession(answer('none'));
    expect(sessionHeaders()).toEqual({ 'x-dolya-session': 'none' });
  });
});
