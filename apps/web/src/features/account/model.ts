import type { RouterOutputs } from '../../lib/api-types';
import { errorCode, errorField } from '../../lib/trpc';

/** The profile form of /account as typed. */
export interface ProfileValues {
  name: string;
  username: string;
  telegramUsername: string;
}

export interface ProfileUser {
  name: string;
  username: string;
  telegramUsername: string | null;
}

/** How long the copy button shows its confirmation (spec §9: username copy feedback 1 s). */
export const COPY_FEEDBACK_MS = 1000;

export type OAuthLinkProvider = 'google' | 'yandex';
export type IdentityProvider = RouterOutputs['identities']['list'][number]['provider'];

export function profileValues(user: ProfileUser): ProfileValues {
  return { name: user.name, username: user.username, telegramUsername: user.telegramUsername ?? '' };
}

/** The messenger username as the server stores it: trimmed, without a leading '@'. */
export function normalTelegram(value: string): string {
  return value.trim().replace(/^@/, '');
}

/** Whether the form differs from the saved profile (spaces around a value and a leading '@' do not count). */
export function profileChanged(user: ProfileUser, values: ProfileValues): boolean {
  return (
    values.name.trim() !== user.name ||
    values.username.trim() !== user.username ||
    normalTelegram(values.telegramUsername) !== (user.telegramUsername ?? '')
  );
}

/** Spec §5: the profile can be saved when something changed and the name is not blank. */
export function canSaveProfile(user: ProfileUser, values: ProfileValues): boolean {
  return values.name.trim() !== '' && profileChanged(user, values);
}

export function profileInput(values: ProfileValues) {
  const telegram = normalTelegram(values.telegramUsername);
  return { name: values.name.trim(), username: values.username.trim(), telegramUsername: telegram || null };
}

export type ProfileMessage = 'usernameTaken' | 'usernameInvalid' | 'nameUnsafe' | 'saveFailed';

/** What a failed save shows: a field's own message, or the general failure toast. */
export function profileSaveFailure(error: unknown): { field?: 'name' | 'username'; message: ProfileMessage } {
  const code = errorCode(error);
  if (code === 'USERNAME_TAKEN') return { field: 'username', message: 'usernameTaken' };
  if (code === 'VALIDATION_ERROR') {
    const field = errorField(error);
    if (field === 'username') return { field: 'username', message: 'usernameInvalid' };
    if (field === 'name') return { field: 'name', message: 'nameUnsafe' };
  }
  return { message: 'saveFailed' };
}

/** The toast for an unlink that failed (spec §8). */
export function unlinkFailure(error: unknown): 'lastMethod' | 'unlinkFailed' {
  return errorCode(error) === 'CANNOT_UNLINK_LAST_ACCOUNT' ? 'lastMethod' : 'unlinkFailed';
}

/** The toast for the `oauth_error` query a failed OAuth link lands with (spec §8); none without one. */
export function oauthErrorMessage(value: unknown): 'identityAlreadyLinked' | 'linkFailed' | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return value === 'IDENTITY_ALREADY_LINKED' ? 'identityAlreadyLinked' : 'linkFailed';
}

/** The browser navigation that starts linking a provider; the callback comes back to /account. */
export function oauthLinkUrl(provider: OAuthLinkProvider): string {
  return `/api/oauth/${provider}/link/start?redirect=/account`;
}

export const TELEGRAM_LINK_URL = '/telegram-login?mode=link';
