import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';

const dist = mkdtempSync(join(tmpdir(), 'dolya-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()');
writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
writeFileSync(join(dist, 'manifest.en.webmanifest'), '{}');

/** A page the build prerendered (apps/web/vite-prerender.ts), with an inline script of its own. */
const STATIC_SCRIPT = "document.getElementById('root').dataset.shown = 'yes';";
const withStaticPage = mkdtempSync(join(tmpdir(), 'dolya-web-'));
writeFileSync(join(withStaticPage, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(
  join(withStaticPage, 'features.html'),
  `<!doctype html><div id="root">landing</div><script>${STATIC_SCRIPT}</script>`,
);

describe('serving the web app', () => {
  const server = useServer({ WEB_DIST: dist });
  const c = () => client(() => server.app);

  it('answers deep links with index.html so the client router takes over', async () => {
    for (const path of ['/', '/group/abc?tab=1', '/features', '/login']) {
      const res = await c().get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets with a long cache life', async () => {
    const res = await c().get('/assets/app-123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
  });

  it('has the service worker and the manifests looked up again, not kept a year', async () => {
    for (const path of ['/sw.js', '/manifest.webmanifest', '/manifest.en.webmanifest']) {
      const res = await c().get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('keeps API misses, /metrics without METRICS_TOKEN and missing files as 404, not the app page', async () => {
    for (const path of ['/api', '/api/nothing', '/trpc', '/metrics', '/assets/missing.js']) {
      const res = await c().get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await c().get('/api/auth/me')).status).toBe(401);
  });
});

describe('serving a prerendered page', () => {
  const server = useServer({ WEB_DIST: withStaticPage });
  const c = () => client(() => server.app);

  it('answers /features with its static page, other paths with index.html', async () => {
    for (const path of ['/features', '/features/', '/features?from=bot']) {
      const res = await c().get(path);
      expect(res.status, path).toBe(200);
      expect(res.raw.body, path).toContain('landing');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const path of ['/', '/login', '/features/more']) {
      expect((await c().get(path)).raw.body, path).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it("lets the static page's inline script run under the CSP", async () => {
    const hash = createHash('sha256').update(STATIC_SCRIPT).digest('base64');
    const res = await c().get('/features');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });
});
