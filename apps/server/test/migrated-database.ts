import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { openDatabase, type Db } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';

const migrationsDir = new URL('../src/db/migrations/', import.meta.url);
// The package does not export its package.json; it sits beside dist/, where the entry point is.
const pglitePackage = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '../package.json',
);
const pgliteVersion = (JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string }).version;

/**
 * The snapshot's file: named by what it was built from (every migration's source and PGlite's
 * version), so a changed migration builds a new one instead of loading a stale schema.
 */
async function snapshotPath(): Promise<string> {
  const hash = createHash('sha256').update(pgliteVersion);
  const names = (await readdir(migrationsDir)).filter((name) => !name.endsWith('.test.ts')).sort();
  for (const name of names) hash.update(name).update(await readFile(new URL(name, migrationsDir)));
  hash.update(await readFile(new URL('../src/db/migrate.ts', import.meta.url)));
  return path.join(tmpdir(), `fleetgate-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function buildSnapshot(file: string): Promise<Blob> {
  const pglite = await PGlite.create('memory://');
  await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  // Written aside and renamed, so a file running beside this one never reads half a snapshot.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

let snapshot: Promise<Blob> | undefined;

async function loadSnapshot(): Promise<Blob> {
  const file = await snapshotPath();
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return buildSnapshot(file);
  }
}

/**
 * A new, fully migrated database for a test server: PostgreSQL at `databaseUrl` (migrated once
 * by the global setup), or a PGlite in memory loaded from a snapshot of the migrated schema.
 * Migrating a new PGlite costs 1.5–2 s of CPU on the CI machine, and the suites open about two
 * hundred of them; the snapshot is built once per machine and set of migrations.
 */
export async function openMigratedDatabase(databaseUrl?: string): Promise<Db> {
  if (databaseUrl) return openDatabase({ databaseUrl, dataDir: '' });
  snapshot ??= loadSnapshot();
  const pglite = await PGlite.create('memory://', { loadDataDir: await snapshot });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
