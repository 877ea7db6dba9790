import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Company custom properties: the company's own values of its `company` custom fields and its
// settings (`custom.*`), one row per key. These rows are the one store of the settings:
// `Company.custom` and the branding screen read and write them, so companies.custom goes.
// Menu items: a company's own links in the portal menu, optionally for one access category.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table custom_fields drop constraint custom_fields_entity_check`.execute(db);
  await sql`
    alter table custom_fields add constraint custom_fields_entity_check
    check (entity in ('agent', 'asset', 'group', 'user', 'company'))`.execute(db);

  await sql`
    create table company_custom_properties (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      key text not null,
      -- The field whose value this is; null for a setting (key custom.*). A field's values go with it.
      custom_field_id integer references custom_fields(id) on delete cascade,
      value jsonb not null,
      created_at ${createdAt},
      check ((custom_field_id is null) = (key like 'custom.%'))
    )`.execute(db);
  // One value per key; the service answers 409 first, the index settles races.
  await sql`create unique index company_custom_properties_key on company_custom_properties (company_id, key)`.execute(
    db,
  );
  await sql`create index company_custom_properties_page on company_custom_properties (company_id, created_at, public_id)`.execute(
    db,
  );
  await sql`create index company_custom_properties_field on company_custom_properties (custom_field_id)`.execute(
    db,
  );
  // The settings stored so far move into rows, each with a publicId of its own.
  await sql`
    insert into company_custom_properties (public_id, company_id, key, value)
    select substr(md5(random()::text || c.id::text || s.key), 1, 12), c.id, 'custom.' || s.key, s.value
    from companies c, jsonb_each(c.custom) s
    where s.key = 'glbVpnClientReleaseNotesUrl' and jsonb_typeof(s.value) = 'string'`.execute(db);
  await sql`alter table companies drop column custom`.execute(db);

  await sql`
    create table menu_items (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text,
      translation_key text,
      url text not null,
      icon text not null,
      sort_order integer not null,
      -- An access category still named by a link cannot be deleted (Audience is still in use).
      audience_id integer references audiences(id),
      created_at ${createdAt},
      check ((name is null) <> (translation_key is null))
    )`.execute(db);
  await sql`create index menu_items_company_page on menu_items (company_id, created_at, public_id)`.execute(
    db,
  );
  await sql`create index menu_items_audience on menu_items (audience_id)`.execute(db);
}
