import { sql, type Kysely } from 'kysely';

// Temporary access: a company membership or a group membership may end at a moment. Nothing
// deletes the row then; every check reads `expires_on is null or expires_on > now()`, so access
// ends exactly then, and the administrator still sees (and can renew) what ended.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table memberships add column expires_on timestamptz(3)`.execute(db);
  await sql`alter table group_members add column expires_on timestamptz(3)`.execute(db);
  // The sweep that tells users their access ended looks up what ended since its last run.
  await sql`create index memberships_expires_on on memberships (expires_on) where expires_on is not null`.execute(
    db,
  );
  await sql`create index group_members_expires_on on group_members (expires_on) where expires_on is not null`.execute(
    db,
  );
}
