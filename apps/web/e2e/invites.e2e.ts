import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

describe('journey: an admin shares an invite link; a new user signs in and claims a seat', () => {
  const browser = useBrowser();

  it('copies the link in settings; a signed-out visitor signs in, claims the seat and sees its expense', async () => {
    // The admin (demo user): a group with a seat without an account, and an expense that seat paid.
    const admin = await browser.newPage();
    await signInByApi(admin.page, browser.baseUrl);
    const { id } = await api<{ id: string }>(admin.page, browser.baseUrl, 'POST', '/api/groups', {
      name: 'Дача',
      currency: 'RUB',
      users: [{ name: 'Гоша' }],
    });
    const group = await api<{ users: { memberId: string; name: string }[] }>(
      admin.page,
      browser.baseUrl,
      'GET',
      `/api/groups/${id}`,
    );
    const gosha = group.users.find((u) => u.name === 'Гоша')!.memberId;
    await api(admin.page, browser.baseUrl, 'POST', `/api/groups/${id}/expenses`, {
      name: 'Шашлык Гоши',
      amount: 1200,
      paidById: gosha,
    });

    // Settings create the link by themselves; copy it and read it from the field.
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
    await admin.page.goto(`/group/${id}/settings`);
    const field = admin.page.getByRole('textbox', { name: ru.invites.linkLabel, exact: true });
    await field.waitFor();
    await expect.poll(() => field.inputValue()).toMatch(/\/invite\/[\w-]{20,}$/);
    const link = await field.inputValue();
    expect(link.startsWith(`${browser.baseUrl}/invite/`)).toBe(true);
    await admin.page.getByRole('button', { name: ru.invites.copy, exact: true }).click();
    await admin.page.getByRole('button', { name: ru.invites.copied, exact: true }).waitFor();
    expect(await admin.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await admin.page.getByText(ru.invites.neverExpires).isVisible()).toBe(true);

    // A second person gets an account elsewhere; in this browser they are signed out.
    const email = `guest-${Date.now()}@example.com`;
    const signup = await browser.newPage();
    await api(signup.page, browser.baseUrl, 'POST', '/api/auth/register', {
      name: 'Георгий',
      email,
      password: 'secret-pass',
    });
    await signup.context.close();

    const guest = await browser.newPage();
    await guest.page.goto(link);
    await guest.page.getByRole('heading', { level: 1, name: 'Дача' }).waitFor();
    expect(await guest.page.getByRole('button', { name: /^Занять место/ }).count()).toBe(0);
    // Whoever opens the link sees whose page it is: Dolya's name, leading to the landing.
    expect(
      await guest.page.getByRole('link', { name: ru.common.appName, exact: true }).getAttribute('href'),
    ).toBe('/features');
    await guest.page.getByRole('button', { name: ru.invites.signInToJoin }).click();
    await guest.page.waitForURL((url) => url.pathname === '/login');
    await guest.page.getByLabel(ru.auth.email, { exact: true }).fill(email);
    await guest.page.getByLabel(ru.auth.password, { exact: true }).fill('secret-pass');
    await guest.page.getByRole('button', { name: ru.auth.signIn, exact: true }).click();

    // Back on the invite page, now signed in: claim Гоша's seat.
    await guest.page.waitForURL((url) => url.pathname === new URL(link).pathname);
    await guest.page.getByRole('button', { name: fill(ru.invites.claimLabel, { name: 'Гоша' }) }).click();
    await guest.page.waitForURL((url) => url.pathname === `/group/${id}`);
    await guest.page.getByText('Шашлык Гоши').first().waitFor();

    // The seat is now theirs: the invite page sends a member straight to the group.
    await guest.page.goto(link);
    await guest.page.waitForURL((url) => url.pathname === `/group/${id}`);

    await guest.context.close();
    await admin.context.close();
  });
});
