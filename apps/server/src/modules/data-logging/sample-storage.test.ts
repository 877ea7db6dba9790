import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { openDatabase } from '../../db/client.ts';
import { isIngestWork } from '../../db/ingest-priority.ts';
import { dataLoggingFixtures } from './data-logging.test-support.ts';
import { storeSampleBatch } from './sample-ingest.ts';
import { applySampleRetention, ensureSamplePartitions, listSamplePartitions } from './sample-storage.ts';

const t = useTestServer();
const f = dataLoggingFixtures(t);
const day = 86_400_000;

const count = async (table: string, tagId: number) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where tag_id = ${tagId}`.execute(t.server.db)
  ).rows[0]!.n;

describe('sample storage', () => {
  it('stores a batch as ingest work, which PGlite puts behind the requests waiting for it', async () => {
    const a = await f.loggingAgent();
    const row = await t.server.db
      .selectFrom('agents')
      .select(['id', 'company_id'])
      .where('public_id', '=', a.agent.publicId)
      .executeTakeFirstOrThrow();
    const agent = { id: row.id, publicId: a.agent.publicId, companyId: row.company_id };
    const seen: boolean[] = [];
    const result = await storeSampleBatch(
      t.server.db,
      agent,
      { batchId: 'ingest-work', samples: [[a.temperature.publicId, Date.now(), 1]] },
      [async () => void seen.push(isIngestWork())],
    );
    expect(result.stored).toBe(1);
    expect(seen).toEqual([true]);
  });

  it('has this and next month’s partitions from the start, and creates further ones once', async () => {
    const names = (await listSamplePartitions(t.server.db)).map((p) => p.name);
    const now = new Date();
    const month = (offset: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      return `samples_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(names).toContain(month(0));
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 5, 3));
    expect(await ensureSamplePartitions(t.server.db, later, 1)).toEqual([month(5), month(6)]);
    expect(await ensureSamplePartitions(t.server.db, later, 1)).toEqual([]);
  });

  it('creates a month once when several processes ask for it at the same moment', async () => {
    // On PostgreSQL each handle stands for a process with its own pool, as at a cluster's start.
    const databaseUrl = process.env.DATABASE_URL;
    const others = databaseUrl
      ? await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl, dataDir: '' })))
      : [t.server.db];
    const month = new Date(Date.UTC(2003, 4, 10));
    try {
      const created = await Promise.all(
        [t.server.db, ...others].map((db) => ensureSamplePartitions(db, month, 0)),
      );
      expect(created.flat()).toEqual(['samples_y2003m05']);
    } finally {
      await sql`drop table if exists samples_y2003m05`.execute(t.server.db);
      if (databaseUrl) await Promise.all(others.map((db) => db.destroy()));
    }
  });

  it('drops whole old partitions, deletes a company’s samples past its retention, and purges deleted tags', async () => {
    const a = await f.loggingAgent();
    const tagId = await f.tagIdOf(a.temperature.publicId);
    const pressureId = await f.tagIdOf(a.pressure.publicId);
    // A partition far older than any retention, with a sample in it.
    const old = new Date(Date.UTC(2001, 0, 15));
    const [oldPartition] = await ensureSamplePartitions(t.server.db, old, 0);
    await t.server.db.insertInto('samples').values({ tag_id: tagId, time: old, value: 1 }).execute();

    // The company keeps samples 30 days (the data logging app's setting).
    const configured = await t.call('PATCH', 'AppConfigUpdate', {
      ...a.as,
      body: { publicId: 'dataLogging', config: { retentionDays: 30 } },
    });
    expect(configured.status).toBe(200);
    const now = Date.now();
    await f.postBatch(a.credential, {
      batchId: 'r',
      samples: [
        [a.temperature.publicId, now - 40 * day, 1],
        [a.temperature.publicId, now - 2 * day, 2],
        [a.pressure.publicId, now - 2 * day, 3],
      ],
    });
    expect(await count('samples', tagId)).toBe(3);
    expect((await t.call('DELETE', `Tag/${a.pressure.publicId}`, a.as)).status).toBe(200);

    const result = await applySampleRetention(t.server.db, new Date(now));
    expect(result.droppedPartitions).toContain(oldPartition);
    // Other tests' deleted tags may be purged in the same pass (a shared PostgreSQL database).
    expect(result.purgedTags).toBeGreaterThanOrEqual(1);
    const purgeLeft = await t.server.db
      .selectFrom('tag_purges')
      .select('tag_id')
      .where('tag_id', '=', pressureId)
      .execute();
    expect(purgeLeft).toEqual([]);
    expect(await count('samples', tagId)).toBe(1);
    expect(await count('samples_1m', tagId)).toBe(1);
    expect(await count('samples', pressureId)).toBe(0);
    expect(await count('samples_1h', pressureId)).toBe(0);
    expect((await listSamplePartitions(t.server.db)).map((p) => p.name)).not.toContain(oldPartition);
  });
});
