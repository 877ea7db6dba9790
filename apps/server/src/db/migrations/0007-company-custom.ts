import { sql, type Kysely } from 'kysely';

// Company settings the portal reads by key (custom.glbVpnClientReleaseNotesUrl); a key that is
// absent takes its default, so existing companies need no backfill.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies add column custom jsonb not null default '{}'`.execute(db);
}
