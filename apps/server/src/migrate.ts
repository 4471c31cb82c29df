/**
 * `npm run db:migrate`: applies the migrations of drizzle/ to DATABASE_URL (else the embedded
 * database in DATA_DIR) under the same advisory lock the server takes at start, so it may run
 * while servers start, then exits: 0 when the database is up to date, 1 with the reason if not.
 * The one-shot migration step of a deployment (docker/compose.yaml's `migrate` service).
 * DATABASE_DIRECT_URL, when set, is used instead: behind PgBouncer in transaction mode the lock
 * and the migrations need a direct connection.
 */
import { migrationStatus, openDatabase } from '@dolya/db';
import { rootCause } from './errors';

const databaseUrl = process.env.DATABASE_DIRECT_URL?.trim() || process.env.DATABASE_URL?.trim() || undefined;
const dataDir = process.env.DATA_DIR?.trim() || './data';
const database = openDatabase({ databaseUrl, dataDir, maxConnections: 1 });
const where = databaseUrl
  ? `PostgreSQL (${process.env.DATABASE_DIRECT_URL?.trim() ? 'DATABASE_DIRECT_URL' : 'DATABASE_URL'})`
  : `the embedded database in ${dataDir}`;

try {
  const before = await migrationStatus(database.db);
  await database.migrate();
  const after = await migrationStatus(database.db);
  if (after.pending.length > 0) throw new Error(`still pending: ${after.pending.join(', ')}`);
  console.log(
    before.pending.length === 0
      ? `Migrations: ${where} was up to date`
      : `Migrations: applied ${before.pending.length} to ${where} (${before.pending.join(', ')})`,
  );
  await database.close();
} catch (error) {
  console.error(`Migrations failed on ${where}: ${rootCause(error)}`);
  await database.close().catch(() => {});
  process.exit(1);
}
