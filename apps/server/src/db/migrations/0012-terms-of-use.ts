import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Terms of use and privacy statements of a company or a sector (exactly one of the two).
// Terms are versioned: every change is a new policy row with the full texts, kept for the record,
// and members accept a version (acceptances keep when and from where). The privacy statement is
// one row per owner, changed in place (each change is audited). The built-in administrator role
// holds every capability of the catalogue by definition (roleCapabilities), so existing companies'
// administrators get privacyStatement.manage and termsOfUse.manage without a data change here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table privacy_statements (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer unique references companies(id) on delete cascade,
      sector_id integer unique references sectors(id) on delete cascade,
      languages jsonb not null default '{}',
      updated_at ${createdAt},
      check ((company_id is null) <> (sector_id is null))
    )`.execute(db);

  await sql`
    create table terms_of_use_policies (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer references companies(id) on delete cascade,
      sector_id integer references sectors(id) on delete cascade,
      version integer not null check (version > 0),
      languages jsonb not null,
      created_by_user_id integer references users(id) on delete set null,
      created_at ${createdAt},
      check ((company_id is null) <> (sector_id is null)),
      unique (company_id, version),
      unique (sector_id, version)
    )`.execute(db);

  await sql`
    create table terms_of_use_acceptances (
      id integer generated always as identity primary key,
      public_id text not null unique,
      user_id integer not null references users(id) on delete cascade,
      policy_id integer not null references terms_of_use_policies(id) on delete cascade,
      accepted_at ${createdAt},
      client_address text,
      unique (user_id, policy_id)
    )`.execute(db);
}
