import { sql } from 'kysely';
import type { UiLanguage } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

export function findUserByEmail(db: Db, emailAddress: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email_address)`, '=', emailAddress.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function insertUser(db: Db, user: { name: string; emailAddress: string; passwordHash: string }) {
  return db
    .insertInto('users')
    .values({
      public_id: newPublicId(),
      name: user.name,
      email_address: user.emailAddress,
      password_hash: user.passwordHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** The user's own settings from PATCH MyUser; only the given columns change. */
export async function updateUserSettings(
  db: Db,
  userId: number,
  changes: { name?: string; language?: UiLanguage | null },
) {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** The stored language of the account with this e-mail address; undefined when there is none. */
export async function findLanguageByEmail(db: Db, emailAddress: string) {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where(sql<string>`lower(email_address)`, '=', emailAddress.toLowerCase())
    .executeTakeFirst();
  return row ? row.language : undefined;
}

export async function findLanguageById(db: Db, id: number) {
  const row = await db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirst();
  return row?.language ?? null;
}
