import { afterEach, describe, expect, it } from 'vitest';
import { noteLaunch, parseStartParam, takeStartLink } from '../src/features/telegram/start-link';
import { showsBackButton } from '../src/features/telegram/TelegramBackButton';

const GROUP = '3f2b8c1e-9d4a-4b6e-8f21-0c5d7a9e1b34';

describe('parseStartParam', () => {
  it('reads group_, draft_ and invite_ links (UUIDs keep their dashes)', () => {
    expect(parseStartParam(`group_${GROUP}`)).toEqual({ kind: 'group', groupId: GROUP });
    expect(parseStartParam(`draft_${GROUP}`)).toEqual({ kind: 'draft', draftId: GROUP });
    expect(parseStartParam('invite_Ab-_9xYz0123456789abcdefghijklmnopqrstuvw')).toEqual({
      kind: 'invite',
      token: 'Ab-_9xYz0123456789abcdefghijklmnopqrstuvw',
    });
  });

  it('leaves an id it cannot judge to the server: unknown ids are not-found there', () => {
    expect(parseStartParam('group_not-a-uuid')).toEqual({ kind: 'group', groupId: 'not-a-uuid' });
  });

  it('ignores anything else: other prefixes, no id, characters Telegram does not allow', () => {
    for (const value of [
      null,
      undefined,
      '',
      'group_',
      'expense_123',
      'GROUP_abc',
      'group abc',
      'group_a/b',
      'invite_a%2Fb',
      `group_${'a'.repeat(201)}`,
    ]) {
      expect(parseStartParam(value), String(value)).toBeNull();
    }
  });
});

describe('takeStartLink', () => {
  afterEach(() => {
    delete window.Telegram;
    noteLaunch(false);
  });

  const launchWith = (startParam: string) => {
    window.Telegram = {
      WebApp: { initData: new URLSearchParams({ start_param: startParam, hash: 'ab' }).toString() },
    };
  };

  it('gives the launch’s link once, and only on the page load Telegram launched', () => {
    launchWith(`group_${GROUP}`);
    noteLaunch(true);
    expect(takeStartLink()).toEqual({ kind: 'group', groupId: GROUP });
    expect(takeStartLink()).toBeNull();
  });

  it('gives nothing on a reload (the launch data came from storage)', () => {
    launchWith(`group_${GROUP}`);
    noteLaunch(false);
    expect(takeStartLink()).toBeNull();
  });
});

describe('showsBackButton', () => {
  it('is shown below the group list and hidden on it and on the sign-in pages', () => {
    for (const path of ['/group/x', '/group/x/new-expense', '/account', '/new', '/invite/t'])
      expect(showsBackButton(path), path).toBe(true);
    for (const path of ['/', '/login', '/features', '/login/'])
      expect(showsBackButton(path), path).toBe(false);
  });
});
