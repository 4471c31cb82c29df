/**
 * Renders the app icon PNGs from icons/app-icon.svg with Debian's chromium; run again after the
 * mark changes: npx tsx apps/web/scripts/render-icons.ts
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/browser';

const SIZES = { 'apple-touch-icon.png': 180, 'icon-192.png': 192, 'icon-512.png': 512 } as const;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const svg = await readFile(here('../icons/app-icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [file, size] of Object.entries(SIZES)) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(
    `<body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block">`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  await page.screenshot({ path: here(`../public/${file}`), clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
}
await browser.close();
console.log(`wrote ${Object.keys(SIZES).join(', ')}`);
