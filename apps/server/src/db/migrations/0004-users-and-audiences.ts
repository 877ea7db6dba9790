import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audiences (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      description text,
      is_default boolean not null default false,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index audiences_company_name_key on audiences (company_id, lower(name))`.execute(
    db,
  );
  // One default per company, whatever the callers do.
  await sql`create unique index audiences_company_default_key on audiences (company_id) where is_default`.execute(
    db,
  );
  await sql`create index audiences_company_page on audiences (company_id, created_at, public_id)`.execute(db);

  // A member's access category; deleting one that is still assigned is refused by the service first.
  await sql`alter table memberships add column audience_id integer references audiences(id)`.execute(db);
  await sql`create index memberships_audience on memberships (audience_id)`.execute(db);

  // Pending invites only: accepting, rejecting or cancelling deletes the row (the audit trail keeps it).
  await sql`
    create table invites (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      email_address text not null,
      role_id integer not null references roles(id) on delete cascade,
      invited_by_user_id integer references users(id) on delete set null,
      expires_on timestamptz(3) not null,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index invites_company_email_key on invites (company_id, lower(email_address))`.execute(
    db,
  );
  await sql`create index invites_email on invites (lower(email_address))`.execute(db);
  await sql`create index invites_company_page on invites (company_id, created_at, public_id)`.execute(db);
}
