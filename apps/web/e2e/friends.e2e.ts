import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, useBrowser } from './harness';

const T = ru.friends;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

describe('journey: friends on /account and in group settings', () => {
  const browser = useBrowser();

  it('adds a friend by username (not found first), removes one, and adds a friend to a group', async () => {
    const { context, page } = await browser.newPage();
    const tag = randomUUID().slice(0, 6);
    const register = (name: string, username: string) =>
      api(page, browser.baseUrl, 'POST', '/api/auth/register', {
        name,
        email: `${username}@example.com`,
        password: 'secret-pass',
        username,
      });
    await register('Olga', `olga_${tag}`);
    await register('Petr', `petr_${tag}`);
    await context.clearCookies();
    // The journey's user: registering signs in.
    await register('Mira', `mira_${tag}`);

    await page.goto('/account');
    const friends = page.getByRole('region', { name: T.title });
    await friends.getByText(T.empty).waitFor();
    const field = friends.getByLabel(T.usernameLabel);
    const add = friends.getByRole('button', { name: T.add, exact: true });

    // A username nobody has.
    await field.fill(`nobody_${tag}`);
    await add.click();
    await friends.getByRole('alert').filter({ hasText: T.notFound }).waitFor();

    // Two real ones, typed with spaces around.
    await field.fill(`  olga_${tag} `);
    await add.click();
    await page.getByText(T.added).first().waitFor();
    await friends.getByText('Olga', { exact: true }).waitFor();
    await field.fill(`PETR_${tag}`);
    await add.click();
    await friends.getByText('Petr', { exact: true }).waitFor();

    // Remove one.
    await friends.getByRole('button', { name: fill(T.remove, { name: 'Petr' }) }).click();
    await page.getByRole('dialog').getByRole('button', { name: T.removeConfirm }).click();
    await page.getByText(T.removed).first().waitFor();
    await expect.poll(() => friends.getByText('Petr', { exact: true }).count()).toBe(0);
    expect(await friends.getByText('Olga', { exact: true }).count()).toBe(1);

    // In a group's settings the friend is listed and added, then shows 'already in group'.
    const { id } = await api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/groups', {
      name: `Дача ${tag}`,
      currency: 'RUB',
      users: [],
    });
    await page.goto(`/group/${id}/settings`);
    await page.getByRole('button', { name: ru.settings.addToggle }).click();
    const list = page.getByRole('list', { name: T.fromFriends });
    const addOlga = list.getByRole('button', { name: fill(T.addToGroup, { name: 'Olga' }) });
    await addOlga.waitFor();
    expect(await addOlga.isEnabled()).toBe(true);
    await addOlga.click();
    await list.getByText(T.alreadyInGroup).waitFor();
    await expect.poll(() => addOlga.isDisabled()).toBe(true);
    // Olga now has a row; its menu says she is already a friend.
    await page.getByRole('button', { name: fill(ru.settings.actionsFor, { name: 'Olga' }) }).click();
    const already = page.getByRole('menuitem', { name: T.alreadyFriends });
    await already.waitFor();
    expect(await already.getAttribute('aria-disabled')).toBe('true');

    const group = await api<{ users: { name: string; username: string | null }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${id}`,
    );
    expect(group.users.find((u) => u.name === 'Olga')?.username).toBe(`olga_${tag}`);
    await context.close();
  });

  it('adds a friend while creating a group on /new; they get a seat to confirm', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    const tag = randomUUID().slice(0, 6);
    const register = (name: string, username: string) =>
      api<{ id: string }>(page, browser.baseUrl, 'POST', '/api/auth/register', {
        name,
        email: `${username}@example.com`,
        password: 'secret-pass',
        username,
      });
    await register('Zoya', `zoya_${tag}`);
    await context.clearCookies();
    await register('Lev', `lev_${tag}`);
    await page.goto('/account');
    const friends = page.getByRole('region', { name: T.title });
    await friends.getByLabel(T.usernameLabel).fill(`zoya_${tag}`);
    await friends.getByRole('button', { name: T.add, exact: true }).click();
    await friends.getByText('Zoya', { exact: true }).waitFor();

    await page.goto('/new');
    await page.getByLabel(ru.groups.groupName).fill('С друзьями');
    await page.getByRole('button', { name: fill(ru.groups.addFriend, { name: 'Zoya' }) }).click();
    expect(
      await page.getByRole('button', { name: fill(ru.groups.friendAdded, { name: 'Zoya' }) }).isDisabled(),
    ).toBe(true);
    await page.getByRole('button', { name: ru.groups.create }).click();
    await page.waitForURL(/\/group\/[0-9a-f-]{36}\/settings$/);
    const groupId = new URL(page.url()).pathname.split('/')[2]!;
    const group = await api<{ users: { name: string; username: string | null; membershipStatus: string }[] }>(
      page,
      browser.baseUrl,
      'GET',
      `/api/groups/${groupId}`,
    );
    expect(group.users.map((u) => [u.name, u.username, u.membershipStatus])).toEqual([
      ['Lev', `lev_${tag}`, 'ACTIVE'],
      ['Zoya', `zoya_${tag}`, 'PENDING'],
    ]);
    await context.close();
  });
});
