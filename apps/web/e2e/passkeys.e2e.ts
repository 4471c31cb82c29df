import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, useBrowser } from './harness';

/**
 * Passkeys for real: Chromium's WebAuthn runs against the CDP virtual authenticator (a platform
 * authenticator with resident keys and user verification that approves at once), and the server
 * verifies every ceremony with @simplewebauthn/server. The page is on http://localhost:PORT, the
 * server's PUBLIC_URL, so the RP ID is "localhost".
 */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentialsOn(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials;
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

interface Me {
  id: string;
  name: string;
  username: string;
}

const passkeyRow = (page: Page) =>
  page.locator('.account-row').filter({ has: page.getByText(ru.passkey.title, { exact: true }) });

/** On /login: passkey sign-in finds nothing, the name dialog opens, and the new account is made. */
async function registerThroughDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: ru.passkey.nameTitle });
  await dialog.waitFor();
  await dialog.getByText(ru.passkey.nameMessage).waitFor();
  // Blank is refused in place.
  await dialog.getByRole('button', { name: ru.passkey.continue }).click();
  await dialog.getByText(ru.passkey.enterName).waitFor();
  await dialog.getByLabel(ru.passkey.nameLabel).fill(name);
  await dialog.getByRole('button', { name: ru.passkey.continue }).click();
  await page.getByText(ru.passkey.created).waitFor();
}

describe('journey: passkeys in Chromium with a virtual authenticator', () => {
  const browser = useBrowser();

  it('registers by passkey from /login, signs out, and signs back in usernameless', async () => {
    const { context, page } = await browser.newPage();
    const { cdp, authenticatorId } = await withAuthenticator(context, page);
    const name = uniqueName('anna');

    await page.goto('/login');
    await page.getByRole('button', { name: ru.passkey.signIn }).click();
    await registerThroughDialog(page, name);
    await page.waitForURL((url) => url.pathname === '/');

    const me = await api<Me>(page, browser.baseUrl, 'GET', '/api/auth/me');
    expect(me).toMatchObject({ name, username: name });
    const stored = await credentialsOn(cdp, authenticatorId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.isResidentCredential).toBe(true);
    expect(Buffer.from(stored[0]!.userHandle!, 'base64').toString()).toBe(me.id);

    await page.getByRole('button', { name: ru.common.userMenu }).click();
    await page.getByRole('menuitem', { name: ru.common.signOut }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await page.request.get(`${browser.baseUrl}/api/auth/me`)).status()).toBe(401);

    // The email field is empty: usernameless, the authenticator offers its resident passkey.
    await page.getByRole('button', { name: ru.passkey.signIn }).click();
    await page.getByText(ru.passkey.signedIn).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await api<Me>(page, browser.baseUrl, 'GET', '/api/auth/me')).id).toBe(me.id);
    expect((await credentialsOn(cdp, authenticatorId))[0]!.signCount).toBeGreaterThan(0);

    // ?autopasskey=1 starts the same sign-in by itself and honours the redirect.
    await page.getByRole('button', { name: ru.common.userMenu }).click();
    await page.getByRole('menuitem', { name: ru.common.signOut }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/login?autopasskey=1&redirect=%2Faccount');
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByText(ru.passkey.signedIn).waitFor();
    await context.close();
  });

  it('signs in by the username typed in the email field', async () => {
    const { context, page } = await browser.newPage();
    await withAuthenticator(context, page);
    const name = uniqueName('boris');
    await page.goto('/login?autopasskey=1');
    await registerThroughDialog(page, name);
    await page.waitForURL((url) => url.pathname === '/');
    await api(page, browser.baseUrl, 'POST', '/api/auth/logout', {});

    await page.goto('/login');
    await page.getByLabel(ru.auth.email, { exact: true }).fill(name);
    await page.getByRole('button', { name: ru.passkey.signIn }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await api<Me>(page, browser.baseUrl, 'GET', '/api/auth/me')).username).toBe(name);
    await context.close();
  });

  it('an email account links a passkey on /account, sees it linked, and unlinks it', async () => {
    const { context, page } = await browser.newPage();
    const { cdp, authenticatorId } = await withAuthenticator(context, page);
    const email = `${uniqueName('linda')}@example.com`;
    await api(page, browser.baseUrl, 'POST', '/api/auth/register', {
      name: 'Linda',
      email,
      password: 'secret-password',
    });

    await page.goto('/account');
    const row = passkeyRow(page);
    await row.getByText(ru.passkey.notLinked, { exact: true }).waitFor();
    await row.getByRole('button', { name: ru.passkey.linkLabel }).click();
    await page.getByText(ru.passkey.linked, { exact: true }).waitFor();
    await row.getByText(ru.passkey.linkedSingle, { exact: true }).waitFor();
    expect(await api(page, browser.baseUrl, 'GET', '/api/passkey/linked')).toEqual({
      linked: true,
      count: 1,
    });
    expect(await credentialsOn(cdp, authenticatorId)).toHaveLength(1);

    // Still linked after a reload: the status comes from the server.
    await page.reload();
    await passkeyRow(page).getByText(ru.passkey.linkedSingle, { exact: true }).waitFor();

    await passkeyRow(page).getByRole('button', { name: ru.passkey.unlinkLabel }).click();
    const confirm = page.getByRole('dialog', { name: ru.passkey.unlinkTitle });
    await confirm.getByRole('button', { name: ru.passkey.unlink }).click();
    await page.getByText(ru.passkey.unlinked).waitFor();
    await passkeyRow(page).getByText(ru.passkey.notLinked, { exact: true }).waitFor();
    expect(await api(page, browser.baseUrl, 'GET', '/api/passkey/linked')).toEqual({
      linked: false,
      count: 0,
    });
    // The password still signs in.
    await api(page, browser.baseUrl, 'POST', '/api/auth/logout', {});
    await api(page, browser.baseUrl, 'POST', '/api/auth/login', { email, password: 'secret-password' });
    await context.close();
  });

  it('a tab that missed the link gets "already linked" and shows the passkey as linked', async () => {
    const { context, page: first } = await browser.newPage();
    const a = await withAuthenticator(context, first);
    await api(first, browser.baseUrl, 'POST', '/api/auth/register', {
      name: 'Lev',
      email: `${uniqueName('lev')}@example.com`,
      password: 'secret-password',
    });
    const second = await context.newPage();
    const b = await withAuthenticator(context, second);
    await second.goto('/account');
    await passkeyRow(second).getByText(ru.passkey.notLinked, { exact: true }).waitFor();

    // WebAuthn runs only in the focused tab.
    await first.bringToFront();
    await first.goto('/account');
    await passkeyRow(first).getByRole('button', { name: ru.passkey.linkLabel }).click();
    await passkeyRow(first).getByText(ru.passkey.linkedSingle, { exact: true }).waitFor();
    // The same passkey on the second tab's authenticator (a synced passkey, say).
    const [credential] = await credentialsOn(a.cdp, a.authenticatorId);
    await b.cdp.send('WebAuthn.addCredential', {
      authenticatorId: b.authenticatorId,
      credential: credential!,
    });

    // The second tab still shows "not linked"; linking again is refused by the authenticator.
    await second.bringToFront();
    await passkeyRow(second).getByRole('button', { name: ru.passkey.linkLabel }).click();
    await second.getByText(ru.passkey.alreadyLinked).waitFor();
    await passkeyRow(second).getByText(ru.passkey.linkedSingle, { exact: true }).waitFor();
    expect(await api(second, browser.baseUrl, 'GET', '/api/passkey/linked')).toEqual({
      linked: true,
      count: 1,
    });
    await context.close();
  });

  it('a passkey-only account cannot unlink its passkey: the last-method error shows', async () => {
    const { context, page } = await browser.newPage();
    await withAuthenticator(context, page);
    await page.goto('/login');
    await page.getByRole('button', { name: ru.passkey.signIn }).click();
    await registerThroughDialog(page, uniqueName('kira'));
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/account');
    const row = passkeyRow(page);
    await row.getByText(ru.passkey.linkedSingle, { exact: true }).waitFor();
    await row.getByRole('button', { name: ru.passkey.unlinkLabel }).click();
    await page
      .getByRole('dialog', { name: ru.passkey.unlinkTitle })
      .getByRole('button', { name: ru.passkey.unlink })
      .click();
    await page.getByText(ru.passkey.lastMethod).waitFor();
    await row.getByText(ru.passkey.linkedSingle, { exact: true }).waitFor();
    expect(await api(page, browser.baseUrl, 'GET', '/api/passkey/linked')).toEqual({
      linked: true,
      count: 1,
    });
    await context.close();
  });
});
