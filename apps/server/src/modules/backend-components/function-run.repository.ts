import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { ClaimedJob } from '../../jobs/queue/job.repository.ts';

/** The job queue's name for one run of a subscribed function. */
export const functionRunJobName = 'functions.run';

const interval = (ms: number) => sql`${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;

/** Due, or left running by a process that died (its lease ran out). */
const claimable = sql`((j.state = 'queued' and j.run_at <= now()) or (j.state = 'running' and j.locked_until < now()))`;

/**
 * Queues a run unless its company already has `queuedPerCompany` runs waiting; answers whether it
 * was queued. The count and the insert are one statement; processes inserting at the same moment
 * may pass the bound by a few runs, which only bounds the backlog less tightly.
 */
export async function insertFunctionRun(
  db: Db,
  run: { companyId: number; payload: unknown; maxAttempts: number },
  queuedPerCompany: number,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    insert into jobs (name, payload, max_attempts, company_id)
    select ${functionRunJobName}, ${JSON.stringify(run.payload)}::jsonb, ${run.maxAttempts}, ${run.companyId}
    where (
      select count(*) from (
        select 1 from jobs
        where name = ${functionRunJobName} and company_id = ${run.companyId} and state = 'queued'
        limit ${queuedPerCompany}
      ) as waiting
    ) < ${queuedPerCompany}
    returning id`.execute(db);
  return rows.length > 0;
}

/**
 * Takes up to `limit` runs, shared out between companies: a company holding `slotsPerCompany`
 * runs (in any process) gets none, and the others take turns, the one with the fewest running
 * first and the oldest run of each turn first. Claims are taken one process at a time (a
 * transaction-scoped advisory lock), so two processes cannot both give a company its last slot.
 */
export function claimFunctionRuns(
  db: Db,
  options: { limit: number; leaseMs: number; slotsPerCompany: number },
): Promise<ClaimedJob[]> {
  if (options.limit <= 0) return Promise.resolve([]);
  return runInTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${functionRunJobName}))`.execute(trx);
    const { rows } = await sql<ClaimedJob>`
      with busy as (
        select company_id, count(*) as running from jobs
        where name = ${functionRunJobName} and state = 'running' and locked_until >= now()
        group by company_id
      ), turns as (
        select j.id, j.run_at,
          coalesce(busy.running, 0) + row_number() over (partition by j.company_id order by j.run_at, j.id) as turn
        from jobs j left join busy on busy.company_id = j.company_id
        where j.name = ${functionRunJobName} and ${claimable}
      ), chosen as (
        select id from turns where turn <= ${options.slotsPerCompany}
        order by turn, run_at, id
        limit ${options.limit}
      )
      update jobs j set state = 'running', attempts = j.attempts + 1,
        locked_until = now() + ${interval(options.leaseMs)}, started_at = now()
      from chosen
      where j.id = chosen.id and ${claimable}
      returning j.id, j.name, j.payload, j.attempts, j.max_attempts`.execute(trx);
    return rows;
  });
}

/** A company's runs queued or running in any process (tests wait for none to be left). */
export async function countFunctionRuns(db: Db, companyId: number): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from jobs
    where name = ${functionRunJobName} and company_id = ${companyId} and state in ('queued', 'running')`.execute(
    db,
  );
  return Number(rows[0]!.count);
}
