import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ru } from '../src/i18n/ru';
import { api, signInByApi, useBrowser } from './harness';

const plusName = new RegExp(`^${ru.common.increaseShare.split('{{')[0]}`);

/** The first share stepper of the expense form: its box and its + button's box. */
async function measureStepper(page: Page) {
  const plus = page.getByRole('button', { name: plusName }).first();
  await plus.waitFor();
  const stepper = await plus.locator('..').boundingBox();
  const button = await plus.boundingBox();
  if (!stepper || !button) throw new Error('the stepper is not on screen');
  return {
    width: stepper.width,
    plusWidth: button.width,
    plusClipped: button.x + button.width > stepper.x + stepper.width + 0.5,
  };
}

describe('journey: one share stepper, whatever was opened before', () => {
  const browser = useBrowser();

  it('keeps its size and its + in the expense form after the group settings were open', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    const [group] = await api<{ id: string }[]>(page, browser.baseUrl, 'GET', '/api/groups');

    await page.goto(`/group/${group!.id}/new-expense`);
    const fresh = await measureStepper(page);
    expect(fresh.plusClipped).toBe(false);
    expect(fresh.plusWidth).toBeGreaterThanOrEqual(36);

    // Settings first (their styles load into the page), then the form through the app's links,
    // without a reload: global styles of one screen used to reshape the other's stepper.
    await page.goto(`/group/${group!.id}/settings`);
    await page.getByRole('button', { name: plusName }).first().waitFor();
    await page.getByRole('link', { name: ru.common.back }).first().click();
    await page.getByRole('link', { name: ru.group.addExpense }).first().click();
    await page.waitForURL((url) => url.pathname.endsWith('/new-expense'));
    const afterSettings = await measureStepper(page);
    expect(afterSettings).toEqual(fresh);
    await context.close();
  });

  it('shows where the keyboard is on its −, its number and its +', async () => {
    const { context, page } = await browser.newPage({ mobile: true });
    await signInByApi(page, browser.baseUrl);
    const [group] = await api<{ id: string }[]>(page, browser.baseUrl, 'GET', '/api/groups');
    await page.goto(`/group/${group!.id}/new-expense`);
    const plus = page.getByRole('button', { name: plusName }).first();
    await plus.waitFor();
    const minus = plus.locator('..').locator('button').first();
    await minus.focus();
    for (let step = 0; step < 3; step += 1) {
      // The ring is drawn, and inside the stepper, which clips whatever is drawn outside it.
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return {
          visible: el.matches(':focus-visible'),
          style: style.outlineStyle,
          width: Number.parseFloat(style.outlineWidth),
          offset: Number.parseFloat(style.outlineOffset),
        };
      });
      expect(ring.visible).toBe(true);
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.offset + ring.width).toBeLessThanOrEqual(0);
      await page.keyboard.press('Tab');
    }
    await context.close();
  });
});
