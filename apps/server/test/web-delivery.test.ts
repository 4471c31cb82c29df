import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from '@dolya/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { client } from './harness';
import { createGroup, signUp } from './helpers';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'light';";
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** A built web app as Vite leaves it: index.html with an inline script, an asset and its compressed copies. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'dolya-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
  );
  writeFileSync(join(dist, 'assets/app.js'), ASSET);
  writeFileSync(join(dist, 'assets/app.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(dist, 'assets/app.js.gz'), gzipSync(ASSET));
  return dist;
}

function serve(publicUrl: string, more: Record<string, string> = {}) {
  const state = {} as { app: FastifyInstance; db: TestDatabase; dist: string };
  beforeAll(async () => {
    state.dist = fakeBuild();
    state.db = await createTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: publicUrl,
      WEB_DIST: state.dist,
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_MB: '0',
      ...more,
    });
    state.app = await buildApp(config, state.db.db);
  });
  afterAll(async () => {
    await state.app?.close();
    await state.db?.close();
    rmSync(state.dist, { recursive: true, force: true });
  });
  return state;
}

const ROUTES = ['/', '/group/123/stats', '/assets/app.js', '/api/auth/providers', '/trpc/auth.providers'];

describe('security headers over http', () => {
  const state = serve('http://localhost:3000');

  it('sends the CSP, nosniff and the referrer policy on pages, assets, /api and /trpc, and no HSTS', async () => {
    const themeHash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    for (const url of ROUTES) {
      const res = await state.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain(`script-src 'self' https://telegram.org 'sha256-${themeHash}'`);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp, url).toContain("img-src 'self' data:");
      expect(csp, url).toContain("connect-src 'self'");
      expect(csp, url).toContain('frame-src https://oauth.telegram.org');
      expect(csp, url).toContain(
        "frame-ancestors 'self' https://web.telegram.org https://*.web.telegram.org",
      );
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('security headers over https', () => {
  const state = serve('https://dolya.example');

  it('adds HSTS and upgrade-insecure-requests when the public URL is https', async () => {
    for (const url of ROUTES) {
      const res = await state.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(String(res.headers['content-security-policy']), url).toContain('upgrade-insecure-requests');
    }
  });
});

describe('FRAME_ANCESTORS', () => {
  const state = serve('http://localhost:3000', {
    FRAME_ANCESTORS: 'http://127.0.0.1:4100/, https://tg.example',
  });

  it('lets the listed origins frame the app, besides Telegram Web', async () => {
    const res = await state.app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://web.telegram.org https://*.web.telegram.org https://webk.telegram.org https://webz.telegram.org http://127.0.0.1:4100 https://tg.example",
    );
  });
});

describe('compression', () => {
  const state = serve('http://localhost:3000');

  it('serves static files as the build compressed them: br, gzip or plain, with Vary', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['identity', undefined, (b: Buffer) => b],
    ] as const) {
      const res = await state.app.inject({
        method: 'GET',
        url: '/assets/app.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toContain('Accept-Encoding');
      expect(decode(res.rawPayload).toString(), accept).toBe(ASSET);
    }
    const page = await state.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBeUndefined(); // no index.html.br in this build: sent as is
  });

  it('compresses JSON of REST and tRPC from 1 kB as negotiated, and leaves tiny answers alone', async () => {
    const { c } = await signUp(() => state.app, 'Zip');
    const { id } = await createGroup(
      c,
      Array.from({ length: 30 }, (_, i) => `Seat ${i + 1}`),
    );
    const input = encodeURIComponent(JSON.stringify({ groupId: id }));
    for (const url of [`/api/groups/${id}`, `/trpc/groups.get?input=${input}`]) {
      const plain = await c.get(url, { 'accept-encoding': 'identity' });
      const text = JSON.stringify(plain.body);
      expect(text.length, url).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const res = await c.get(url, { 'accept-encoding': accept });
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(JSON.parse(decode(res.raw.rawPayload).toString()), `${url} ${accept}`).toEqual(plain.body);
      }
    }
    const tiny = await client(() => state.app).get('/trpc/auth.providers', { 'accept-encoding': 'br' });
    expect(tiny.raw.rawPayload.length).toBeLessThan(1024);
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });
});
