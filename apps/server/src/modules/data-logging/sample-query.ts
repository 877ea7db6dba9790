import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export type BucketRow = {
  tagId: number;
  time: Date;
  min: number;
  max: number;
  mean: number;
  last: number;
  count: number;
};

/** The roll-up tables, coarsest first, with their bucket width in seconds. */
export const rollupLevels = [
  { table: 'samples_1h', seconds: 3600 },
  { table: 'samples_1m', seconds: 60 },
] as const;

/** Buckets are counted from this instant, so the roll-ups' minutes and hours fall inside every bucket. */
const origin = '2000-01-01T00:00:00Z';

type Partial = {
  tagId: number;
  time: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  lastTime: number;
  last: number;
};

/**
 * Min, max, mean, last and count per bucket of `bucketSeconds` for these tags in [start, end),
 * oldest first. Reports and charts both read through this, so a dashboard and its PDF show the
 * same numbers. Whole hours (or minutes) inside the period are read from the roll-ups when the
 * bucket is a multiple of them; only the ragged edges read raw samples, so a year of 1-second
 * data costs a few thousand rows instead of 31 million.
 */
export async function aggregateSamples(
  db: Db,
  tagIds: readonly number[],
  start: Date,
  end: Date,
  bucketSeconds: number,
): Promise<BucketRow[]> {
  if (tagIds.length === 0 || end <= start) return [];
  const partials: Partial[] = [];
  await collect(db, tagIds, start.getTime(), end.getTime(), bucketSeconds, 0, partials);
  const merged = new Map<string, Partial>();
  for (const p of partials) {
    const key = `${p.tagId}:${p.time}`;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...p });
      continue;
    }
    seen.min = Math.min(seen.min, p.min);
    seen.max = Math.max(seen.max, p.max);
    seen.sum += p.sum;
    seen.count += p.count;
    if (p.lastTime >= seen.lastTime) {
      seen.lastTime = p.lastTime;
      seen.last = p.last;
    }
  }
  return [...merged.values()]
    .sort((a, b) => a.time - b.time || a.tagId - b.tagId)
    .map((p) => ({
      tagId: p.tagId,
      time: new Date(p.time),
      min: p.min,
      max: p.max,
      // The mean lies between min and max; this also keeps it finite if a long bucket's sum was not.
      mean: Math.min(p.max, Math.max(p.min, p.sum / p.count)),
      last: p.last,
      count: p.count,
    }));
}

/** Splits [start, end) into the part a roll-up level covers and the edges, read one level finer. */
async function collect(
  db: Db,
  tagIds: readonly number[],
  start: number,
  end: number,
  bucketSeconds: number,
  level: number,
  out: Partial[],
): Promise<void> {
  if (end <= start) return;
  const rollup = rollupLevels[level];
  if (!rollup) {
    out.push(...(await readRaw(db, tagIds, start, end, bucketSeconds)));
    return;
  }
  const width = rollup.seconds * 1000;
  const base = Date.parse(origin);
  const alignedStart = base + Math.ceil((start - base) / width) * width;
  const alignedEnd = base + Math.floor((end - base) / width) * width;
  if (bucketSeconds % rollup.seconds !== 0 || alignedStart >= alignedEnd) {
    await collect(db, tagIds, start, end, bucketSeconds, level + 1, out);
    return;
  }
  out.push(...(await readRollup(db, rollup.table, tagIds, alignedStart, alignedEnd, bucketSeconds)));
  await collect(db, tagIds, start, alignedStart, bucketSeconds, level + 1, out);
  await collect(db, tagIds, alignedEnd, end, bucketSeconds, level + 1, out);
}

type PartialRow = {
  tag_id: number;
  bucket: Date;
  min: number;
  max: number;
  sum: number;
  count: string;
  last_time: Date;
  last: number;
};

const toPartial = (row: PartialRow): Partial => ({
  tagId: row.tag_id,
  time: row.bucket.getTime(),
  min: row.min,
  max: row.max,
  sum: row.sum,
  count: Number(row.count),
  lastTime: row.last_time.getTime(),
  last: row.last,
});

function binOf(column: string, bucketSeconds: number) {
  return sql`date_bin(${`${bucketSeconds} seconds`}::interval, ${sql.ref(column)}, ${origin}::timestamptz)`;
}

async function readRaw(db: Db, tagIds: readonly number[], start: number, end: number, bucketSeconds: number) {
  const { rows } = await sql<PartialRow>`
    select tag_id, ${binOf('time', bucketSeconds)} as bucket, min(value) as min, max(value) as max,
      sum(value) as sum, count(*) as count, max(time) as last_time,
      (array_agg(value order by time desc))[1] as last
    from samples
    where tag_id in (${sql.join(tagIds)}) and time >= ${new Date(start)} and time < ${new Date(end)}
    group by tag_id, bucket`.execute(db);
  return rows.map(toPartial);
}

/**
 * An hour's sum is at most 3.6e306 (see sample-ingest.ts), so a float8 `sum(sum)` over many hours
 * could overflow (22003). Summed scaled down by 2^10 it cannot within the longest series period
 * (8,784 hours), and scaling by a power of two loses nothing; scaled back in JavaScript a sum
 * beyond float8 becomes ±Infinity, and the mean is then clamped to [min, max].
 */
const rollupSumScale = 1 / 1024;

async function readRollup(
  db: Db,
  table: string,
  tagIds: readonly number[],
  start: number,
  end: number,
  bucketSeconds: number,
) {
  const { rows } = await sql<PartialRow>`
    select tag_id, ${binOf('bucket', bucketSeconds)} as bucket, min(min) as min, max(max) as max,
      sum(sum * ${rollupSumScale}::float8) as sum, sum(count) as count, max(last_time) as last_time,
      (array_agg(last_value order by last_time desc))[1] as last
    from ${sql.table(table)}
    where tag_id in (${sql.join(tagIds)}) and bucket >= ${new Date(start)} and bucket < ${new Date(end)}
    group by tag_id, 2`.execute(db);
  return rows.map((row) => toPartial({ ...row, sum: row.sum / rollupSumScale }));
}
