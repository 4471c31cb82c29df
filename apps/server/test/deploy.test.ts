import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createEmptyPostgresDatabase } from '@dolya/db/testing';
import { validate } from 'dockerfile-utils';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServerProcess } from './server-process';

/**
 * Docker cannot pull base images on this machine, so the deployment files are checked here with
 * what runs: a Dockerfile linter, the compose file's production settings, and the steps the images
 * run, replayed outside Docker (the migration service's command, then the server with the compose
 * environment, probed by the image's own HEALTHCHECK command).
 */
const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');
const run = promisify(execFile);

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
}
const compose = parse(read('docker/compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** The image's CMD (exec form) as argv. */
function commandOf(dockerfile: string): string[] {
  const line = dockerfile.match(/^CMD (\[.*\])$/m);
  if (!line?.[1]) throw new Error('no CMD [...] line');
  return JSON.parse(line[1]) as string[];
}

/** The image's HEALTHCHECK command (exec form) as argv. */
function healthcheckOf(dockerfile: string): string[] {
  const line = dockerfile.replace(/\\\n\s*/g, '').match(/^HEALTHCHECK .*CMD (\[.*\])$/m);
  if (!line?.[1]) throw new Error('no HEALTHCHECK ... CMD [...] line');
  return JSON.parse(line[1]) as string[];
}

/** Compose's ${VAR:?message} and ${VAR:-default}, filled in from `values`. */
function interpolate(environment: Record<string, string>, values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [
      key,
      String(value).replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name: string, fallback = '') =>
        name in values ? (values[name] as string) : fallback,
      ),
    ]),
  );
}

describe('the Dockerfiles', () => {
  for (const file of ['docker/Dockerfile', 'docker/bot.Dockerfile']) {
    it(`${file} passes the linter (dockerfile-utils) and runs as a non-root user with a health check`, () => {
      const text = read(file);
      expect(validate(text).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
      const finalStage = text.slice(text.lastIndexOf('\nFROM '));
      expect(finalStage).toMatch(/^USER node$/m);
      expect(healthcheckOf(text)[0]).toBe('node');
    });
  }

  it('the server image builds the web app into itself and serves it, and runs the server bundle', () => {
    const text = read('docker/Dockerfile');
    expect(text).toMatch(/npm run build -w @dolya\/server/);
    expect(commandOf(text)).toEqual(['node', '--enable-source-maps', 'apps/server/dist/main.mjs']);
    expect(text).toMatch(/npm run build -w @dolya\/web/);
    expect(text).toMatch(/test -f apps\/web\/dist\/index\.html/);
    expect(text).toMatch(/WEB_DIST=\/app\/apps\/web\/dist/);
    expect(healthcheckOf(text).join(' ')).toContain('/healthz');
  });
});

describe('docker/compose.yaml', () => {
  it('runs production defaults and requires the secrets, defaulting none', () => {
    const { migrate, server, db } = compose.services;
    for (const service of [migrate, server]) {
      expect(service?.environment).toMatchObject({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    }
    for (const name of ['SESSION_SECRET', 'PUBLIC_URL']) {
      expect(server?.environment?.[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
    }
    expect(db?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    const secrets = /SECRET|TOKEN|PASSWORD/;
    for (const service of Object.values(compose.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (secrets.test(key)) expect(String(value), key).toMatch(/^\$\{\w+:[?-][^}]*\}$/);
        if (secrets.test(key)) expect(String(value), key).not.toMatch(/:-[^}]+\}/);
      }
    }
  });

  it('migrates once, before the server starts', () => {
    const { migrate, server } = compose.services;
    expect(migrate?.command).toEqual(['npm', 'run', '--silent', 'db:migrate']);
    expect(server?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
  });
});

describe('the deployment steps, replayed outside Docker', () => {
  // The image's build step for the server: its bundle, which the image's CMD runs.
  beforeAll(async () => {
    await run('npm', ['run', 'build', '-w', '@dolya/server'], { cwd: root });
  }, 60_000);

  it('db:migrate on a fresh database, again (nothing to do), then the server with the compose environment is ready and healthy', async () => {
    const database = await createEmptyPostgresDatabase();
    const env = { ...process.env, DATABASE_URL: database.url };
    let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
    try {
      // compose's migrate service, as its command says.
      const [command, ...args] = compose.services.migrate?.command ?? [];
      const first = await run(command as string, args, { cwd: root, env });
      expect(first.stdout).toMatch(/^Migrations: applied \d+ to PostgreSQL/);
      const again = await run(command as string, args, { cwd: root, env });
      expect(again.stdout).toMatch(/was up to date/);

      const values = {
        POSTGRES_PASSWORD: 'unused',
        PUBLIC_URL: 'https://dolya.example.org',
        SESSION_SECRET: randomBytes(32).toString('hex'),
      };
      server = await startServerProcess(
        {
          ...interpolate(compose.services.server?.environment ?? {}, values),
          DATABASE_URL: database.url,
          LOG_LEVEL: 'warn',
        },
        commandOf(read('docker/Dockerfile')).slice(1),
      );
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(200);
      const [probe, ...probeArgs] = healthcheckOf(read('docker/Dockerfile'));
      const health = await run(probe === 'node' ? process.execPath : (probe as string), probeArgs, {
        env: { ...process.env, PORT: String(server.port) },
      });
      expect(health.stdout).toBe('');

      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      try {
        const [demo] = await sql<{ n: number }[]>`select count(*)::int as n from users`;
        expect(demo?.n, 'no demo account in production').toBe(0);
      } finally {
        await sql.end({ timeout: 5 });
      }
    } finally {
      await server?.stop();
      await database.drop();
    }
  }, 120_000);

  it('the image health check fails when nothing answers', async () => {
    const [, ...probeArgs] = healthcheckOf(read('docker/Dockerfile'));
    await expect(
      run(process.execPath, probeArgs, { env: { ...process.env, PORT: '1' } }),
    ).rejects.toMatchObject({
      code: 1,
    });
  });
});
