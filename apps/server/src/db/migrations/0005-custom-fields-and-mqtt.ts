import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table custom_fields (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      entity text not null check (entity in ('agent', 'asset', 'group', 'user')),
      key text not null,
      name text not null,
      type text not null check (type in ('text', 'number', 'boolean', 'date', 'select')),
      options jsonb not null default '[]',
      required boolean not null default false,
      sort_order integer not null,
      created_at ${createdAt}
    )`.execute(db);
  // Names and keys are unique per entity, ignoring case; the service checks first so users get
  // NAME_ALREADY_IN_USE / KEY_ALREADY_IN_USE, the indexes settle races.
  await sql`create unique index custom_fields_name_key on custom_fields (company_id, entity, lower(name))`.execute(
    db,
  );
  await sql`create unique index custom_fields_key_key on custom_fields (company_id, entity, lower(key))`.execute(
    db,
  );
  await sql`create index custom_fields_company_page on custom_fields (company_id, created_at, public_id)`.execute(
    db,
  );

  await sql`
    create table mqtt_brokers (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      url text not null,
      client_id text,
      username text,
      password_sealed text,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index mqtt_brokers_name_key on mqtt_brokers (company_id, lower(name))`.execute(db);
  await sql`create index mqtt_brokers_company_page on mqtt_brokers (company_id, created_at, public_id)`.execute(
    db,
  );
}
