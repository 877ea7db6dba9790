import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table messages (
      id integer generated always as identity primary key,
      public_id text not null unique,
      user_id integer not null references users(id) on delete cascade,
      company_id integer references companies(id) on delete cascade,
      subject text not null,
      body text not null,
      read_at timestamptz(3),
      created_at timestamptz(3) not null default clock_timestamp()
    )`.execute(db);
  await sql`create index messages_user_page on messages (user_id, created_at, public_id)`.execute(db);
}
