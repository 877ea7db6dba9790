/**
 * PGlite commit rate with and without syncing each commit to disk: single-row autocommit
 * inserts through Kysely (the worst case: one fsync per statement), the plain PGlite data
 * directory against openDatabase()'s durable one, alternated and best of three each. Prints
 * both rates and their ratio. BENCH_COMMITS sets the number of commits per round (default 300).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { PGliteDialect } from '../../apps/server/src/db/pglite-dialect.ts';

const commits = Number(process.env.BENCH_COMMITS ?? 300);
const rounds = 3;

async function commitsPerSecond(durable: boolean): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-durability-'));
  const db = durable
    ? await openDatabase({ dataDir: dir })
    : new Kysely<unknown>({ dialect: new PGliteDialect(await PGlite.create(dir)) });
  try {
    await sql`create table bench (id serial primary key, value text not null)`.execute(db);
    const started = performance.now();
    for (let i = 0; i < commits; i++) await sql`insert into bench (value) values (${`row ${i}`})`.execute(db);
    return commits / ((performance.now() - started) / 1000);
  } finally {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const best = { plain: 0, durable: 0 };
for (let round = 0; round < rounds; round++) {
  best.plain = Math.max(best.plain, await commitsPerSecond(false));
  best.durable = Math.max(best.durable, await commitsPerSecond(true));
}
console.log(`PGlite, ${commits} single-row commits, best of ${rounds} (data in ${os.tmpdir()}):`);
console.log(`  without fsync (plain PGlite):      ${best.plain.toFixed(0)} commits/s`);
console.log(`  fsync per commit (openDatabase):   ${best.durable.toFixed(0)} commits/s`);
console.log(`  ratio durable / plain:             ${(best.durable / best.plain).toFixed(2)}`);
