import type { Db } from '../../db/client.ts';

export function insertPasswordRecovery(
  db: Db,
  recovery: { userId: number; tokenHash: string; expiresOn: Date },
) {
  return db
    .insertInto('password_recoveries')
    .values({ user_id: recovery.userId, token_hash: recovery.tokenHash, expires_on: recovery.expiresOn })
    .execute();
}

/** The recovery with this token's hash, live or not (a used link still names its account). */
export function findRecovery(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_recoveries')
    .select(['id', 'user_id', 'expires_on', 'used_on'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** An unused, unexpired recovery, locked so that its link works once. */
export function findLiveRecoveryForUpdate(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_recoveries')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_on', 'is', null)
    .where('expires_on', '>', new Date())
    .forUpdate()
    .executeTakeFirst();
}

/** Using one link ends every open link of the user. */
export async function useAllRecoveriesOf(db: Db, userId: number) {
  await db
    .updateTable('password_recoveries')
    .set({ used_on: new Date() })
    .where('user_id', '=', userId)
    .where('used_on', 'is', null)
    .execute();
}

/** Links a day past their end tell nothing more (a refused one names its account only until then). */
export async function deleteOldRecoveries(db: Db) {
  await db
    .deleteFrom('password_recoveries')
    .where('expires_on', '<=', new Date(Date.now() - 86_400_000))
    .execute();
}
