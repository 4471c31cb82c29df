import { authChallenges, users } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiConfig, MailMessage } from '../src';
import { refusal } from './fixtures';
import { browser, signUp, testConfig, useTestDatabase } from './harness';

const db = useTestDatabase();
const d = () => db.current.db;

/** The server's configuration with mail: what is sent is kept here, as an SMTP stand-in would keep it. */
function withMail() {
  const sent: MailMessage[] = [];
  const config: ApiConfig = {
    ...testConfig,
    publicUrl: 'https://dolya.example',
    mailer: {
      send: async (message) => {
        sent.push(message);
      },
    },
  };
  return { config, sent };
}

const tokenOf = (message: MailMessage) => /#token=([\w-]+)$/.exec(message.link)![1]!;

describe('changing the password', () => {
  it('takes the current one, ends the other sessions and keeps this one', async () => {
    const ann = await signUp(d(), 'Ann');
    const other = await browser(d());
    await (await other.call()).auth.login({ email: ann.user.email!, password: 'secret-password' });
    const call = await ann.call();
    expect(await call.auth.passwordStatus()).toEqual({ hasPassword: true, email: ann.user.email });
    const wrong = await refusal(
      call.auth.changePassword({ currentPassword: 'nope', newPassword: 'brand new one' }),
    );
    expect([wrong.appCode, wrong.field]).toEqual(['WRONG_PASSWORD', 'currentPassword']);
    const missing = await refusal(call.auth.changePassword({ newPassword: 'brand new one' }));
    expect(missing.appCode).toBe('WRONG_PASSWORD');
    await call.auth.changePassword({ currentPassword: 'secret-password', newPassword: 'brand new one' });
    await expect((await ann.call()).auth.me()).resolves.toMatchObject({ id: ann.user.id });
    expect((await refusal((await other.call()).auth.me())).appCode).toBe('UNAUTHORIZED');
    const fresh = await browser(d());
    const old = await refusal(
      (await fresh.call()).auth.login({ email: ann.user.email!, password: 'secret-password' }),
    );
    expect(old.appCode).toBe('INVALID_CREDENTIALS');
    await (await fresh.call()).auth.login({ email: ann.user.email!, password: 'brand new one' });
  });

  it('locks out guessing of the current password like sign-in does', async () => {
    const ann = await signUp(d(), 'Ann');
    const call = await ann.call();
    for (let i = 0; i < 5; i++) {
      await refusal(
        call.auth.changePassword({ currentPassword: `guess ${i}`, newPassword: 'brand new one' }),
      );
    }
    const locked = await refusal(
      call.auth.changePassword({ currentPassword: 'secret-password', newPassword: 'brand new one' }),
    );
    expect(locked.appCode).toBe('TOO_MANY_REQUESTS');
  });

  it('removes the password unless it is the last way to sign in', async () => {
    const ann = await signUp(d(), 'Ann');
    const refused = await refusal((await ann.call()).auth.removePassword());
    expect(refused.appCode).toBe('CANNOT_UNLINK_LAST_ACCOUNT');
    expect(await (await ann.call()).auth.passwordStatus()).toEqual({
      hasPassword: true,
      email: ann.user.email,
    });
  });

  it('sets a first password with an email for an account that has neither', async () => {
    const ann = await signUp(d(), 'Ann');
    await d().update(users).set({ passwordHash: null, email: null }).where(eq(users.id, ann.user.id));
    const call = await ann.call();
    expect(await call.auth.passwordStatus()).toEqual({ hasPassword: false, email: null });
    const noEmail = await refusal(call.auth.changePassword({ newPassword: 'first password' }));
    expect([noEmail.appCode, noEmail.field]).toEqual(['VALIDATION_ERROR', 'email']);
    const taken = await signUp(d(), 'Bob');
    const clash = await refusal(
      call.auth.changePassword({ newPassword: 'first password', email: taken.user.email! }),
    );
    expect(clash.appCode).toBe('EMAIL_TAKEN');
    await call.auth.changePassword({ newPassword: 'first password', email: 'ann-new@example.com' });
    const fresh = await browser(d());
    await (await fresh.call()).auth.login({ email: 'ann-new@example.com', password: 'first password' });
  });
});

describe('resetting a forgotten password', () => {
  it('mails a link, in the asked language, that sets a new password once and signs in', async () => {
    const { config, sent } = withMail();
    const ann = await signUp(d(), 'Ann', config);
    const other = await browser(d(), config);
    await (await other.call()).auth.login({ email: ann.user.email!, password: 'secret-password' });
    const guest = await browser(d(), config);
    expect(await (await guest.call()).auth.providers()).toMatchObject({ passwordReset: true });
    await (await guest.call()).auth.requestPasswordReset({
      email: ann.user.email!.toUpperCase(),
      language: 'en',
    });
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail).toMatchObject({ to: ann.user.email, subject: 'Reset your Dolya password' });
    expect(mail!.link).toMatch(/^https:\/\/dolya\.example\/reset-password#token=[\w-]{43}$/);
    expect(mail!.text).toContain(mail!.link);
    const token = tokenOf(mail!);
    expect(await (await guest.call()).auth.checkResetLink({ token })).toEqual({ valid: true });
    const user = await (await guest.call()).auth.resetPassword({ token, newPassword: 'after reset' });
    expect(user.id).toBe(ann.user.id);
    expect((await (await guest.call()).auth.me()).id).toBe(ann.user.id);
    // Every earlier session ends.
    expect((await refusal((await ann.call()).auth.me())).appCode).toBe('UNAUTHORIZED');
    expect((await refusal((await other.call()).auth.me())).appCode).toBe('UNAUTHORIZED');
    // Used once.
    expect(await (await guest.call()).auth.checkResetLink({ token })).toEqual({ valid: false });
    const stranger = await (await browser(d(), config)).call();
    const again = await refusal(stranger.auth.resetPassword({ token, newPassword: 'third one' }));
    expect(again.appCode).toBe('RESET_LINK_INVALID');
    await (await (await browser(d())).call()).auth.login({ email: ann.user.email!, password: 'after reset' });
  });

  it('writes Russian by default and answers alike for an unknown email, sending nothing', async () => {
    const { config, sent } = withMail();
    const ann = await signUp(d(), 'Аня', config);
    const guest = await (await browser(d(), config)).call();
    expect(await guest.auth.requestPasswordReset({ email: 'nobody-here@example.com' })).toEqual({ ok: true });
    expect(sent).toHaveLength(0);
    await guest.auth.requestPasswordReset({ email: ann.user.email! });
    expect(sent[0]).toMatchObject({ subject: 'Сброс пароля в Доле' });
    expect(sent[0]!.text).toContain('Здравствуйте, Аня!');
  });

  it('refuses a link older than an hour, one replaced by a newer one, and one made before a password change', async () => {
    const { config, sent } = withMail();
    const ann = await signUp(d(), 'Ann', config);
    const guest = await (await browser(d(), config)).call();
    const ask = async () => {
      await guest.auth.requestPasswordReset({ email: ann.user.email! });
      return tokenOf(sent.at(-1)!);
    };
    const expired = await ask();
    await d()
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.userId, ann.user.id));
    expect(
      (await refusal(guest.auth.resetPassword({ token: expired, newPassword: 'new one' }))).appCode,
    ).toBe('RESET_LINK_INVALID');
    const replaced = await ask();
    const newest = await ask();
    expect(
      (await refusal(guest.auth.resetPassword({ token: replaced, newPassword: 'new one' }))).appCode,
    ).toBe('RESET_LINK_INVALID');
    await (await ann.call()).auth.changePassword({
      currentPassword: 'secret-password',
      newPassword: 'changed it',
    });
    expect(await guest.auth.checkResetLink({ token: newest })).toEqual({ valid: false });
    expect((await refusal(guest.auth.resetPassword({ token: newest, newPassword: 'new one' }))).appCode).toBe(
      'RESET_LINK_INVALID',
    );
  });

  it('refuses a link when the password changed by another way, even if the link row survived', async () => {
    const { config, sent } = withMail();
    const ann = await signUp(d(), 'Ann', config);
    const guest = await (await browser(d(), config)).call();
    await guest.auth.requestPasswordReset({ email: ann.user.email! });
    const token = tokenOf(sent[0]!);
    // Changed behind the services' back (say, by an admin's script): the stamp no longer matches.
    await d().update(users).set({ passwordHash: 'other' }).where(eq(users.id, ann.user.id));
    expect((await refusal(guest.auth.resetPassword({ token, newPassword: 'new one' }))).appCode).toBe(
      'RESET_LINK_INVALID',
    );
  });

  it('sends at most 3 mails to one address in 15 minutes', async () => {
    const { config, sent } = withMail();
    const ann = await signUp(d(), 'Ann', config);
    const guest = await (await browser(d(), config)).call();
    for (let i = 0; i < 5; i++) await guest.auth.requestPasswordReset({ email: ann.user.email! });
    expect(sent).toHaveLength(3);
  });

  it('is not offered without a mailer', async () => {
    const guest = await (await browser(d())).call();
    expect(await guest.auth.providers()).toMatchObject({ passwordReset: false });
    const refused = await refusal(guest.auth.requestPasswordReset({ email: 'x@example.com' }));
    expect(refused.appCode).toBe('PASSWORD_RESET_UNAVAILABLE');
  });
});
