import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** How a message that may be an expense ended. */
export type ParseOutcome = 'draft' | 'not_expense' | 'question' | 'refused';

/** How a voice message (or video note) ended before it was read: heard, or why not. */
export type HeardOutcome = 'transcribed' | 'empty' | 'failed' | 'too_long' | 'off';

export interface BotMetrics {
  registry: Registry;
  /** An update passed the inbox (fresh) or was skipped there (redelivered). */
  update(outcome: 'handled' | 'redelivered', seconds?: number): void;
  /** An error reached the error boundary (the user got an apology or a link prompt). */
  updateFailed(): void;
  /** A message was read by `reader` (rules or model) with this outcome. */
  parsed(outcome: ParseOutcome, reader: string): void;
  /** A voice message was transcribed, or was not (and why). */
  heard(outcome: HeardOutcome): void;
}

/**
 * The bot's Prometheus metrics: updates, their failures and handling time, parse outcomes, voice
 * messages, the process.
 */
export function createBotMetrics(): BotMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const updates = new Counter({
    name: 'dolya_bot_updates_total',
    help: 'Telegram updates: handled (fresh) or skipped as redelivered',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'dolya_bot_update_duration_seconds',
    help: 'Time to handle a fresh update, inbox to done',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'dolya_bot_update_errors_total',
    help: 'Updates whose handling failed (the user was answered with an apology or a link prompt)',
    registers: [registry],
  });
  const parses = new Counter({
    name: 'dolya_bot_parse_total',
    help: 'Messages read as expenses, by outcome (draft, not_expense, question, refused) and reader',
    labelNames: ['outcome', 'reader'] as const,
    registers: [registry],
  });
  const voices = new Counter({
    name: 'dolya_bot_voice_total',
    help: 'Voice messages and video notes: transcribed, empty, failed, too_long or off (no transcription set)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    update(outcome, seconds) {
      updates.inc({ outcome });
      if (seconds !== undefined) duration.observe(seconds);
    },
    updateFailed: () => failures.inc(),
    parsed: (outcome, reader) => parses.inc({ outcome, reader }),
    heard: (outcome) => voices.inc({ outcome }),
  };
}

/** GET /metrics on BOT_METRICS_PORT (no token: keep the port private); anything else 404. */
export async function startBotMetricsServer(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    try {
      const text = await registry.metrics();
      response
        .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
        .end(text);
    } catch {
      response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
