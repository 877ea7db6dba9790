import { sql, type Kysely } from 'kysely';

// A tunnel or a web access session outlives the request that opened it, so the relay keeps
// checking the company's sign-in rules while it runs. Single sign-on being required blocks a
// password session but not one made by the company's own identity provider: the ticket and the
// web access session keep which provider's company made the sign-in that asked for them (null:
// not single sign-on), as access_tokens does.
//
// A web access session opened before this migration has no record of its sign-in: it is marked
// unknown (sign_in_known false), and the relay applies only the rules that do not depend on the
// sign-in to it, instead of taking a single sign-on session for a password one and ending it.
// Tickets are used within seconds of being issued, so theirs need no such mark.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table relay_tickets add column sso_company_id integer`.execute(db);
  await sql`alter table web_access_sessions add column sso_company_id integer`.execute(db);
  await sql`alter table web_access_sessions add column sign_in_known boolean not null default false`.execute(
    db,
  );
  await sql`alter table web_access_sessions alter column sign_in_known set default true`.execute(db);
}
