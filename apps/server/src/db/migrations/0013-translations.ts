import { sql, type Kysely } from 'kysely';

// A company's own texts: one row per key, its languages as a JSON object by language code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table translations (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      key text not null,
      languages jsonb not null,
      created_at timestamptz(3) not null default clock_timestamp()
    )`.execute(db);
  // Keys are case-sensitive like the app's own text keys. The service reports a taken key as
  // "Duplicate" with its listIndex; the index settles races.
  await sql`create unique index translations_key_key on translations (company_id, key)`.execute(db);
  await sql`create index translations_company_page on translations (company_id, created_at, public_id)`.execute(
    db,
  );
}
