import type { Db } from '../../db/client.ts';

export function insertEmailChange(
  db: Db,
  change: { userId: number; newEmailAddress: string; tokenHash: string; expiresOn: Date },
) {
  return db
    .insertInto('email_changes')
    .values({
      user_id: change.userId,
      new_email_address: change.newEmailAddress,
      token_hash: change.tokenHash,
      expires_on: change.expiresOn,
    })
    .execute();
}

/** An unexpired change with this token's hash, locked so it is confirmed once. */
export function findLiveEmailChangeForUpdate(db: Db, tokenHash: string) {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_on', '>', new Date())
    .forUpdate()
    .executeTakeFirst();
}

/** Once one change is confirmed, the user's other pending links are void. */
export async function deleteEmailChangesOf(db: Db, userId: number) {
  await db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}

export async function deleteExpiredEmailChanges(db: Db) {
  await db.deleteFrom('email_changes').where('expires_on', '<=', new Date()).execute();
}

export async function updateUserEmailAddress(db: Db, userId: number, emailAddress: string) {
  await db.updateTable('users').set({ email_address: emailAddress }).where('id', '=', userId).execute();
}
