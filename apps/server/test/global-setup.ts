import { openDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** On PostgreSQL the suites share one database: migrate it once before any file runs. */
export default async function setup() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  await migrateToLatest(db);
  await db.destroy();
}
