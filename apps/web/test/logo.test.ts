import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOGO_PATHS } from '../src/ui/LogoMark';

// Paths from apps/web (jsdom's URL does not resolve file URLs, so no `new URL(path, import.meta.url)`).
const file = (path: string) => resolve(dirname(fileURLToPath(import.meta.url)), '..', path);
const text = (path: string) => readFileSync(file(path), 'utf8');

/** Width and height from a PNG's header chunk. */
function pngSize(path: string) {
  const bytes = readFileSync(file(path));
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the logo', () => {
  it('draws the same mark in the app, the favicon and the app icon', () => {
    for (const path of ['public/favicon.svg', 'icons/app-icon.svg']) {
      const svg = text(path);
      for (const d of Object.values(LOGO_PATHS)) expect(svg, path).toContain(`d="${d}"`);
    }
  });

  it('is the favicon, the touch icon and the manifest’s icons', () => {
    const html = text('index.html');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).not.toContain('data:image');
    expect(pngSize('public/apple-touch-icon.png')).toEqual([180, 180]);

    // One manifest per language (a manifest holds one); the other language in `translations`.
    for (const [path, lang, name, other] of [
      ['public/manifest.webmanifest', 'ru', 'Доля', 'en'],
      ['public/manifest.en.webmanifest', 'en', 'Dolya', 'ru'],
    ] as const) {
      const manifest = JSON.parse(text(path)) as {
        id: string;
        name: string;
        lang: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string }[];
        translations: Record<string, { name: string }>;
      };
      expect(manifest.id, path).toBe('/');
      expect(manifest.name, path).toBe(name);
      expect(manifest.lang, path).toBe(lang);
      expect(manifest.translations[other]?.name, path).toBeTruthy();
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
      for (const icon of manifest.icons) {
        const iconPath = `public${icon.src}`;
        expect(existsSync(file(iconPath)), iconPath).toBe(true);
        if (icon.src.endsWith('.png')) expect(pngSize(iconPath).join('x')).toBe(icon.sizes);
      }
      expect(manifest.icons.some((icon) => icon.sizes === '512x512')).toBe(true);
    }
  });
});
