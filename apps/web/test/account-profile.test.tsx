import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COPY_FEEDBACK_MS,
  canSaveProfile,
  profileChanged,
  profileInput,
  profileValues,
} from '../src/features/account/model';
import { i18n } from '../src/i18n';
import { currentSession, forgetSession } from '../src/lib/session';
import { queryClient } from '../src/lib/trpc';
import { ME, mutations, renderAccount, resetToasts, stubApi, stubClipboard } from './account-harness';

const saved = { name: 'Demo', username: 'demo', telegramUsername: null };

describe('the profile save rule (spec §5)', () => {
  it('is off until name, username or messenger username changes', () => {
    const same = profileValues(saved);
    expect(canSaveProfile(saved, same)).toBe(false);
    expect(canSaveProfile(saved, { ...same, name: 'Demo 2' })).toBe(true);
    expect(canSaveProfile(saved, { ...same, username: 'demo2' })).toBe(true);
    expect(canSaveProfile(saved, { ...same, telegramUsername: 'demo_tg' })).toBe(true);
  });

  it('is off while the name is blank, whatever else changed', () => {
    expect(canSaveProfile(saved, { name: '   ', username: 'other', telegramUsername: 'tg' })).toBe(false);
    expect(canSaveProfile(saved, { name: '', username: 'demo', telegramUsername: '' })).toBe(false);
  });

  it('does not count spaces around a value or the @ of a messenger username as a change', () => {
    const tg = { ...saved, telegramUsername: 'demo_tg' };
    expect(profileChanged(tg, { name: ' Demo ', username: 'demo ', telegramUsername: '@demo_tg' })).toBe(
      false,
    );
    expect(profileChanged(saved, { name: 'Demo', username: 'demo', telegramUsername: '  ' })).toBe(false);
    expect(profileChanged(tg, { name: 'Demo', username: 'demo', telegramUsername: '' })).toBe(true);
  });

  it('sends trimmed values and an empty messenger username as null', () => {
    expect(profileInput({ name: ' Ann ', username: ' ann ', telegramUsername: ' @ann_tg ' })).toEqual({
      name: 'Ann',
      username: 'ann',
      telegramUsername: 'ann_tg',
    });
    expect(profileInput({ name: 'Ann', username: 'ann', telegramUsername: '' }).telegramUsername).toBeNull();
  });
});

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('/account profile', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    resetToasts();
    queryClient.clear();
    forgetSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the name, the username with a help tip, and the messenger username', async () => {
    stubApi();
    await renderAccount('/account', { ...ME, telegramUsername: 'demo_tg' });
    expect(input('Name').value).toBe('Demo');
    expect(input('Username').value).toBe('demo');
    expect(input('Telegram username').value).toBe('demo_tg');
    // jsdom has no ResizeObserver; the popover only needs it to exist.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'About the username' }));
    expect(await screen.findByText('You can be added to friends by this username')).toBeTruthy();
  });

  it('enables save only after a change and with a name; undoing the change disables it again', async () => {
    stubApi();
    await renderAccount();
    expect(saveButton().disabled).toBe(true);
    type('Name', 'Demo Two');
    expect(saveButton().disabled).toBe(false);
    type('Name', '   ');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('Enter your name')).toBeTruthy();
    type('Name', 'Demo');
    expect(saveButton().disabled).toBe(true);
    type('Telegram username', '@demo_tg');
    expect(saveButton().disabled).toBe(false);
    type('Telegram username', '');
    type('Username', 'demo_2');
    expect(saveButton().disabled).toBe(false);
  });

  it('saves through auth.updateProfile, updates the session user, toasts, and disables save again', async () => {
    const calls = stubApi((path, input) =>
      path === 'auth.updateProfile'
        ? { data: { ...ME, ...(input as object), telegramUsername: 'ann_tg' } }
        : undefined,
    );
    await renderAccount();
    type('Name', '  Ann  ');
    type('Username', 'ann_2');
    type('Telegram username', '@ann_tg');
    fireEvent.click(saveButton());

    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(mutations(calls)).toEqual([
      { path: 'auth.updateProfile', input: { name: 'Ann', username: 'ann_2', telegramUsername: 'ann_tg' } },
    ]);
    expect(currentSession()).toMatchObject({
      name: 'Ann',
      username: 'ann_2',
      telegramUsername: 'ann_tg',
    });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(input('Name').value).toBe('Ann');
    expect(input('Telegram username').value).toBe('ann_tg');
  });

  it('USERNAME_TAKEN shows "This username is taken" at the username and keeps the edits', async () => {
    stubApi((path) =>
      path === 'auth.updateProfile' ? { appCode: 'USERNAME_TAKEN', field: 'username' } : undefined,
    );
    await renderAccount();
    type('Username', 'taken_one');
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getAllByText('This username is taken').length).toBeGreaterThan(0));
    expect(input('Username').getAttribute('aria-invalid')).toBe('true');
    expect(input('Username').value).toBe('taken_one');
    expect(saveButton().disabled).toBe(false);
    expect(currentSession()).toMatchObject({ username: 'demo' });
    // Editing the username clears its message.
    type('Username', 'taken_two');
    expect(input('Username').getAttribute('aria-invalid')).toBeNull();
  });

  it('any other failure toasts "Could not save the profile"', async () => {
    stubApi((path) => (path === 'auth.updateProfile' ? { appCode: 'INTERNAL', status: 500 } : undefined));
    await renderAccount();
    type('Name', 'Other');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Could not save the profile')).toBeTruthy();
  });

  it('speaks Russian by default: the toasts of spec §8', async () => {
    await i18n.changeLanguage('ru');
    stubApi((path, input) =>
      path === 'auth.updateProfile' ? { data: { ...ME, ...(input as object) } } : undefined,
    );
    await renderAccount('/account', ME, 'Аккаунт');
    type('Имя', 'Аня');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Профиль сохранён')).toBeTruthy();
  });

  it('copies the saved username and shows "Copied" with a check for about a second', async () => {
    stubApi();
    const clipboard = stubClipboard();
    await renderAccount();
    type('Username', 'unsaved_edit');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy username' }));
    });
    expect(clipboard).toEqual(['demo']);
    expect(screen.getByText('Copied')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Copy username' });
    expect(button.className).toContain('account-copy-done');

    await act(async () => {
      vi.advanceTimersByTime(COPY_FEEDBACK_MS - 50);
    });
    expect(screen.queryByText('Copied')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(60);
    });
    expect(screen.queryByText('Copied')).toBeNull();
    expect(button.className).not.toContain('account-copy-done');
    expect(COPY_FEEDBACK_MS).toBe(1000);
  });

  it('a second copy restarts the second of feedback', async () => {
    stubApi();
    stubClipboard();
    await renderAccount();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const copy = () =>
      act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Copy username' }));
      });
    await copy();
    await act(async () => {
      vi.advanceTimersByTime(700);
    });
    await copy();
    await act(async () => {
      vi.advanceTimersByTime(700);
    });
    expect(screen.queryByText('Copied')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByText('Copied')).toBeNull();
  });
});
