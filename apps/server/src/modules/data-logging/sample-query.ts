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

/**
 * Min, max, mean, last and count per bucket of `bucketSeconds` for these tags in [start, end),
 * oldest first. Reports and charts both read through this, so a dashboard and its PDF show the
 * same numbers. (The data-logging module may answer it from roll-ups; the shape stays.)
 */
export async function aggregateSamples(
  db: Db,
  tagIds: readonly number[],
  start: Date,
  end: Date,
  bucketSeconds: number,
): Promise<BucketRow[]> {
  if (tagIds.length === 0) return [];
  const bucket = sql`date_bin(${`${bucketSeconds} seconds`}::interval, time, timestamptz '2000-01-01')`;
  const { rows } = await sql<{
    tag_id: number;
    bucket: Date;
    min: number;
    max: number;
    mean: number;
    last: number;
    count: string;
  }>`
    select tag_id, ${bucket} as bucket, min(value) as min, max(value) as max, avg(value) as mean,
      (array_agg(value order by time desc))[1] as last, count(*) as count
    from samples
    where tag_id in (${sql.join(tagIds)}) and time >= ${start} and time < ${end}
    group by tag_id, bucket
    order by bucket, tag_id`.execute(db);
  return rows.map((row) => ({
    tagId: row.tag_id,
    time: row.bucket,
    min: row.min,
    max: row.max,
    mean: row.mean,
    last: row.last,
    count: Number(row.count),
  }));
}
