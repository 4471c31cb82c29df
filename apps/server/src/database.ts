import { seedDemo } from '@dolya/api';
import { type DatabaseHandle, openDatabase } from '@dolya/db';
import type { Config } from './config';

/** The database of the configuration: PostgreSQL with the configured pool, else the embedded one. */
export function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databasePool'>,
): DatabaseHandle {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    maxConnections: config.databasePool.max,
    poolWaitMs: config.databasePool.waitMs,
    statementTimeoutMs: config.databasePool.statementTimeoutMs,
    prepare: config.databasePool.prepare,
    directUrl: config.databasePool.directUrl,
  });
}

/**
 * Migrations, then the demo seed when enabled, under the start-up lock: any number of instances
 * may start at once on one empty database. True when this instance wrote the demo data.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seedDemo: boolean },
): Promise<boolean> {
  let seeded = false;
  await database.migrate(async () => {
    if (options.seedDemo) seeded = await seedDemo(database.db);
  });
  return seeded;
}
