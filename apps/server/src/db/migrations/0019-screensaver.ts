import { sql, type Kysely } from 'kysely';

// Gateways with a display (an HMI or router display) show a screensaver image the company chose,
// one per agent. An upload replaces the row, so each image gets a new publicId and its URL can be
// cached for good; the agent compares the sha256 (its ETag) to fetch only what changed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agents add column has_display boolean not null default false`.execute(db);
  await sql`
    create table router_display_screensavers (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null unique references agents(id) on delete cascade,
      content_type text not null,
      bytes bytea not null,
      size integer not null,
      sha256 text not null,
      created_at timestamptz(3) not null default clock_timestamp(),
      created_by_user_id integer references users(id) on delete set null
    )`.execute(db);
}
