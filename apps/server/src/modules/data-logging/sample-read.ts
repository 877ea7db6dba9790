import { dataLoggingLimits, type Sample, type SampleSeries } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { decodeKeyset, encodeKeyset } from '../../http/paging.ts';
import type { QueryParameterDoc } from '../../http/route-doc.ts';
import { sampleFilters } from './data-logging.presenter.ts';
import { aggregateSamples } from './sample-query.ts';

/** Tags one series query may name. */
export const maxSeriesTags = 20;
const { maxSeriesDays, earliestSampleTime, latestSampleTime } = dataLoggingLimits;

const dateParameter = (name: string, description: string): QueryParameterDoc => ({
  name,
  description,
  schema: { type: 'string', format: 'date-time' },
});

export const tagSampleQueryParameters: QueryParameterDoc[] = [
  dateParameter('start', 'First instant (ISO 8601), inclusive'),
  dateParameter('end', 'Last instant (ISO 8601), exclusive'),
];

/** Raw reads cover at most `maxRawReadDays`. */
export const rawSampleQueryParameters: QueryParameterDoc[] = [
  tagSampleQueryParameters[0]!,
  dateParameter(
    'end',
    `Last instant (ISO 8601), exclusive; at most ${dataLoggingLimits.maxRawReadDays} days after start`,
  ),
];

export const seriesQueryParameters: QueryParameterDoc[] = [
  {
    name: 'tag',
    description: `A tag name; repeat for more (at most ${maxSeriesTags})`,
    schema: { type: 'string' },
  },
  ...tagSampleQueryParameters,
  {
    name: 'bucketSeconds',
    description: `Bucket width; by default the smallest giving at most ${dataLoggingLimits.maxBuckets} buckets. Rounded up to the next standard width (1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 3, 6, 12 h, 1, 2, 7 days, then whole days); the answer names the width used`,
    schema: { type: 'integer', minimum: 1 },
  },
];

const isoDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function dateOf(raw: unknown, name: string): Date {
  if (raw === undefined) throw badRequest('Required property', name);
  if (typeof raw !== 'string' || !isoDate.test(raw)) throw badRequest('Invalid date', name);
  const date = new Date(raw);
  const time = date.getTime();
  if (Number.isNaN(time) || time < earliestSampleTime || time > latestSampleTime)
    throw badRequest('Invalid date', name);
  return date;
}

function periodOf(query: Record<string, unknown>) {
  const start = dateOf(query.start, 'start');
  const end = dateOf(query.end, 'end');
  if (end <= start) throw badRequest('Must be after start', 'end');
  return { start, end };
}

/** Raw samples of one tag in [start, end), oldest first, paged by time (`page-after`). */
export async function readTagSamples(
  db: Db,
  tag: { id: number; public_id: string },
  query: Record<string, unknown>,
): Promise<{ rows: Sample[]; moreAfter: string | null }> {
  const { start, end } = periodOf(query);
  if (end.getTime() - start.getTime() > dataLoggingLimits.maxRawReadDays * 86_400_000)
    throw badRequest(`At most ${dataLoggingLimits.maxRawReadDays} days`, 'end');
  const size = pageSizeOf(query['page-size']);
  let after: Date | undefined;
  if (query['page-after'] !== undefined) {
    const [at, publicId] = decodeKeyset(query['page-after']);
    const date = typeof at === 'string' ? new Date(at) : undefined;
    if (publicId !== tag.public_id || !date || Number.isNaN(date.getTime()) || date.toISOString() !== at)
      throw badRequest('Invalid page cursor', 'page-after');
    after = date;
  }
  const filters = Array.isArray(query.filters) ? query.filters : [query.filters];
  const where = parseFilterParams(
    filters.filter((f): f is string => typeof f === 'string'),
    sampleFilters,
  );
  let q = db
    .selectFrom('samples as s')
    .select(['s.time', 's.value'])
    .where('s.tag_id', '=', tag.id)
    .where('s.time', '>=', start)
    .where('s.time', '<', end);
  if (after) q = q.where('s.time', '>', after);
  if (where) q = q.where(where);
  const rows = await q
    .orderBy('s.time')
    .limit(size + 1)
    .execute();
  const page = rows.slice(0, size);
  const moreAfter =
    rows.length > size ? encodeKeyset(page[page.length - 1]!.time.toISOString(), tag.public_id) : null;
  return {
    rows: page.map((r) => ({ tag: { publicId: tag.public_id }, time: r.time.toISOString(), value: r.value })),
    moreAfter,
  };
}

function pageSizeOf(raw: unknown): number {
  if (raw === undefined) return dataLoggingLimits.samplesPageSize;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) throw badRequest('Invalid page size', 'page-size');
  const size = Number(raw);
  if (size < 1 || size > dataLoggingLimits.maxSamplesPageSize)
    throw badRequest(`Page size must be between 1 and ${dataLoggingLimits.maxSamplesPageSize}`, 'page-size');
  return size;
}

/** Bucket widths a chart is offered, so buckets line up with minutes, hours and days. */
const niceBuckets = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800,
  604_800,
];

/** The smallest nice bucket giving at most `maxBuckets` buckets over the period. */
export function bucketFor(start: Date, end: Date, maxBuckets: number = dataLoggingLimits.maxBuckets): number {
  const seconds = (end.getTime() - start.getTime()) / 1000;
  return niceBucketAtLeast(Math.ceil(seconds / maxBuckets));
}

/**
 * The smallest nice bucket of at least `seconds`: an entry of `niceBuckets`, or beyond them whole
 * days. From 60 s up every such width is a multiple of the minute (from 3600 s of the hour), so
 * a series is read from the roll-ups and only its ragged edges from raw samples.
 */
export function niceBucketAtLeast(seconds: number): number {
  return niceBuckets.find((b) => b >= seconds) ?? Math.ceil(seconds / 86_400) * 86_400;
}

/**
 * `…SampleSeriesList?tag=<name>&tag=…&start&end[&bucketSeconds]`: one series per named tag of the
 * agent, in the order asked; a name without a tag gives `tag: null` and no buckets.
 */
export async function readSampleSeries(
  db: Db,
  agentId: number,
  query: Record<string, unknown>,
): Promise<SampleSeries[]> {
  const rawNames = query.tag === undefined ? [] : Array.isArray(query.tag) ? query.tag : [query.tag];
  if (rawNames.length === 0) throw badRequest('Required property', 'tag');
  if (rawNames.length > maxSeriesTags) throw badRequest(`At most ${maxSeriesTags} tags`, 'tag');
  rawNames.forEach((name) => {
    if (typeof name !== 'string' || name === '' || name.length > 200)
      throw badRequest('Invalid tag name', 'tag');
  });
  const names = rawNames as string[];
  const { start, end } = periodOf(query);
  if (end.getTime() - start.getTime() > maxSeriesDays * 86_400_000)
    throw badRequest(`At most ${maxSeriesDays} days`, 'end');
  let bucketSeconds = bucketFor(start, end);
  if (query.bucketSeconds !== undefined) {
    const raw = query.bucketSeconds;
    if (typeof raw !== 'string' || !/^\d{1,8}$/.test(raw) || Number(raw) < 1)
      throw badRequest('Invalid bucket', 'bucketSeconds');
    // Rounded up to a nice width the roll-ups serve, and widened when the asked bucket would
    // give too many buckets: any other width would aggregate raw samples over the whole period.
    bucketSeconds = niceBucketAtLeast(Math.max(Number(raw), bucketSeconds));
  }
  const tags = await db
    .selectFrom('tags')
    .select(['id', 'public_id', 'name', 'unit'])
    .where('agent_id', '=', agentId)
    .where('name', 'in', [...new Set(names)])
    .execute();
  const byName = new Map(tags.map((t) => [t.name, t]));
  const rows = await aggregateSamples(
    db,
    tags.map((t) => t.id),
    start,
    end,
    bucketSeconds,
  );
  const byTag = new Map<number, SampleSeries['buckets']>();
  for (const row of rows) {
    const list = byTag.get(row.tagId) ?? [];
    list.push({
      time: row.time.toISOString(),
      min: row.min,
      max: row.max,
      mean: row.mean,
      last: row.last,
      count: row.count,
    });
    byTag.set(row.tagId, list);
  }
  return names.map((name) => {
    const tag = byName.get(name);
    return {
      name,
      tag: tag ? { publicId: tag.public_id, unit: tag.unit } : null,
      bucketSeconds,
      buckets: tag ? (byTag.get(tag.id) ?? []) : [],
    };
  });
}
