import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseOptions = {
  /** postgres://… selects PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
};

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (!options.dataDir.startsWith('memory://')) await fs.mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir);
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
