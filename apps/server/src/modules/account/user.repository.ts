import { sql } from 'kysely';
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
