import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Data logging (issue 16): per agent, data sources and tags; the samples the agent sends,
// partitioned by month (the same on PGlite and PostgreSQL); each company's retention.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Where values come from. modbus: one of the agent's services (the agent reads it on its LAN);
  // mqtt: one of the company's brokers (the server subscribes).
  await sql`
    create table data_sources (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      name text not null,
      kind text not null check (kind in ('modbus', 'mqtt')),
      agent_server_id integer references agent_servers(id) on delete set null,
      unit_id integer not null default 1 check (unit_id between 0 and 255),
      mqtt_broker_id integer references mqtt_brokers(id) on delete set null,
      created_at ${createdAt},
      unique (agent_id, name)
    )`.execute(db);

  await sql`
    create table tags (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      data_source_id integer not null references data_sources(id) on delete cascade,
      name text not null,
      address text not null,
      data_type text not null check (data_type in ('bool', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'float64')),
      scale double precision not null default 1,
      unit text not null default '',
      sample_interval_seconds integer not null default 1 check (sample_interval_seconds between 1 and 86400),
      log_mode text not null default 'interval' check (log_mode in ('change', 'interval')),
      last_time timestamptz(3),
      last_value double precision,
      created_at ${createdAt},
      updated_at ${createdAt},
      unique (agent_id, name)
    )`.execute(db);
  await sql`create index tags_data_source on tags (data_source_id)`.execute(db);

  // One row per value read. (tag_id, time) is the key, so a resent batch stores nothing twice.
  // No foreign key: a deleted tag's samples are removed by the retention job, not row by row.
  await sql`
    create table samples (
      tag_id integer not null,
      time timestamptz(3) not null,
      value double precision not null,
      primary key (tag_id, time)
    ) partition by range (time)`.execute(db);
  await sql`create table samples_default partition of samples default`.execute(db);

  // Roll-ups per tag and minute / hour, folded in set-based as each batch is stored (only the
  // samples it newly stored, so a resent or late batch keeps them exact). Charts of long periods
  // read these instead of the raw samples.
  for (const table of ['samples_1m', 'samples_1h']) {
    await sql`
      create table ${sql.table(table)} (
        tag_id integer not null,
        bucket timestamptz(3) not null,
        min double precision not null,
        max double precision not null,
        sum double precision not null,
        count bigint not null,
        last_time timestamptz(3) not null,
        last_value double precision not null,
        primary key (tag_id, bucket)
      )`.execute(db);
  }

  // Tags deleted (by hand or with their agent): the retention job removes their samples in chunks.
  await sql`create table tag_purges (tag_id integer primary key)`.execute(db);
  await sql`
    create function tags_purge_samples() returns trigger language plpgsql as $$
    begin
      insert into tag_purges (tag_id) values (old.id) on conflict do nothing;
      return old;
    end $$`.execute(db);
  await sql`create trigger tags_purge_samples after delete on tags
    for each row execute function tags_purge_samples()`.execute(db);

  // What the agent collects and what arrived: the config version it was sent, its counters.
  await sql`
    create table agent_logging_states (
      agent_id integer primary key references agents(id) on delete cascade,
      config_version integer not null default 0,
      samples_stored bigint not null default 0,
      samples_dropped bigint not null default 0,
      last_sample_at timestamptz(3),
      last_batch_at timestamptz(3),
      -- The agent's last batch: a resent one does not count its dropped samples twice.
      last_batch_id text
    )`.execute(db);
}
