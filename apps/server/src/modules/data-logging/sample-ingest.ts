import { dataLoggingLimits } from '@fleetgate/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { asIngestWork } from '../../db/ingest-priority.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { SamplesStored, SamplesStoredListener, StoredSample } from './samples-stored.ts';

export type IngestAgent = { id: number; publicId: string; companyId: number };

export type IngestResult = {
  /** Samples newly stored (a resent one is not counted again). */
  stored: number;
  /** The newest stored value per tag, for the live event. */
  newest: { publicId: string; time: string; value: number }[];
  /** Work the listeners asked to run once the batch committed. */
  afterCommit: (() => Promise<void>)[];
};

/** No sample is older than this (ms since 1970): the agent's clock was wrong. */
const earliestSampleTime = Date.UTC(2000, 0, 1);
/** How far ahead of the server's clock an agent's sample may be. */
const latestSampleSkewMs = 24 * 3600 * 1000;

/**
 * Splits a batch's samples into those to store and those refused one by one: a time out of range
 * (a clock not yet set), a value that is not a finite number (JSON carries NaN and infinities as
 * null) or one so large that sums over a bucket could overflow. One bad reading must not make
 * the whole batch fail, or the agent would hold it (and everything after it) forever.
 */
export function checkSamples(samples: readonly [string, number, number | null][], now: number) {
  const valid: [string, number, number][] = [];
  const rejectedIndexes: number[] = [];
  let rejected = 0;
  samples.forEach(([tag, time, value], index) => {
    const timeOk = time >= earliestSampleTime && time <= now + latestSampleSkewMs;
    const valueOk =
      typeof value === 'number' &&
      Number.isFinite(value) &&
      Math.abs(value) <= dataLoggingLimits.maxSampleMagnitude;
    if (timeOk && valueOk) {
      valid.push([tag, time, value]);
      return;
    }
    rejected += 1;
    if (rejectedIndexes.length < dataLoggingLimits.maxRejectedIndexes) rejectedIndexes.push(index);
  });
  return { valid, rejected, rejectedIndexes };
}

/**
 * Stores a batch in one transaction: the samples of this agent's tags (others are skipped) with
 * one set-based insert that ignores samples already stored, each tag's newest value, the minute
 * and hour roll-ups of what was newly stored, the agent's counters, and whatever the listeners
 * write. Nothing is visible before the commit. It is ingest work: on PGlite, requests waiting
 * for the database go before it (ingest-priority.ts).
 */
export function storeSampleBatch(
  db: Db,
  agent: IngestAgent,
  batch: SampleBatch,
  listeners: readonly SamplesStoredListener[],
): Promise<IngestResult> {
  return asIngestWork(() => storeInTransaction(db, agent, batch, listeners));
}

type SampleBatch = { batchId: string; samples: [string, number, number][]; dropped?: number };

function storeInTransaction(
  db: Db,
  agent: IngestAgent,
  batch: SampleBatch,
  listeners: readonly SamplesStoredListener[],
): Promise<IngestResult> {
  const publicIds = batch.samples.map((s) => s[0]);
  const times = batch.samples.map((s) => s[1]);
  const values = batch.samples.map((s) => s[2]);
  return runInTransaction(db, async (trx) => {
    const { rows } = await sql<{ tag_id: number; public_id: string; time: Date; value: number }>`
      with input as (
        select * from unnest(${publicIds}::text[], ${times}::float8[], ${values}::float8[]) as i(public_id, ms, value)
      ), inserted as (
        insert into samples (tag_id, time, value)
        select t.id, to_timestamp(i.ms / 1000.0), i.value
        from input i join tags t on t.public_id = i.public_id and t.agent_id = ${agent.id}
        on conflict do nothing
        returning tag_id, time, value
      ), newest as (
        select distinct on (tag_id) tag_id, time, value from inserted order by tag_id, time desc
      ), last_values as (
        update tags t set last_time = n.time, last_value = n.value
        from newest n
        where t.id = n.tag_id and (t.last_time is null or t.last_time < n.time)
      ), minutes as (
        ${rollupUpsert('samples_1m', 60)}
      ), hours as (
        ${rollupUpsert('samples_1h', 3600)}
      )
      select i.tag_id, t.public_id, i.time, i.value
      from inserted i join tags t on t.id = i.tag_id
      order by i.time, i.tag_id`.execute(trx);
    const samples: StoredSample[] = rows.map((r) => ({
      tagId: r.tag_id,
      tagPublicId: r.public_id,
      time: r.time,
      value: r.value,
    }));
    const last = rows.length > 0 ? rows[rows.length - 1]!.time : null;
    await sql`
      insert into agent_logging_states
        (agent_id, samples_stored, samples_dropped, last_sample_at, last_batch_at, last_batch_id)
      values (${agent.id}, ${rows.length}, ${batch.dropped ?? 0}, ${last}, clock_timestamp(), ${batch.batchId})
      on conflict (agent_id) do update set
        samples_stored = agent_logging_states.samples_stored + excluded.samples_stored,
        samples_dropped = agent_logging_states.samples_dropped + case
          when agent_logging_states.last_batch_id = excluded.last_batch_id then 0 else excluded.samples_dropped end,
        last_sample_at = greatest(agent_logging_states.last_sample_at, excluded.last_sample_at),
        last_batch_at = excluded.last_batch_at,
        last_batch_id = excluded.last_batch_id`.execute(trx);

    const afterCommit: (() => Promise<void>)[] = [];
    if (samples.length > 0) {
      const event: SamplesStored = {
        companyId: agent.companyId,
        agentId: agent.id,
        agentPublicId: agent.publicId,
        samples,
      };
      for (const listener of listeners) {
        const after = await listener(trx, event);
        if (after) afterCommit.push(after);
      }
    }
    const newestByTag = new Map<string, { publicId: string; time: string; value: number }>();
    for (const r of rows)
      newestByTag.set(r.public_id, { publicId: r.public_id, time: r.time.toISOString(), value: r.value });
    return { stored: rows.length, newest: [...newestByTag.values()], afterCommit };
  });
}

/**
 * Folds the newly inserted samples into a roll-up table: min, max, sum, count and the last value.
 * `sum` is double precision; with |value| ≤ maxSampleMagnitude (1e300) and at most one sample per
 * tag and millisecond, an hour's sum stays below 3.6e306, so it cannot overflow (22003).
 */
function rollupUpsert(table: 'samples_1m' | 'samples_1h', seconds: number) {
  return sql`
    insert into ${sql.table(table)} (tag_id, bucket, min, max, sum, count, last_time, last_value)
    select tag_id, date_bin(${`${seconds} seconds`}::interval, time, '2000-01-01T00:00:00Z'::timestamptz) as b,
      min(value), max(value), sum(value), count(*), max(time),
      (array_agg(value order by time desc))[1]
    from inserted group by tag_id, b
    on conflict (tag_id, bucket) do update set
      min = least(${sql.table(table)}.min, excluded.min),
      max = greatest(${sql.table(table)}.max, excluded.max),
      sum = ${sql.table(table)}.sum + excluded.sum,
      count = ${sql.table(table)}.count + excluded.count,
      last_time = greatest(${sql.table(table)}.last_time, excluded.last_time),
      last_value = case when excluded.last_time >= ${sql.table(table)}.last_time
        then excluded.last_value else ${sql.table(table)}.last_value end`;
}
