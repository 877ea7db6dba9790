import { sql, type Kysely } from 'kysely';

// clock_timestamp() orders rows written in one transaction. Timestamps keep millisecond precision so they round-trip through JavaScript Dates exactly,
// which keyset paging on (created_at, public_id) relies on.
const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id integer generated always as identity primary key,
      public_id text not null unique,
      name text not null,
      email_address text not null,
      password_hash text not null,
      totp_secret text,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index users_email_key on users (lower(email_address))`.execute(db);

  await sql`
    create table companies (
      id integer generated always as identity primary key,
      public_id text not null unique,
      name text not null,
      created_at ${createdAt}
    )`.execute(db);

  await sql`
    create table roles (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      capabilities jsonb not null default '[]',
      built_in boolean not null default false,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index roles_company_name_key on roles (company_id, lower(name))`.execute(db);
  await sql`create index roles_company_page on roles (company_id, created_at, public_id)`.execute(db);

  await sql`
    create table memberships (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      role_id integer not null references roles(id),
      created_at ${createdAt},
      unique (company_id, user_id)
    )`.execute(db);
  await sql`create index memberships_user on memberships (user_id)`.execute(db);
  await sql`create index memberships_role on memberships (role_id)`.execute(db);

  await sql`
    create table access_tokens (
      id integer generated always as identity primary key,
      public_id text not null unique,
      user_id integer not null references users(id) on delete cascade,
      secret_hash text not null unique,
      expires_on timestamptz(3) not null,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index access_tokens_user on access_tokens (user_id)`.execute(db);

  await sql`
    create table audit_logs (
      id bigint generated always as identity primary key,
      public_id text not null unique,
      company_id integer references companies(id) on delete cascade,
      actor_user_id integer references users(id) on delete set null,
      action text not null check (action in ('CREATE', 'UPDATE', 'DELETE')),
      resource_rel text not null,
      resource_public_id text not null,
      before jsonb,
      after jsonb,
      client_address text,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index audit_logs_company_page on audit_logs (company_id, created_at, public_id)`.execute(
    db,
  );
}
