import type { Browser, BrowserContext } from 'playwright-core';

/** A phone and a desktop, both languages, both themes: every look a screenshot script takes. */
export const LOOKS = [390, 1280].flatMap((width) =>
  (['ru', 'en'] as const).flatMap((lang) =>
    (['light', 'dark'] as const).map((theme) => ({ width, lang, theme })),
  ),
);

export type Look = (typeof LOOKS)[number];

/** A browser context at the look's width (a touch phone at 390 px) with its language and theme stored. */
export async function lookContext(browser: Browser, { width, lang, theme }: Look): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 800 },
    deviceScaleFactor: 1,
    hasTouch: width === 390,
  });
  await context.addInitScript(
    ([l, t]) => {
      localStorage.setItem('dolya.lang', l as string);
      localStorage.setItem('dolya.theme', t as string);
    },
    [lang, theme],
  );
  return context;
}
