import { sql, type Kysely } from 'kysely';

// When an invite's e-mail last went out: re-sending to one address is limited per company, and
// the limit must hold across server processes, so it is read from the row rather than memory.
// Pending invites get the migration's time, which at worst delays one early re-send.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invites add column sent_at timestamptz(3) not null default now()`.execute(db);
}
