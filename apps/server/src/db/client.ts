import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { DurableNodeFS } from './pglite-durable-fs.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { poolTypes } from './timestamptz.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseOptions = {
  /** postgres://… selects PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
};

// Kysely does not hand out its pool; /metrics reports the pool's connections (PostgreSQL only).
const pools = new WeakMap<Db, pg.Pool>();

/** The pg pool behind a database opened with DATABASE_URL; PGlite has none (one in-process connection). */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, types: poolTypes });
    // PostgreSQL ends idle connections when it restarts, fails over or is told to: the pool drops
    // such a connection and opens another for the next query, but reports it as an 'error' event,
    // which would end the process with nobody listening. A query in flight gets its own error.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  if (options.dataDir.startsWith('memory://')) {
    return new Kysely<Database>({ dialect: new PGliteDialect(await PGlite.create(options.dataDir)) });
  }
  const isNew = await prepareDataDir(options.dataDir);
  // PGlite creates its database only in an empty directory, so a new one is claimed once created.
  let release = isNew ? undefined : lockDataDir(options.dataDir);
  try {
    // Commits are synced to disk before they are acknowledged (see pglite-durable-fs.ts).
    const durableFs = new DurableNodeFS(options.dataDir);
    const pglite = await PGlite.create({ fs: durableFs });
    const unlock = (release ??= lockDataDir(options.dataDir));
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, () => durableFs.flushWal()) });
    // Kysely closes PGlite only if a query ran; the directory is released either way.
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      try {
        await destroy();
        if (!pglite.closed) await pglite.close();
      } finally {
        unlock();
      }
    };
    return db;
  } catch (error) {
    release?.();
    throw error;
  }
}

/**
 * PGlite creates its database only in an empty directory and otherwise stops with a bare
 * "exit(1)"; say what is wrong instead.
 */
async function prepareDataDir(dir: string): Promise<boolean> {
  await fs.mkdir(dir, { recursive: true });
  const entries = await fs.readdir(dir);
  if (entries.length === 0) return true;
  if (entries.includes('PG_VERSION')) return false;
  const shown = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
  throw new Error(
    `DATA_DIR ${dir} holds no Fleetgate database but other files (${shown}); point DATA_DIR at an empty or new directory`,
  );
}
