import cluster from 'node:cluster';
import { startRecurringJob, startWeeklySummaryJob } from '@dolya/api';
import { buildApp } from './app';
import { loadConfig } from './config';
import { telegramSenderOf } from './context';
import { openConfiguredDatabase, prepareDatabase } from './database';
import { startMetricsServer } from './metrics-server';
import { runWorkers } from './workers';

const config = loadConfig();
if (config.workers > 1 && cluster.isPrimary) {
  await runWorkers(config.workers);
} else {
  await serve();
}

/** One server process: the database prepared (under the start-up lock), then the HTTP server. */
async function serve() {
  const database = openConfiguredDatabase(config);
  const seeded = await prepareDatabase(database, { seedDemo: config.seedDemo });
  const app = await buildApp(config, database.db, { pool: database.pool });
  // Through the logger, so production's stdout stays JSON lines.
  if (seeded) app.log.info('Seeded the demo account: demo@example.com / demo');
  await app.listen({ port: config.port, host: config.host });
  const metricsServer = config.metricsPort
    ? await startMetricsServer(app.metrics, config.metricsPort, config.metricsHost)
    : undefined;
  if (cluster.isPrimary || cluster.worker?.id === 1) {
    app.log.info(
      `Dolya is listening on ${config.host}:${config.port}, public URL ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'}${config.workers > 1 ? `, ${config.workers} processes` : ''})`,
    );
  }

  // Recurring expenses (issue 28): every process runs the job; row locks give each occurrence to
  // one of them. Its first run, now, makes what was missed while the server was down.
  const recurring = startRecurringJob(database.db, {
    config: config.fxRatesUrl ? { fxRatesUrl: config.fxRatesUrl } : {},
    onMade: (made) => app.log.info({ actor: 'system', job: 'recurring', ...made }, 'recurring expense made'),
    onError: (error) =>
      app.log.error({ err: error, actor: 'system', job: 'recurring' }, 'recurring job failed'),
  });
  // Weekly summaries in the groups' Telegram chats (issue 28): the same way, with the bot's token.
  const weekly = config.telegram
    ? startWeeklySummaryJob(database.db, {
        sender: telegramSenderOf(config.telegram),
        publicUrl: config.publicUrl,
        onUndelivered: ({ groupId, chatId, error }) =>
          app.log.warn(
            { err: error, actor: 'system', job: 'weekly', groupId, chatId },
            'weekly summary not delivered',
          ),
        onError: (error) =>
          app.log.error({ err: error, actor: 'system', job: 'weekly' }, 'weekly summary job failed'),
      })
    : undefined;

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      // Requests in flight finish (new ones get 503) before the pool closes under them.
      metricsServer?.close();
      await recurring.stop();
      await weekly?.stop();
      await app.close();
      await database.close();
      process.exit(0);
    });
  }
}
