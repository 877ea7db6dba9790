import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Backend components (issue 17): company-written functions, run in a sandbox on subscribed messages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table backend_component_templates (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      description text not null default '',
      code text not null,
      created_at ${createdAt},
      updated_at ${createdAt},
      unique (company_id, name)
    )`.execute(db);

  // A template shared with another company, which may run it (with its own config) but not read it.
  await sql`
    create table backend_component_template_shares (
      id integer generated always as identity primary key,
      public_id text not null unique,
      template_id integer not null references backend_component_templates(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      created_at ${createdAt},
      unique (template_id, company_id)
    )`.execute(db);

  // One config per running company and template: plain values, encrypted secrets, reachable hosts.
  await sql`
    create table backend_component_template_configs (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      template_id integer not null references backend_component_templates(id) on delete cascade,
      "values" jsonb not null default '{}',
      secrets jsonb not null default '{}',
      allowed_hosts jsonb not null default '[]',
      created_at ${createdAt},
      updated_at ${createdAt},
      unique (company_id, template_id)
    )`.execute(db);

  // What makes a company run a template (its own or one shared with it).
  await sql`
    create table backend_component_message_subscriptions (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      template_id integer not null references backend_component_templates(id) on delete cascade,
      kind text not null check (kind in ('tagSamples', 'alarmRaised', 'accessRequestDecided', 'agentStatus', 'schedule')),
      agent_id integer references agents(id) on delete cascade,
      cron text,
      enabled boolean not null default true,
      -- For schedules: the last minute run, so a restart or a second process does not run it again.
      last_scheduled_for timestamptz(3),
      created_at ${createdAt},
      updated_at ${createdAt}
    )`.execute(db);
  await sql`create index backend_component_subscriptions_company on backend_component_message_subscriptions (company_id, kind)`.execute(
    db,
  );
  await sql`
    create table backend_component_subscription_tags (
      subscription_id integer not null references backend_component_message_subscriptions(id) on delete cascade,
      tag_id integer not null references tags(id) on delete cascade,
      primary key (subscription_id, tag_id)
    )`.execute(db);
  await sql`create index backend_component_subscription_tags_tag on backend_component_subscription_tags (tag_id)`.execute(
    db,
  );

  // Every run: console output, result, duration, error; bounded per company and template.
  await sql`
    create table backend_component_runs (
      id bigint generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      template_id integer not null references backend_component_templates(id) on delete cascade,
      subscription_id integer references backend_component_message_subscriptions(id) on delete set null,
      trigger text not null,
      status text not null check (status in ('ok', 'error', 'timeout', 'memory')),
      started_at timestamptz(3) not null,
      duration_ms integer not null,
      logs jsonb not null default '[]',
      result jsonb,
      error text
    )`.execute(db);
  await sql`create index backend_component_runs_template on backend_component_runs (template_id, company_id, id desc)`.execute(
    db,
  );

  // Tags a function writes (derived values) belong to a data source of kind 'function': nothing samples it.
  await sql`alter table data_sources drop constraint data_sources_kind_check`.execute(db);
  await sql`alter table data_sources add constraint data_sources_kind_check check (kind in ('modbus', 'mqtt', 'function'))`.execute(
    db,
  );
}
