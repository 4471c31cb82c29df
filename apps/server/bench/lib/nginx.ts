import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';
import { waitForPort } from './wait-for-port';

export interface Nginx {
  baseUrl: string;
  /** What nginx wrote to its error log so far (upstreams it could not reach, for instance). */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx on a free loopback port as the load balancer: round robin over the app
 * instances, and over the bot's webhook workers under `webhookPath`. A request that could not
 * reach an instance (refused, reset, timed out) or that an instance refused with 503 (starting
 * cold, or overloaded: a quick refusal) is tried once on the other. Instances are never marked
 * down (max_fails=0): a 503 is an answer, and marking on it shut both out at once under load;
 * a dead one costs a refused connection on loopback. nginx never resends a POST an instance had
 * received, so a write is never made twice behind the client's back (the client retries with its
 * idempotency key).
 */
export async function startNginx(options: {
  appPorts: number[];
  webhook?: { path: string; ports: number[] };
}): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'dolya-nginx-'));
  const port = await freePort();
  const servers = (ports: number[]) => ports.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n');
  const proxy = (upstream: string) => `
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 1s;
      proxy_read_timeout 15s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;`;
  const webhook = options.webhook;
  writeFileSync(
    join(dir, 'nginx.conf'),
    `user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream dolya {
${servers(options.appPorts)}
    keepalive 64;
  }
${webhook ? `  upstream bot {\n${servers(webhook.ports)}\n    keepalive 16;\n  }\n` : ''}
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
${webhook ? `    location = ${webhook.path} {${proxy('bot')}\n    }\n` : ''}
    location / {${proxy('dolya')}
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(
    'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('error', () => {});
  await waitForPort(port, () => child.exitCode !== null || child.signalCode !== null, 'nginx');
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    errors: () => {
      try {
        return readFileSync(join(dir, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
