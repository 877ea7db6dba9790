import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Sectors are white-label partners: companies may belong to one and may have a parent company.
// A branding belongs to exactly one company or one sector; its fqdn is unique across the instance
// (stored lower-cased). Images live in the database and are never changed in place: a new upload
// is a new row with a new publicId, so its URL can be cached forever.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sectors (
      id integer generated always as identity primary key,
      public_id text not null unique,
      name text not null,
      created_at ${createdAt}
    )`.execute(db);

  await sql`alter table companies add column sector_id integer references sectors(id) on delete set null`.execute(
    db,
  );
  await sql`alter table companies add column parent_company_id integer references companies(id) on delete set null`.execute(
    db,
  );
  await sql`alter table companies add constraint companies_parent_not_self check (parent_company_id <> id)`.execute(
    db,
  );
  await sql`create index companies_sector on companies (sector_id)`.execute(db);
  await sql`create index companies_parent on companies (parent_company_id)`.execute(db);

  await sql`
    create table branding_images (
      id integer generated always as identity primary key,
      public_id text not null unique,
      content_type text not null,
      bytes bytea not null,
      size integer not null,
      sha256 text not null,
      created_at ${createdAt}
    )`.execute(db);

  await sql`
    create table brandings (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer unique references companies(id) on delete cascade,
      sector_id integer unique references sectors(id) on delete cascade,
      fqdn text check (fqdn = lower(fqdn)),
      theme jsonb,
      custom_browser_title text,
      app_store_links jsonb not null default '{}',
      supported_platforms jsonb not null default '[]',
      logo_light_id integer references branding_images(id) on delete set null,
      logo_dark_id integer references branding_images(id) on delete set null,
      favicon_id integer references branding_images(id) on delete set null,
      created_at ${createdAt},
      check ((company_id is null) <> (sector_id is null))
    )`.execute(db);
  await sql`create unique index brandings_fqdn_key on brandings (fqdn)`.execute(db);
}
