import { pageComponentSchema, type PageComponent, type SampleSeries } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { aggregateSamples } from '../data-logging/sample-query.ts';
import type { RenderedComponent, ReportContent } from './report-pdf.ts';

/** A failure the requester may read (stored as the job's error). */
export class ReportFailure extends Error {}

/** Buckets per chart or table at most: the bucket grows with the period. */
const targetBuckets = 300;
const bucketSteps = [60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86_400, 7 * 86_400];

export function bucketSecondsFor(start: Date, end: Date) {
  const wanted = (end.getTime() - start.getTime()) / 1000 / targetBuckets;
  return bucketSteps.find((step) => step >= wanted) ?? bucketSteps.at(-1)!;
}

type Tag = { id: number; public_id: string; name: string; unit: string };

/**
 * Reads what a report shows: the published version of the page (components in grid order,
 * top to bottom, then left to right), its tags looked up by name among the device's agent's
 * tags, their buckets, last values and the alarms in the period.
 */
export async function loadReportContent(
  db: Db,
  job: {
    pageId: number;
    agentId: number | null;
    assetId: number | null;
    start: Date;
    end: Date;
    timeZone: string;
  },
  now = new Date(),
): Promise<ReportContent> {
  const page = await db
    .selectFrom('pages as p')
    .leftJoin('page_versions as v', 'v.id', 'p.published_version_id')
    .select(['v.id as version_id', 'v.title', 'v.components'])
    .where('p.id', '=', job.pageId)
    .executeTakeFirst();
  if (!page || page.version_id === null) throw new ReportFailure('No published page');

  const device = job.agentId
    ? await db
        .selectFrom('agents')
        .select(['name', 'id as agent_id'])
        .where('id', '=', job.agentId)
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom('assets')
        .select(['name', 'agent_id'])
        .where('id', '=', job.assetId!)
        .executeTakeFirstOrThrow();

  const components = (Array.isArray(page.components) ? page.components : [])
    .map((raw) => pageComponentSchema.safeParse(raw))
    .filter((parsed) => parsed.success)
    .map((parsed) => parsed.data)
    .sort((a, b) => a.y - b.y || a.x - b.x);

  const names = [...new Set(components.flatMap((c) => (c.tags ?? []).map((t) => t.name)))];
  const tags: Tag[] =
    device.agent_id !== null && names.length > 0
      ? await db
          .selectFrom('tags')
          .select(['id', 'public_id', 'name', 'unit'])
          .where('agent_id', '=', device.agent_id)
          .where('name', 'in', names)
          .execute()
      : [];
  const tagByName = new Map(tags.map((tag) => [tag.name, tag]));
  const tagsOf = (component: PageComponent) =>
    (component.tags ?? []).map((t) => tagByName.get(t.name)).filter((tag): tag is Tag => tag !== undefined);

  const bucketSeconds = bucketSecondsFor(job.start, job.end);
  const bucketTagIds = [
    ...new Set(
      components
        .filter((c) => c.kind === 'lineChart' || c.kind === 'barChart' || c.kind === 'table')
        .flatMap((c) => tagsOf(c).map((tag) => tag.id)),
    ),
  ];
  const buckets = await aggregateSamples(db, bucketTagIds, job.start, job.end, bucketSeconds);
  const seriesOf = (component: PageComponent): SampleSeries[] =>
    tagsOf(component).map((tag) => ({
      name: tag.name,
      tag: { publicId: tag.public_id, unit: tag.unit },
      bucketSeconds,
      buckets: buckets
        .filter((row) => row.tagId === tag.id)
        .map((row) => ({
          time: row.time.toISOString(),
          min: row.min,
          max: row.max,
          mean: row.mean,
          last: row.last,
          count: row.count,
        })),
    }));

  const lastTagIds = [
    ...new Set(
      components
        .filter((c) => c.kind === 'value' || c.kind === 'gauge')
        .flatMap((c) => tagsOf(c).map((t) => t.id)),
    ),
  ];
  const lastValues = new Map<number, number>();
  if (lastTagIds.length > 0) {
    const rows = await db
      .selectFrom('samples')
      .select(['tag_id', 'value'])
      .distinctOn('tag_id')
      .where('tag_id', 'in', lastTagIds)
      .where('time', '>=', job.start)
      .where('time', '<', job.end)
      .orderBy('tag_id')
      .orderBy('time', 'desc')
      .execute();
    for (const row of rows) lastValues.set(row.tag_id, row.value);
  }

  const rendered: RenderedComponent[] = [];
  for (const component of components) {
    const title = component.title ?? '';
    switch (component.kind) {
      case 'lineChart':
      case 'barChart':
        rendered.push({
          kind: component.kind,
          title,
          series: seriesOf(component),
          aggregate: component.aggregate ?? 'mean',
        });
        break;
      case 'table':
        rendered.push({ kind: 'table', title, series: seriesOf(component) });
        break;
      case 'gauge': {
        const tag = tagsOf(component)[0];
        rendered.push({
          kind: 'gauge',
          title: title || tag?.name || '',
          value: tag ? (lastValues.get(tag.id) ?? null) : null,
          unit: tag?.unit ?? '',
          min: component.min ?? 0,
          max: component.max ?? 100,
        });
        break;
      }
      case 'value':
        rendered.push({
          kind: 'value',
          title,
          values: tagsOf(component).map((tag) => ({
            name: tag.name,
            value: lastValues.get(tag.id) ?? null,
            unit: tag.unit,
          })),
        });
        break;
      case 'alarms': {
        const tagIds = tagsOf(component).map((tag) => tag.id);
        let query = db
          .selectFrom('alarms as a')
          .innerJoin('tags as t', 't.id', 'a.tag_id')
          .select(['a.raised_at', 'a.cleared_at', 'a.severity', 'a.value', 't.name'])
          .where('a.agent_id', '=', device.agent_id ?? -1)
          .where('a.raised_at', '<', job.end)
          .where((eb) => eb.or([eb('a.cleared_at', 'is', null), eb('a.cleared_at', '>=', job.start)]))
          .orderBy('a.raised_at')
          .limit(500);
        if ((component.tags ?? []).length > 0)
          query = query.where('a.tag_id', 'in', tagIds.length ? tagIds : [-1]);
        const alarms = await query.execute();
        rendered.push({
          kind: 'alarms',
          title,
          alarms: alarms.map((a) => ({
            raisedAt: a.raised_at,
            clearedAt: a.cleared_at,
            severity: a.severity,
            tag: a.name,
            value: a.value,
          })),
        });
        break;
      }
      case 'text':
        rendered.push({ kind: 'text', title, text: component.text ?? '' });
        break;
    }
  }

  return {
    title: page.title ?? '',
    deviceName: device.name,
    start: job.start,
    end: job.end,
    timeZone: job.timeZone,
    generatedAt: now,
    components: rendered,
  };
}
