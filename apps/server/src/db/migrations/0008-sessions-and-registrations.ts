import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A session made from another one (jump-start) keeps the end of the sign-in it descends
  // from, so a stolen token cannot renew itself forever. Existing tokens are their own sign-in.
  await sql`alter table access_tokens add column sign_in_expires_on timestamptz(3)`.execute(db);
  await sql`update access_tokens set sign_in_expires_on = expires_on`.execute(db);
  await sql`alter table access_tokens alter column sign_in_expires_on set not null`.execute(db);
  // What the session list shows: the client that signed in, and when and from where the
  // token was last used (recorded at most once a minute, not on every request).
  await sql`alter table access_tokens add column client text`.execute(db);
  await sql`alter table access_tokens add column last_used_on timestamptz(3)`.execute(db);
  await sql`alter table access_tokens add column last_used_address text`.execute(db);

  // Registrations waiting for their e-mail address to be confirmed; the account is created
  // only then, so registering never tells whether an address already has an account.
  await sql`
    create table registrations (
      id integer generated always as identity primary key,
      name text not null,
      email_address text not null,
      password_hash text not null,
      token_hash text not null unique,
      expires_on timestamptz(3) not null,
      created_at timestamptz(3) not null default clock_timestamp()
    )`.execute(db);
  await sql`create index registrations_expires_on on registrations (expires_on)`.execute(db);
}
