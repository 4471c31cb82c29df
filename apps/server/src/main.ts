import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase, prepareDatabase } from './database';

const config = loadConfig();
const database = openConfiguredDatabase(config);
if (await prepareDatabase(database, { seedDemo: config.seedDemo })) {
  console.log('Seeded the demo account: demo@example.com / demo');
}
const app = await buildApp(config, database.db);
await app.listen({ port: config.port, host: config.host });
console.log(
  `Dolya is listening on ${config.host}:${config.port}, public URL ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    // Requests in flight finish (new ones get 503) before the pool closes under them.
    await app.close();
    await database.close();
    process.exit(0);
  });
}
