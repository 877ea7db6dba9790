import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Reports (issue 16): the report queue (jobs kept in the database, so they survive a restart
// and run once) and scheduled reports.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_schedules (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      page_id integer not null references pages(id) on delete cascade,
      agent_id integer references agents(id) on delete cascade,
      asset_id integer references assets(id) on delete cascade,
      frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
      time_zone text not null,
      created_by_user_id integer references users(id) on delete set null,
      next_run_at timestamptz(3) not null,
      last_run_at timestamptz(3),
      created_at ${createdAt},
      check ((agent_id is null) <> (asset_id is null))
    )`.execute(db);
  await sql`
    create table report_schedule_recipients (
      schedule_id integer not null references report_schedules(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      primary key (schedule_id, user_id)
    )`.execute(db);

  await sql`
    create table report_jobs (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      page_id integer not null references pages(id) on delete cascade,
      agent_id integer references agents(id) on delete cascade,
      asset_id integer references assets(id) on delete cascade,
      period_start timestamptz(3) not null,
      period_end timestamptz(3) not null,
      time_zone text not null,
      requested_by_user_id integer references users(id) on delete set null,
      schedule_id integer references report_schedules(id) on delete set null,
      state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
      progress integer not null default 0,
      attempts integer not null default 0,
      -- A worker holds a running job until locked_until; past it another worker may take it.
      locked_until timestamptz(3),
      error text,
      file bytea,
      file_name text,
      size_bytes integer,
      created_at ${createdAt},
      started_at timestamptz(3),
      finished_at timestamptz(3),
      check ((agent_id is null) <> (asset_id is null))
    )`.execute(db);
  await sql`create index report_jobs_pending on report_jobs (created_at) where state in ('queued', 'running')`.execute(
    db,
  );
  await sql`create index report_jobs_agent on report_jobs (agent_id, created_at desc)`.execute(db);
  await sql`create index report_jobs_asset on report_jobs (asset_id, created_at desc)`.execute(db);
}
