import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** What a worker took: one run of a job. */
export type ClaimedJob = {
  id: string;
  name: string;
  payload: unknown;
  /** This run's number, 1 for the first (a run whose lease ran out counts). */
  attempts: number;
  max_attempts: number;
};

export type NewJob = {
  name: string;
  payload?: unknown;
  /** Not before this time; now by default. */
  runAt?: Date;
  /** Runs, counting the first, before the job is marked failed. */
  maxAttempts?: number;
  /** At most one queued or running job with this key: enqueueing another is a no-op. */
  dedupeKey?: string;
};

const interval = (ms: number) => sql`${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;

/** Stores a job; answers its id, or undefined when a queued or running job has its dedupe key. */
export async function insertJob(db: Db, job: NewJob): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    insert into jobs (name, payload, run_at, max_attempts, dedupe_key)
    values (${job.name}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt ?? sql`now()`},
      ${job.maxAttempts ?? 5}, ${job.dedupeKey ?? null})
    on conflict (dedupe_key) where state in ('queued', 'running') do nothing
    returning id`.execute(db);
  return rows[0]?.id;
}

/**
 * Takes up to `limit` jobs with these names: due queued ones, and running ones whose lease ran
 * out (the process running them died). Row locks with SKIP LOCKED let any number of processes
 * claim at once without taking a job twice; names without a handler here are left to others.
 */
export async function claimJobs(
  db: Db,
  options: { names: readonly string[]; limit: number; leaseMs: number },
): Promise<ClaimedJob[]> {
  if (options.names.length === 0 || options.limit <= 0) return [];
  const { rows } = await sql<ClaimedJob>`
    update jobs set state = 'running', attempts = attempts + 1,
      locked_until = now() + ${interval(options.leaseMs)}, started_at = now()
    where id in (
      select id from jobs
      where name in (${sql.join(options.names)})
        and ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now()))
      order by run_at, id
      limit ${options.limit}
      for update skip locked
    )
    returning id, name, payload, attempts, max_attempts`.execute(db);
  return rows;
}

/** The claim of this run still held: the lease was not lost to another process. */
const held = (job: ClaimedJob) => sql`id = ${job.id} and state = 'running' and attempts = ${job.attempts}`;

/** Extends a running job's lease; answers false when the run no longer holds the job. */
export async function renewLease(db: Db, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const { rows } = await sql`
    update jobs set locked_until = now() + ${interval(leaseMs)} where ${held(job)} returning id`.execute(db);
  return rows.length > 0;
}

export async function markDone(db: Db, job: ClaimedJob) {
  await sql`
    update jobs set state = 'done', locked_until = null, finished_at = now(), last_error = null
    where ${held(job)}`.execute(db);
}

/** A done run whose row has no further use (a recurring job's slot: its schedule keeps the time). */
export async function deleteDone(db: Db, job: ClaimedJob) {
  await sql`delete from jobs where ${held(job)}`.execute(db);
}

/** A failed run: queued again after `retryInMs`, or failed for good after its last attempt. */
export async function markFailed(db: Db, job: ClaimedJob, error: string, retryInMs: number) {
  if (job.attempts >= job.max_attempts)
    await sql`
      update jobs set state = 'failed', locked_until = null, finished_at = now(), last_error = ${error}
      where ${held(job)}`.execute(db);
  else
    await sql`
      update jobs set state = 'queued', locked_until = null, last_error = ${error},
        run_at = now() + ${interval(retryInMs)}
      where ${held(job)}`.execute(db);
}

/** Removes done jobs finished before `doneBefore` and failed ones before `failedBefore`. */
export async function pruneJobs(db: Db, doneBefore: Date, failedBefore: Date) {
  await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finished_at', '<', doneBefore)]),
        eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', failedBefore)]),
      ]),
    )
    .execute();
}

/** Creates a schedule, or changes its timing; a changed timing may only bring its next run closer. */
export async function upsertSchedule(
  db: Db,
  schedule: { name: string; everyMs: number | null; cron: string | null; firstRunAt: Date },
) {
  await sql`
    insert into job_schedules (name, every_ms, cron, next_run_at)
    values (${schedule.name}, ${schedule.everyMs}, ${schedule.cron}, ${schedule.firstRunAt})
    on conflict (name) do update set every_ms = excluded.every_ms, cron = excluded.cron,
      next_run_at = case
        when job_schedules.every_ms is not distinct from excluded.every_ms
          and job_schedules.cron is not distinct from excluded.cron then job_schedules.next_run_at
        else least(job_schedules.next_run_at, excluded.next_run_at) end`.execute(db);
}

export type ScheduleState = { name: string; next_run_at: Date; last_run_at: Date | null };

/** These schedules' next runs, and the database's clock (every process schedules by it). */
export async function readSchedules(db: Db, names: readonly string[]) {
  const { rows } = await sql<ScheduleState & { now: Date }>`
    select name, next_run_at, last_run_at, now() as now from job_schedules
    where name in (${sql.join(names)})`.execute(db);
  return { schedules: rows, now: rows[0]?.now ?? (await databaseNow(db)) };
}

async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
  return rows[0]!.now;
}

/**
 * Takes a schedule's slot `slot` (its next_run_at as read) by moving next_run_at to `next`, and
 * queues the slot's job in the same transaction. Only the process whose update still sees `slot`
 * succeeds, so each slot is queued once however many processes poll. Answers whether it did.
 */
export async function takeScheduleSlot(
  trx: Db,
  schedule: ScheduleState,
  next: Date,
  job: { maxAttempts?: number; singleton?: boolean },
): Promise<boolean> {
  const { rows } = await sql`
    update job_schedules set next_run_at = ${next}, last_run_at = ${schedule.next_run_at}
    where name = ${schedule.name} and next_run_at = ${schedule.next_run_at}
    returning name`.execute(trx);
  if (rows.length === 0) return false;
  await insertJob(trx, {
    name: schedule.name,
    payload: {
      slot: schedule.next_run_at.toISOString(),
      previous: schedule.last_run_at?.toISOString() ?? null,
    },
    // A singleton's slot is skipped while an earlier one is queued or running.
    dedupeKey: job.singleton ? schedule.name : `${schedule.name}@${schedule.next_run_at.toISOString()}`,
    maxAttempts: job.maxAttempts,
  });
  return true;
}
