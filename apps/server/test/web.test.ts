import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';

const dist = mkdtempSync(join(tmpdir(), 'dolya-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');

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

  it('keeps API misses, /metrics without METRICS_TOKEN and missing files as 404, not the app page', async () => {
    for (const path of ['/api', '/api/nothing', '/trpc', '/metrics', '/assets/missing.js']) {
      const res = await c().get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await c().get('/api/auth/me')).status).toBe(401);
  });
});
