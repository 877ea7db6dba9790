import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

/** `exchangeOnly`: a jump-start link, which buys one session and signs nothing else in. */
export function insertAccessToken(
  db: Db,
  userId: number,
  secretHash: string,
  expiresOn: Date,
  exchangeOnly = false,
) {
  return db
    .insertInto('access_tokens')
    .values({
      public_id: newPublicId(),
      user_id: userId,
      secret_hash: secretHash,
      expires_on: expiresOn,
      exchange_only: exchangeOnly,
    })
    .returning(['public_id', 'expires_on'])
    .executeTakeFirstOrThrow();
}

/** A token that has not expired, link or not, locked until the caller's transaction ends. */
export function findLiveTokenForUpdate(db: Db, secretHash: string) {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'public_id', 'user_id', 'exchange_only'])
    .where('secret_hash', '=', secretHash)
    .where('expires_on', '>', new Date())
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes one token; false when it was already gone (used by a concurrent exchange). */
export async function deleteAccessTokenById(db: Db, id: number): Promise<boolean> {
  const rows = await db.deleteFrom('access_tokens').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

/** Deletes the listed tokens of this user only; returns the publicIds that were found. */
export async function deleteAccessTokens(db: Db, userId: number, publicIds: string[]): Promise<string[]> {
  const rows = await db
    .deleteFrom('access_tokens')
    .where('user_id', '=', userId)
    .where('public_id', 'in', publicIds)
    .returning('public_id')
    .execute();
  return rows.map((r) => r.public_id);
}

export async function deleteAllAccessTokens(db: Db, userId: number, exceptPublicId?: string) {
  let query = db.deleteFrom('access_tokens').where('user_id', '=', userId);
  if (exceptPublicId) query = query.where('public_id', '!=', exceptPublicId);
  await query.execute();
}

/** Expired tokens are useless; removing them keeps the table small. */
export async function deleteExpiredAccessTokens(db: Db) {
  await db.deleteFrom('access_tokens').where('expires_on', '<=', new Date()).execute();
}
