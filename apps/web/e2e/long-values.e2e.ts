import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

// 60 characters with long words, as a real group name might be.
const LONG_NAME = 'Поездка выпускников Новосибирского университета на Байкал 26';

interface Group {
  id: string;
  users: { memberId: string; name: string; isCurrentUser: boolean }[];
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/**
 * The words of `text` that the page shows broken over two lines: for every text node holding the
 * whole text, a range over each word must have a single line box (an ellipsis is fine).
 */
function wordsBrokenMidWord(page: Page, text: string) {
  return page.evaluate((text) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let found = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue ?? '';
      const start = value.indexOf(text);
      if (start < 0) continue;
      const element = node.parentElement;
      if (!element || element.getClientRects().length === 0) continue;
      found++;
      let at = start;
      for (const word of text.split(' ')) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) broken.push(`${element.tagName}.${element.className}: ${word}`);
        at += word.length + 1;
      }
    }
    return { found, broken };
  }, text);
}

async function makeGroup(page: Page, baseUrl: string, name: string, members: string[]) {
  const { id } = await api<{ id: string }>(page, baseUrl, 'POST', '/api/groups', {
    name,
    currency: 'RUB',
    users: members.map((n) => ({ name: n })),
  });
  return api<Group>(page, baseUrl, 'GET', `/api/groups/${id}`);
}

describe('long and large values on a phone (390 px)', () => {
  const browser = useBrowser();

  it('wraps a 60-character group name at word boundaries on the list and the group page', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    expect(Array.from(LONG_NAME).length).toBe(60);
    const group = await makeGroup(page, browser.baseUrl, LONG_NAME, ['Аня']);
    for (const path of ['/', `/group/${group.id}`]) {
      await page.goto(path);
      await page.getByText(LONG_NAME).first().waitFor();
      const { found, broken } = await wordsBrokenMidWord(page, LONG_NAME);
      expect(found, path).toBeGreaterThan(0);
      expect(broken, path).toEqual([]);
    }
    await context.close();
  });

  it('fits "434 567,89" in a member amount field and keeps split rows still as results grow', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    const group = await makeGroup(page, browser.baseUrl, 'Крупные суммы', ['Аня', 'Константин']);
    await page.goto(`/group/${group.id}/new-expense`);
    const amount = page.getByLabel(ru.expense.amount, { exact: true });
    await amount.fill('3');

    // Shares: the steppers stay where they are when the results widen.
    const steppers = page.locator('.split-row .split-control');
    const xs = () =>
      steppers.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    await expect.poll(() => steppers.count()).toBe(3);
    const before = await xs();
    expect(new Set(before).size).toBe(1);
    await amount.fill('1303703,67');
    await page
      .getByText(/434\s567,89/)
      .first()
      .waitFor();
    expect(await xs()).toEqual(before);

    // Amounts: the whole value is visible in a member's field.
    await page.getByRole('radio', { name: ru.expense.modeAmounts }).click();
    const field = page.getByLabel(fill(ru.expense.amountOf, { name: 'Константин' }));
    await field.fill('434 567,89');
    const fits = () => field.evaluate((el) => (el as HTMLInputElement).scrollWidth <= el.clientWidth);
    expect(await fits()).toBe(true);
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await fits()).toBe(true);
    await context.close();
  });

  it('shows member avatars in the group settings without breaking long names mid-word', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    const group = await makeGroup(page, browser.baseUrl, 'Аватары', ['Анастасия Константиновна', 'Боря']);
    await page.goto(`/group/${group.id}/settings`);
    await page.getByText('Боря').first().waitFor();
    const avatars = page.locator('.member-row .avatar');
    expect(await avatars.count()).toBeGreaterThanOrEqual(3);
    for (const avatar of await avatars.all()) expect(await avatar.isVisible()).toBe(true);
    // With the avatar beside it, a long word in a name still is not broken.
    expect((await wordsBrokenMidWord(page, 'Анастасия Константиновна')).broken).toEqual([]);
    await context.close();
  });

  it("draws each avatar at its size: a group's tile on the home list, seats in settings on phones and desktops", async () => {
    const box = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            width: Math.round(element.getBoundingClientRect().width),
            height: Math.round(element.getBoundingClientRect().height),
            radius: style.borderTopLeftRadius,
            letter: element.textContent,
          };
        });
    const phone = await browser.newPage({ mobile: true });
    await signInByApi(phone.page, browser.baseUrl);
    const group = await makeGroup(phone.page, browser.baseUrl, 'ёлки у Бори', ['Боря']);
    await phone.page.goto('/');
    const tile = '.group-row:has-text("ёлки у Бори") .avatar';
    await phone.page.locator(tile).first().waitFor();
    expect(await box(phone.page, tile)).toEqual({ width: 42, height: 42, radius: '12px', letter: 'Ё' });
    await phone.page.goto(`/group/${group.id}/settings`);
    await phone.page.getByText('Боря').first().waitFor();
    expect(await box(phone.page, '.member-row .avatar')).toMatchObject({
      width: 28,
      height: 28,
      radius: '50%',
    });
    await phone.context.close();

    const desktop = await browser.newPage();
    await signInByApi(desktop.page, browser.baseUrl);
    await desktop.page.goto(`/group/${group.id}/settings`);
    await desktop.page.getByText('Боря').first().waitFor();
    expect(await box(desktop.page, '.member-row .avatar')).toMatchObject({
      width: 36,
      height: 36,
      radius: '50%',
    });
    await desktop.context.close();
  });

  it('keeps every balance-chart amount inside the chart', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    const group = await makeGroup(page, browser.baseUrl, 'График', ['Анастасия Константиновна', 'Боря']);
    const me = group.users.find((u) => u.isCurrentUser)!.memberId;
    await api(page, browser.baseUrl, 'POST', `/api/groups/${group.id}/expenses`, {
      name: 'Машина',
      amount: 1303703.67,
      paidById: me,
      splitMethod: 'shares',
    });
    await page.goto('/');
    for (const lang of ['ru', 'en'] as const) {
      await page.evaluate((l) => localStorage.setItem('dolya.lang', l), lang);
      await page.goto(`/group/${group.id}/stats`);
      const labels = page.locator('.stats-net-label');
      await expect.poll(() => labels.count()).toBe(3);
      await page.waitForTimeout(700); // the bars grow in
      const outside = await page.evaluate(() => {
        const svg = document.querySelector('.stats-chart svg')!.getBoundingClientRect();
        const bars = [...document.querySelectorAll('.stats-net-bar')].map((n) => n.getBoundingClientRect());
        const names = [...document.querySelectorAll('.stats-name-tick')];
        return [...document.querySelectorAll('.stats-net-label')]
          .filter((label) => {
            const r = label.getBoundingClientRect();
            const clipped = r.left < svg.left - 0.5 || r.right > svg.right + 0.5;
            const overBar = bars.some(
              (n) => r.left < n.right && r.right > n.left && r.top < n.bottom && r.bottom > n.top,
            );
            const overName = names.some((name) => {
              if (name.contains(label)) return false;
              const n = name.getBoundingClientRect();
              return r.left < n.right && r.right > n.left && r.top < n.bottom && r.bottom > n.top;
            });
            return clipped || overBar || overName;
          })
          .map((label) => label.textContent);
      });
      expect(outside, lang).toEqual([]);
    }
    await context.close();
  });
});

describe('the expense date in English', () => {
  const browser = useBrowser();

  it('is written in the picker field as on its chip (DD.MM.YYYY)', async () => {
    const { context, page } = await browser.newPage();
    await context.addInitScript(() => localStorage.setItem('dolya.lang', 'en'));
    await signInByApi(page, browser.baseUrl);
    const group = await makeGroup(page, browser.baseUrl, 'Dates', ['Ann']);
    await page.goto(`/group/${group.id}/new-expense`);
    const chip = page.getByRole('button', { name: /^Date: / });
    const chipText = (await chip.innerText()).trim();
    expect(chipText).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await chip.click();
    const field = page.getByLabel(en.expense.date, { exact: true });
    expect(await field.inputValue()).toBe(chipText);
    await field.fill('05.01.2026');
    await expect.poll(async () => (await chip.innerText()).trim()).toBe('05.01.2026');
    await context.close();
  });
});
