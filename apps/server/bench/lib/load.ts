import { Pool } from 'undici';

export interface Call {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Success status; anything else counts as an error. */
  expect: number;
}

export interface Sample {
  kind: string;
  /** From the moment the request was due (open loop) or sent (sequential) to the last byte. */
  ms: number;
  /** The HTTP status, or 'timeout' / 'network' when no answer came. */
  status: number | 'timeout' | 'network';
  ok: boolean;
  bytes: number;
  /** When the answer came, ms since the run started. */
  at: number;
  /** When the request was due (open loop) or sent, ms since the run started. */
  dueAt: number;
  /** The request, so a client can send it again (a write with its idempotency key). */
  call: Call;
}

export const BROWSER_ENCODINGS = 'gzip, deflate, br';

export function pool(baseUrl: string): Pool {
  return new Pool(baseUrl, { connections: 1024, pipelining: 1, keepAliveTimeout: 30_000 });
}

async function send(
  client: Pool,
  call: Call,
  timeoutMs: number,
  due: number,
  runStart: number,
): Promise<Sample> {
  try {
    const res = await client.request({
      method: call.method,
      path: call.path,
      headers: call.headers,
      body: call.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Buffer).length;
    const now = performance.now();
    return {
      kind: call.kind,
      ms: now - due,
      status: res.statusCode,
      ok: res.statusCode === call.expect,
      bytes,
      at: now - runStart,
      dueAt: due - runStart,
      call,
    };
  } catch (error) {
    const now = performance.now();
    const name = (error as Error).name;
    return {
      kind: call.kind,
      ms: now - due,
      status: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
      ok: false,
      bytes: 0,
      at: now - runStart,
      dueAt: due - runStart,
      call,
    };
  }
}

/** One call after another on one connection. */
export async function sequential(
  baseUrl: string,
  count: number,
  next: (i: number) => Call,
): Promise<Sample[]> {
  const client = new Pool(baseUrl, { connections: 1 });
  const samples: Sample[] = [];
  const start = performance.now();
  try {
    for (let i = 0; i < count; i++)
      samples.push(await send(client, next(i), 10_000, performance.now(), start));
  } finally {
    await client.close();
  }
  return samples;
}

/** `callers` callers, each sending its next call when its last one answered, until `count` are sent. */
export async function closedLoopCount(
  baseUrl: string,
  options: { callers: number; count: number },
  next: (i: number) => Call,
): Promise<Sample[]> {
  const client = new Pool(baseUrl, { connections: options.callers });
  const samples: Sample[] = [];
  const start = performance.now();
  let issued = 0;
  try {
    await Promise.all(
      Array.from({ length: options.callers }, async () => {
        while (issued < options.count) {
          const call = next(issued++);
          samples.push(await send(client, call, 10_000, performance.now(), start));
        }
      }),
    );
  } finally {
    await client.close();
  }
  return samples;
}

/**
 * Open loop: request i is due at start + i / rate whatever happened to the earlier ones, and its
 * latency counts from that moment. A slow server therefore shows up as latency and errors, never
 * as a lower rate (no coordinated omission).
 */
export async function openLoop(
  baseUrl: string,
  options: { ratePerSecond: number; seconds: number; timeoutMs: number; onSample?: (s: Sample) => void },
  next: (i: number) => Call,
): Promise<Sample[]> {
  const client = pool(baseUrl);
  const total = Math.round(options.ratePerSecond * options.seconds);
  const interval = 1000 / options.ratePerSecond;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  const samples: Sample[] = [];
  let issued = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (issued < total && start + issued * interval <= now) {
        const due = start + issued * interval;
        const call = next(issued);
        issued++;
        pending.push(
          send(client, call, options.timeoutMs, due, start).then((sample) => {
            samples.push(sample);
            options.onSample?.(sample);
          }),
        );
      }
      if (issued < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  await client.close();
  return samples;
}

/** Closed loop with `connections` callers as fast as the server answers, for the plain baseline. */
export async function closedLoop(
  baseUrl: string,
  options: { connections: number; seconds: number },
  call: Call,
): Promise<{ requests: number; errors: number; perSecond: number }> {
  const client = new Pool(baseUrl, { connections: options.connections, pipelining: 1 });
  const start = performance.now();
  const deadline = start + options.seconds * 1000;
  let requests = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const sample = await send(client, call, 10_000, performance.now(), start);
        requests++;
        if (!sample.ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  await client.close();
  return { requests, errors, perSecond: Math.round(requests / elapsed) };
}

export interface KindSummary {
  kind: string;
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  meanBytes: number;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function summarize(kind: string, samples: Sample[]): KindSummary {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[String(s.status)] = (statuses[String(s.status)] ?? 0) + 1;
  return {
    kind,
    requests: samples.length,
    errors: samples.filter((s) => !s.ok).length,
    statuses,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    p99: percentile(ms, 0.99),
    max: ms.at(-1) ?? Number.NaN,
    meanBytes: samples.length ? Math.round(samples.reduce((n, s) => n + s.bytes, 0) / samples.length) : 0,
  };
}

/** One row per kind, then the overall row. */
export function summarizeByKind(samples: Sample[]): KindSummary[] {
  const kinds = [...new Set(samples.map((s) => s.kind))];
  return [
    ...kinds.map((k) =>
      summarize(
        k,
        samples.filter((s) => s.kind === k),
      ),
    ),
    summarize('all', samples),
  ];
}

export function table(rows: KindSummary[]): string {
  const fmt = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : n.toFixed(0));
  const lines = [
    `  ${'kind'.padEnd(10)} ${'requests'.padStart(8)} ${'errors'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'bytes'.padStart(8)}  statuses`,
  ];
  for (const r of rows) {
    const statuses = Object.entries(r.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    lines.push(
      `  ${r.kind.padEnd(10)} ${String(r.requests).padStart(8)} ${String(r.errors).padStart(7)} ${fmt(r.p50).padStart(8)} ${fmt(r.p95).padStart(8)} ${fmt(r.p99).padStart(8)} ${fmt(r.max).padStart(8)} ${String(r.meanBytes).padStart(8)}  ${statuses}`,
    );
  }
  return lines.join('\n');
}
