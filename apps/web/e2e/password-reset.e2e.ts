import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { useBrowser } from './harness';
import { mailbox } from './smtp-stand-in';

/** The reset link of the newest mail to `email`, once the SMTP stand-in has it. */
async function resetLink(email: string, after: number): Promise<string> {
  const mailDir = inject('mailDir');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mine = mailbox(mailDir).filter((m) => m.to === email);
        link = mine.length > after ? /https?:\/\/\S+#token=[\w-]+/.exec(mine.at(-1)!.text)?.[0] : undefined;
        return link !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

describe('journey: a forgotten password, reset through the mail (SMTP stand-in on 127.0.0.1)', () => {
  const browser = useBrowser();

  it('asks for a link on the sign-in page, follows it from the mail, signs in with the new password', async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await page.request.post(`${browser.baseUrl}/api/auth/register`, {
      data: { name: 'Лиза', email, password: 'old-password' },
      headers: { origin: browser.baseUrl },
    });
    expect(registered.status()).toBe(201);
    await context.clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: ru.auth.forgotPassword }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await page.getByLabel(ru.auth.email).fill(email);
    await page.getByRole('button', { name: ru.auth.resetSend }).click();
    await page.getByRole('status').filter({ hasText: email }).waitFor();

    const link = await resetLink(email, 0);
    expect(link.startsWith(`${browser.baseUrl}/reset-password#token=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel(ru.auth.newPassword, { exact: true }).fill('new-password-1');
    await page.getByRole('button', { name: ru.auth.newPasswordSave }).click();
    // Signed in: the group list, and the secret gone from the address.
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '');
    await page.getByText(ru.auth.resetDone).first().waitFor();

    const login = (password: string) =>
      page.request.post(`${browser.baseUrl}/api/auth/login`, {
        data: { email, password },
        headers: { origin: browser.baseUrl },
      });
    expect((await login('old-password')).status()).toBe(401);
    expect((await login('new-password-1')).status()).toBe(200);

    // The link works once.
    const second = await browser.newPage({ mobile: true });
    await second.page.goto(link);
    await second.page.getByText(ru.auth.resetLinkInvalid).waitFor();
    await second.page.getByRole('link', { name: ru.auth.resetAskAgain }).waitFor();
  });
});
