import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, useBrowser } from './harness';

interface User {
  id: string;
  name: string;
  username: string;
  telegramUsername: string | null;
}

describe('journey: the account page', () => {
  const browser = useBrowser();

  it('a fresh user renames themself, takes a new username, meets a taken one, and copies it', async () => {
    const { context, page } = await browser.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
    const tag = randomUUID().slice(0, 6);

    // Someone else already holds a username.
    const other = await context.request.post(`${browser.baseUrl}/api/auth/register`, {
      data: {
        name: 'Olga',
        email: `olga-${tag}@example.com`,
        password: 'secret-olga',
        username: `olga_${tag}`,
      },
      headers: { origin: browser.baseUrl },
    });
    expect(other.status()).toBe(201);
    await context.clearCookies();

    // A fresh account, registered and then signed in through the form.
    const email = `nina-${tag}@example.com`;
    const registered = await context.request.post(`${browser.baseUrl}/api/auth/register`, {
      data: { name: 'Nina', email, password: 'secret-nina' },
      headers: { origin: browser.baseUrl },
    });
    expect(registered.status()).toBe(201);
    await context.clearCookies();
    await page.goto('/login');
    await page.getByLabel(ru.auth.email, { exact: true }).fill(email);
    await page.getByLabel(ru.auth.password, { exact: true }).fill('secret-nina');
    await page.getByRole('button', { name: ru.auth.signIn, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // To /account through the user menu.
    await page.getByRole('button', { name: ru.common.userMenu }).click();
    await page.getByRole('menuitem', { name: ru.common.account }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { level: 1, name: ru.account.title }).waitFor();

    const name = page.getByLabel(ru.account.name, { exact: true });
    const username = page.getByLabel(ru.account.username, { exact: true });
    const save = page.getByRole('button', { name: ru.account.save, exact: true });
    const me = () => api<User>(page, browser.baseUrl, 'GET', '/api/auth/me');
    const initial = await me();
    expect(await name.inputValue()).toBe('Nina');
    expect(await username.inputValue()).toBe(initial.username);

    // Save is enabled only after a change, and never with a blank name.
    expect(await save.isDisabled()).toBe(true);
    await name.fill('   ');
    expect(await save.isDisabled()).toBe(true);
    await name.fill('Nina Petrova');
    expect(await save.isEnabled()).toBe(true);
    await username.fill(`nina_p_${tag}`);
    await save.click();
    await page.getByText(ru.account.saved).first().waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await me()).toMatchObject({ name: 'Nina Petrova', username: `nina_p_${tag}` });
    // The header's user menu shows the new name (the session user was updated).
    await page.getByRole('button', { name: ru.common.userMenu }).click();
    await page.getByRole('menu').getByText('Nina Petrova').waitFor();
    await page.keyboard.press('Escape');

    // A username someone else holds, in another case: the field says so and nothing changes.
    await username.fill(`OLGA_${tag}`);
    await save.click();
    await page.getByText(ru.account.usernameTaken).first().waitFor();
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect((await me()).username).toBe(`nina_p_${tag}`);

    // Copy gives the saved username (not the rejected edit) and a second of feedback.
    await username.fill(`nina_p_${tag}`);
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('button', { name: ru.account.copyUsername }).click();
    const copied = page.getByText(ru.account.copied, { exact: true });
    await copied.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`nina_p_${tag}`);
    await copied.waitFor({ state: 'detached', timeout: 2000 });

    // The help tip explains what the username is for.
    await page.getByRole('button', { name: ru.account.usernameHelpLabel }).click();
    await page.getByText(ru.account.usernameHelp).waitFor();
    await page.keyboard.press('Escape');

    // Back goes to the group list.
    await page.getByRole('link', { name: ru.common.back }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
