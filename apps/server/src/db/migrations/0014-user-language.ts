import { sql, type Kysely } from 'kysely';

// The language a user chose for the web app and their e-mails ('en', 'de'); null follows the
// browser's language (and English for e-mails).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column language text
    check (language is null or language in ('en', 'de'))`.execute(db);
}
