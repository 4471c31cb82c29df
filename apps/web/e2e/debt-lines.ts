import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ru } from '../src/i18n/ru';

/**
 * The debt lines of the group page as text, e.g. ["Аня → вам 700,00 ₽", ...], sorted (the order of
 * equal debts follows member ids, which are random). Only who and how much: the line's buttons
 * (Settle, and Remind, which loads a moment later) are left out.
 */
export async function debtLines(page: Page, count: number) {
  const card = page.locator('section', { hasText: ru.group.debtsTitle });
  const lines = card.getByRole('listitem');
  await expect.poll(() => lines.count()).toBe(count);
  const texts = await lines.evaluateAll((items) =>
    items.map(
      (item) =>
        `${item.querySelector('.debt-names')?.textContent} ${item.querySelector('.debt-amount')?.textContent}`,
    ),
  );
  return texts.map((t) => t.replace(/\s+/g, ' ').trim()).sort();
}
