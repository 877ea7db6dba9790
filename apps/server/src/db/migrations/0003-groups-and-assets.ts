import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table group_types (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      color text not null,
      sort_order integer not null,
      created_at ${createdAt}
    )`.execute(db);
  // The service checks names first and answers NAME_ALREADY_IN_USE; the index is the last word.
  await sql`create unique index group_types_company_name_key on group_types (company_id, lower(name))`.execute(
    db,
  );
  await sql`create index group_types_company_page on group_types (company_id, created_at, public_id)`.execute(
    db,
  );

  await sql`
    create table groups (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      color text not null,
      group_type_id integer not null references group_types(id),
      parent_id integer references groups(id),
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index groups_company_page on groups (company_id, created_at, public_id)`.execute(db);
  await sql`create index groups_group_type on groups (group_type_id)`.execute(db);
  await sql`create index groups_parent on groups (parent_id)`.execute(db);

  await sql`
    create table asset_types (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      sort_order integer not null,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index asset_types_company_name_key on asset_types (company_id, lower(name))`.execute(
    db,
  );
  await sql`create index asset_types_company_page on asset_types (company_id, created_at, public_id)`.execute(
    db,
  );

  await sql`
    create table assets (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      asset_type_id integer not null references asset_types(id),
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index assets_company_page on assets (company_id, created_at, public_id)`.execute(db);
  await sql`create index assets_asset_type on assets (asset_type_id)`.execute(db);
}
