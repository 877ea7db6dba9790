import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Pages (issue 16): dashboards and reports with a draft and a published version.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pages (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      title text not null,
      kind text not null default 'dashboard' check (kind in ('dashboard', 'report')),
      is_default boolean not null default false,
      group_id integer references groups(id) on delete set null,
      draft_version_id integer,
      published_version_id integer,
      created_at ${createdAt},
      updated_at ${createdAt}
    )`.execute(db);
  // One default page per company.
  await sql`create unique index pages_default on pages (company_id) where is_default`.execute(db);

  await sql`
    create table page_versions (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      page_id integer not null references pages(id) on delete cascade,
      title text not null,
      icon text,
      group_id integer references groups(id) on delete set null,
      period_spec text not null default 'today',
      components jsonb not null default '[]',
      preview_agent_id integer references agents(id) on delete set null,
      preview_asset_id integer references assets(id) on delete set null,
      created_at ${createdAt},
      updated_at ${createdAt}
    )`.execute(db);
  await sql`alter table pages add foreign key (draft_version_id) references page_versions(id) on delete set null`.execute(
    db,
  );
  await sql`alter table pages add foreign key (published_version_id) references page_versions(id) on delete set null`.execute(
    db,
  );

  // A version's sub-pages, in order.
  await sql`
    create table page_version_pages (
      page_version_id integer not null references page_versions(id) on delete cascade,
      sub_page_id integer not null references pages(id) on delete cascade,
      sort_order integer not null,
      primary key (page_version_id, sub_page_id)
    )`.execute(db);

  await sql`
    create table page_agents (
      page_id integer not null references pages(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      primary key (page_id, agent_id)
    )`.execute(db);
  await sql`create index page_agents_agent on page_agents (agent_id)`.execute(db);
  await sql`
    create table page_assets (
      page_id integer not null references pages(id) on delete cascade,
      asset_id integer not null references assets(id) on delete cascade,
      primary key (page_id, asset_id)
    )`.execute(db);
  await sql`create index page_assets_asset on page_assets (asset_id)`.execute(db);
}
