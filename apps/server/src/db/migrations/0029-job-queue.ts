import { sql, type Kysely } from 'kysely';

// One job queue for every server process on the database (issue 18): each job runs once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table jobs (
      id bigint generated always as identity primary key,
      name text not null,
      payload jsonb not null default '{}',
      state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
      run_at timestamptz(3) not null default now(),
      attempts integer not null default 0,
      max_attempts integer not null default 5 check (max_attempts >= 1),
      -- A running job's lease: past it, the process running it is taken for dead and another claims it.
      locked_until timestamptz(3),
      last_error text,
      -- At most one queued or running job per key (a schedule's slot, a singleton).
      dedupe_key text,
      created_at timestamptz(3) not null default clock_timestamp(),
      started_at timestamptz(3),
      finished_at timestamptz(3)
    )`.execute(db);
  await sql`create index jobs_due on jobs (run_at) where state = 'queued'`.execute(db);
  await sql`create index jobs_leased on jobs (locked_until) where state = 'running'`.execute(db);
  await sql`create index jobs_finished on jobs (finished_at) where state in ('done', 'failed')`.execute(db);
  await sql`create unique index jobs_dedupe on jobs (dedupe_key) where state in ('queued', 'running')`.execute(
    db,
  );

  // Recurring jobs: whoever moves next_run_at on from the value it read enqueues that slot's job.
  await sql`
    create table job_schedules (
      name text primary key,
      every_ms integer check (every_ms > 0),
      cron text,
      next_run_at timestamptz(3) not null,
      last_run_at timestamptz(3),
      check ((every_ms is null) <> (cron is null))
    )`.execute(db);
}
