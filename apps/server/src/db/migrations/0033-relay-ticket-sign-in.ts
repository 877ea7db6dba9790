import { sql, type Kysely } from 'kysely';

// A tunnel or a web access session outlives the request that opened it, so the relay keeps
// checking the company's sign-in rules while it runs. Single sign-on being required blocks a
// password session but not one made by the company's own identity provider: the ticket and the
// web access session keep which provider's company made the sign-in that asked for them (null:
// not single sign-on), as access_tokens does.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table relay_tickets add column sso_company_id integer`.execute(db);
  await sql`alter table web_access_sessions add column sso_company_id integer`.execute(db);
}
