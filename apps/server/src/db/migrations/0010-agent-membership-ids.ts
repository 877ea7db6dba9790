import { sql, type Kysely } from 'kysely';

// An agent's group membership is an object of its answers (`memberships[]`), and every object
// carries a publicId. Existing rows get a random 12-character id (md5 of random data is
// [0-9a-f], a subset of the public id alphabet); new rows get theirs from the application.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agent_groups add column public_id text`.execute(db);
  await sql`
    update agent_groups
    set public_id = substr(md5(random()::text || agent_id::text || '-' || group_id::text), 1, 12)
  `.execute(db);
  await sql`alter table agent_groups alter column public_id set not null`.execute(db);
  await sql`create unique index agent_groups_public_id_key on agent_groups (public_id)`.execute(db);
}
