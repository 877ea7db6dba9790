import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

export type JobCount = { queue: string; state: string; count: number };

/** Counts stop here: past it the number only says "far too many", and each count stays cheap. */
export const jobCountCap = 10_000;

/**
 * How much background work waits or failed, per queue and state, for /metrics: webhook deliveries
 * (pending, failed ones still kept), the report queue (queued, running, failed) and the job queue
 * (queued, running, failed). One query of
 * capped counts; further queues join here as more rows of the same shape.
 */
export async function jobsCollector(db: Db): Promise<JobCount[]> {
  const capped = (from: ReturnType<typeof sql>) =>
    sql<number>`(select count(*)::int from (select 1 from ${from} limit ${jobCountCap}) as capped)`;
  const { rows } = await sql<Record<string, number>>`select
      ${capped(sql`webhook_deliveries where state = 'pending'`)} as webhook_pending,
      ${capped(sql`webhook_deliveries where state = 'failed'`)} as webhook_failed,
      ${capped(sql`report_jobs where state = 'queued'`)} as report_queued,
      ${capped(sql`report_jobs where state = 'running'`)} as report_running,
      ${capped(sql`report_jobs where state = 'failed'`)} as report_failed,
      ${capped(sql`jobs where state = 'queued'`)} as jobs_queued,
      ${capped(sql`jobs where state = 'running'`)} as jobs_running,
      ${capped(sql`jobs where state = 'failed'`)} as jobs_failed`.execute(db);
  const row = rows[0] ?? {};
  const count = (name: string) => Number(row[name] ?? 0);
  return [
    { queue: 'webhook_deliveries', state: 'pending', count: count('webhook_pending') },
    { queue: 'webhook_deliveries', state: 'failed', count: count('webhook_failed') },
    { queue: 'reports', state: 'queued', count: count('report_queued') },
    { queue: 'reports', state: 'running', count: count('report_running') },
    { queue: 'reports', state: 'failed', count: count('report_failed') },
    { queue: 'jobs', state: 'queued', count: count('jobs_queued') },
    { queue: 'jobs', state: 'running', count: count('jobs_running') },
    { queue: 'jobs', state: 'failed', count: count('jobs_failed') },
  ];
}
