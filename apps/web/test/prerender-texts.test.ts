import { describe, expect, it } from 'vitest';
import { renderLanding, renderLogin } from '../src/static/prerender';

/** The pages prerendered at build time print no raw text key (issue 27: the landing's previews did). */
describe('prerendered pages', () => {
  for (const language of ['ru', 'en'] as const) {
    it(`/features in ${language} has every text translated`, async () => {
      await expect(renderLanding(language)).resolves.toContain('<h1');
    });
    it(`/login in ${language} has every text translated`, async () => {
      await expect(renderLogin(language)).resolves.toContain('<form');
    });
  }
});
