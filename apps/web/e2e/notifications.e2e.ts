import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

const T = ru.notifications;
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

/** Registers (and so signs in) a new user in the page's context. */
async function register(page: Page, baseUrl: string, name: string, username: string) {
  await api(page, baseUrl, 'POST', '/api/auth/register', {
    name,
    email: `${username}@example.com`,
    password: 'secret-pass',
    username,
  });
}

/** The admin creates a group with nobody else and adds `username` to it (a PENDING invite). */
async function inviteToNewGroup(
  admin: Page,
  baseUrl: string,
  groupName: string,
  name: string,
  username: string,
) {
  const { id } = await api<{ id: string }>(admin, baseUrl, 'POST', '/api/groups', {
    name: groupName,
    users: [],
  });
  await api(admin, baseUrl, 'POST', `/api/groups/${id}/members`, { name, username, isAdmin: false });
  return id;
}

describe('journey: group invites arrive at the bell; accept joins, block stops re-adds', () => {
  const browser = useBrowser();

  it('a friend accepts an invite from the bell and sees the group', async () => {
    const suffix = Date.now().toString(36);
    const admin = await browser.newPage();
    await signInByApi(admin.page, browser.baseUrl);
    const friend = await browser.newPage();
    const username = `friend_${suffix}`;
    await register(friend.page, browser.baseUrl, 'Фёдор', username);

    const groupName = `Дача ${suffix}`;
    await inviteToNewGroup(admin.page, browser.baseUrl, groupName, 'Фёдор', username);

    const page = friend.page;
    await page.goto('/');
    const bell = page.getByRole('button', { name: fill(T.bellWithCount_one, { count: 1 }) });
    await bell.waitFor();
    expect(await page.locator('.notif-badge').innerText()).toBe('1');
    // Not a member yet: the group is not in the list.
    expect(await page.getByText(groupName).count()).toBe(0);

    await bell.click();
    const panel = page.getByRole('dialog', { name: T.title });
    await panel.getByText(fill(T.invite, { senderName: 'Демо', groupName })).waitFor();
    // From 768 px a popover right under the bell, not a modal: no overlay, the page stays usable.
    const [bellBox, panelBox] = await Promise.all([bell.boundingBox(), panel.boundingBox()]);
    expect(panelBox!.y).toBeGreaterThanOrEqual(bellBox!.y + bellBox!.height);
    expect(panelBox!.y).toBeLessThan(bellBox!.y + bellBox!.height + 24);
    expect(Math.abs(panelBox!.x + panelBox!.width - (bellBox!.x + bellBox!.width))).toBeLessThan(24);
    expect(await page.locator('.dialog-overlay').count()).toBe(0);
    expect(await page.locator('main[aria-hidden="true"], header[aria-hidden="true"]').count()).toBe(0);
    await panel.getByRole('button', { name: T.accept, exact: true }).click();
    await page.getByText(fill(T.accepted, { groupName })).first().waitFor();
    await panel.getByText(T.empty).waitFor();

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: T.bell, exact: true }).waitFor();
    await page.getByText(groupName).first().waitFor();
    const groups = await api<{ name: string }[]>(page, browser.baseUrl, 'GET', '/api/groups');
    expect(groups.map((g) => g.name)).toContain(groupName);

    await admin.context.close();
    await friend.context.close();
  });

  it('a user blocks the sender from the bell; the admin cannot add them again', async () => {
    const suffix = Date.now().toString(36);
    const admin = await browser.newPage();
    await signInByApi(admin.page, browser.baseUrl);
    const third = await browser.newPage({ mobile: true });
    const username = `third_${suffix}`;
    await register(third.page, browser.baseUrl, 'Тимур', username);

    const groupName = `Офис ${suffix}`;
    const groupId = await inviteToNewGroup(admin.page, browser.baseUrl, groupName, 'Тимур', username);

    const page = third.page;
    await page.goto('/');
    await page.getByRole('button', { name: fill(T.bellWithCount_one, { count: 1 }) }).click();
    const panel = page.getByRole('dialog', { name: T.title });
    await panel.getByText(fill(T.invite, { senderName: 'Демо', groupName })).waitFor();
    // Below 640 px the panel is a bottom sheet and the page behind it does not scroll.
    const box = await panel.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await panel.getByRole('button', { name: T.block, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: T.blockTitle });
    await confirm.getByRole('button', { name: T.blockConfirm, exact: true }).click();
    await panel.getByText(T.empty).waitFor();

    const res = await admin.page.request.post(`${browser.baseUrl}/api/groups/${groupId}/members`, {
      headers: { origin: browser.baseUrl, 'content-type': 'application/json' },
      data: JSON.stringify({ name: 'Тимур', username, isAdmin: false }),
    });
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain('BLOCKED_BY_USER');

    await admin.context.close();
    await third.context.close();
  });

  it('on a desktop, blocks from the popover through its confirmation dialog', async () => {
    const suffix = Date.now().toString(36);
    const admin = await browser.newPage();
    await signInByApi(admin.page, browser.baseUrl);
    const third = await browser.newPage();
    const username = `fourth_${suffix}`;
    await register(third.page, browser.baseUrl, 'Тимур', username);

    const groupName = `Склад ${suffix}`;
    const groupId = await inviteToNewGroup(admin.page, browser.baseUrl, groupName, 'Тимур', username);

    const page = third.page;
    await page.goto('/');
    await page.getByRole('button', { name: fill(T.bellWithCount_one, { count: 1 }) }).click();
    const panel = page.getByRole('dialog', { name: T.title });
    await panel.getByText(fill(T.invite, { senderName: 'Демо', groupName })).waitFor();

    await panel.getByRole('button', { name: T.block, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: T.blockTitle });
    await confirm.getByRole('button', { name: T.blockConfirm, exact: true }).click();
    await panel.getByText(T.empty).waitFor();

    const res = await admin.page.request.post(`${browser.baseUrl}/api/groups/${groupId}/members`, {
      headers: { origin: browser.baseUrl, 'content-type': 'application/json' },
      data: JSON.stringify({ name: 'Тимур', username, isAdmin: false }),
    });
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain('BLOCKED_BY_USER');

    await admin.context.close();
    await third.context.close();
  });
});
