import { sql } from 'kysely';
import { appConfigDefaults, appConfigOf } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';

/** Rows one retention statement deletes, so no statement holds locks for long. */
export const retentionChunk = 10_000;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const partitionName = (start: Date) =>
  `samples_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Creates the partitions of `samples` for the month of `now` and the `ahead` months after it, if
 * missing, so samples never land in the default partition (a partition is never carved out of
 * it at runtime: a month whose range already holds default rows is left to the default).
 * Answers the names created.
 */
export async function ensureSamplePartitions(db: Db, now = new Date(), ahead = 1): Promise<string[]> {
  // Processes starting together on one database would race to create the same month, and
  // `if not exists` does not stop the loser failing ("already exists"): one at a time.
  return runInTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('fleetgate.samples.partitions'))`.execute(trx);
    return createMissingPartitions(trx, now, ahead);
  });
}

async function createMissingPartitions(db: Db, now: Date, ahead: number): Promise<string[]> {
  const created: string[] = [];
  for (let i = 0; i <= ahead; i++) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + i);
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = partitionName(from);
    const exists = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_class where relname = ${name}`.execute(db);
    if (exists.rows[0]!.n > 0) continue;
    const inDefault = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from samples_default where time >= ${from} and time < ${to} limit 1) x`.execute(
      db,
    );
    if (inDefault.rows[0]!.n > 0) continue;
    await sql`create table if not exists ${sql.table(name)} partition of samples
      for values from (${sql.lit(from.toISOString())}) to (${sql.lit(to.toISOString())})`.execute(db);
    created.push(name);
  }
  return created;
}

/** The monthly partitions with their upper bound. */
export async function listSamplePartitions(db: Db): Promise<{ name: string; end: Date }[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'samples' and c.relname ~ '^samples_y[0-9]{4}m[0-9]{2}$'
    order by c.relname`.execute(db);
  return rows.map(({ name }) => {
    const year = Number(name.slice(9, 13));
    const month = Number(name.slice(14, 16));
    return { name, end: monthStart(year, month) };
  });
}

/**
 * Each company's retention: the data logging app's `retentionDays` setting (`PATCH
 * AppConfigUpdate`, 30–3650 days, 365 by default). Companies without the app keep the default,
 * so uninstalling it does not delete what was logged sooner than it would have been.
 */
async function companyRetentionDays(db: Db): Promise<{ id: number; days: number }[]> {
  const rows = await db
    .selectFrom('companies')
    .leftJoin('company_apps', (join) =>
      join.onRef('company_apps.company_id', '=', 'companies.id').on('company_apps.app', '=', 'dataLogging'),
    )
    .select(['companies.id', 'company_apps.config'])
    .execute();
  return rows.map((row) => ({ id: row.id, days: appConfigOf('dataLogging', row.config).retentionDays }));
}

export type RetentionResult = { droppedPartitions: string[]; deletedSamples: number; purgedTags: number };

/**
 * Applies retention: drops whole partitions older than the longest retention of any company,
 * deletes each company's samples (and roll-ups) older than its own retention in bounded chunks,
 * and removes the samples of deleted tags.
 */
export async function applySampleRetention(db: Db, now = new Date()): Promise<RetentionResult> {
  const day = 86_400_000;
  const retention = await companyRetentionDays(db);
  const longestDays = Math.max(appConfigDefaults.dataLogging.retentionDays, ...retention.map((r) => r.days));
  const oldest = new Date(now.getTime() - longestDays * day);
  const droppedPartitions: string[] = [];
  for (const partition of await listSamplePartitions(db)) {
    if (partition.end > oldest) continue;
    await sql`drop table if exists ${sql.table(partition.name)}`.execute(db);
    droppedPartitions.push(partition.name);
  }

  let deletedSamples = 0;
  // Within the partitions kept, each company's own retention, tag by tag along the primary key.
  for (const company of retention) {
    const before = new Date(now.getTime() - company.days * day);
    const tagIds = sql`select id from tags where company_id = ${company.id}`;
    deletedSamples += await deleteInChunks(
      db,
      'samples',
      'time',
      sql`tag_id in (${tagIds}) and time < ${before}`,
    );
    for (const table of ['samples_1m', 'samples_1h'])
      await deleteInChunks(db, table, 'bucket', sql`tag_id in (${tagIds}) and bucket < ${before}`);
  }
  for (const table of ['samples_1m', 'samples_1h'])
    await deleteInChunks(db, table, 'bucket', sql`bucket < ${oldest}`);

  const purges = await db.selectFrom('tag_purges').select('tag_id').execute();
  for (const { tag_id } of purges) {
    deletedSamples += await deleteInChunks(db, 'samples', 'time', sql`tag_id = ${tag_id}`);
    for (const table of ['samples_1m', 'samples_1h'])
      await deleteInChunks(db, table, 'bucket', sql`tag_id = ${tag_id}`);
    await db.deleteFrom('tag_purges').where('tag_id', '=', tag_id).execute();
  }
  return { droppedPartitions, deletedSamples, purgedTags: purges.length };
}

async function deleteInChunks(
  db: Db,
  table: string,
  timeColumn: string,
  where: ReturnType<typeof sql>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from ${sql.table(table)} where (tag_id, ${sql.ref(timeColumn)}) in (
        select tag_id, ${sql.ref(timeColumn)} from ${sql.table(table)} where ${where} limit ${retentionChunk})`.execute(
      db,
    );
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < retentionChunk) return total;
  }
}
