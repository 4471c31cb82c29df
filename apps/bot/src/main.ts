import { createDolyaApi } from './api/client';
import { createBot } from './bot';
import { loadBotConfig } from './config';
import { consoleLogger, describeError } from './log';
import { createBotMetrics, startBotMetricsServer } from './metrics';
import { createModelReader } from './parse';
import { waitForServer } from './runtime/wait-for-server';
import { startWorker } from './runtime/worker';
import { createTranscriber } from './voice/transcriber';

const log = consoleLogger;
let config: ReturnType<typeof loadBotConfig>;
try {
  config = loadBotConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const api = createDolyaApi(config.apiUrl, config.apiSecret);
const metrics = config.metrics ? createBotMetrics() : undefined;
const bot = createBot(config, {
  api,
  model: config.model ? createModelReader(config.model) : null,
  transcriber: config.transcribe ? createTranscriber(config.transcribe) : null,
  log,
  ...(metrics ? { metrics } : {}),
});
if (metrics && config.metrics) {
  await startBotMetricsServer(metrics.registry, config.metrics.port, config.metrics.host);
  log.info('metrics are served', { port: config.metrics.port });
}

await waitForServer(config.apiUrl, log);
const worker = await startWorker(bot, config, api, log, { metrics });
log.info('the Dolya bot is running', {
  bot: bot.botInfo.username,
  mode: worker.mode,
  server: config.apiUrl,
  reader: config.model ? `model ${config.model.model}, rules as fallback` : 'rules',
  voice: config.transcribe ? `model ${config.transcribe.model}` : 'off',
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    try {
      await worker.stop();
      process.exit(0);
    } catch (error) {
      log.error('unclean stop', describeError(error));
      process.exit(1);
    }
  });
}
