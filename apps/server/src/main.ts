import { seedDemo } from '@dolya/api';
import { openDatabase } from '@dolya/db';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (config.seedDemo && (await seedDemo(database.db))) {
  console.log('Seeded the demo account: demo@example.com / demo');
}
const app = await buildApp(config, database.db);
await app.listen({ port: config.port, host: config.host });
console.log(
  `Dolya is listening on ${config.host}:${config.port}, public URL ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
