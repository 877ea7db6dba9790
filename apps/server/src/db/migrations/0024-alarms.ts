import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Alarms (issue 16): conditions on tags, their occurrences and who gets them by e-mail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alarm_conditions (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      tag_id integer not null references tags(id) on delete cascade,
      name text not null,
      kind text not null check (kind in ('above', 'below', 'equal', 'changed')),
      threshold double precision,
      hysteresis double precision not null default 0 check (hysteresis >= 0),
      delay_seconds integer not null default 0 check (delay_seconds between 0 and 86400),
      severity text not null default 'warning' check (severity in ('info', 'warning', 'critical')),
      enabled boolean not null default true,
      -- Evaluation state: since when the condition holds (for the delay), the last value seen.
      -- last_time: the newest sample time evaluated, so a late, older sample is not evaluated again.
      pending_since timestamptz(3),
      last_value double precision,
      last_time timestamptz(3),
      created_at ${createdAt},
      updated_at ${createdAt}
    )`.execute(db);
  await sql`create index alarm_conditions_tag on alarm_conditions (tag_id)`.execute(db);

  await sql`
    create table alarms (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      condition_id integer not null references alarm_conditions(id) on delete cascade,
      tag_id integer not null references tags(id) on delete cascade,
      severity text not null,
      value double precision not null,
      raised_at timestamptz(3) not null,
      acknowledged_at timestamptz(3),
      acknowledged_by_user_id integer references users(id) on delete set null,
      comment text,
      cleared_at timestamptz(3),
      created_at ${createdAt}
    )`.execute(db);
  // At most one open (not cleared) occurrence per condition.
  await sql`create unique index alarms_open on alarms (condition_id) where cleared_at is null`.execute(db);
  await sql`create index alarms_agent on alarms (agent_id, raised_at desc)`.execute(db);

  await sql`
    create table alarm_subscriptions (
      user_id integer not null references users(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      created_at ${createdAt},
      primary key (user_id, agent_id)
    )`.execute(db);

  // The e-mails sent per occurrence: at most one per occurrence and user, whatever retries.
  await sql`
    create table alarm_mails (
      alarm_id integer not null references alarms(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      created_at ${createdAt},
      primary key (alarm_id, user_id)
    )`.execute(db);
  await sql`create index alarm_conditions_pending on alarm_conditions (pending_since) where pending_since is not null`.execute(
    db,
  );
}
