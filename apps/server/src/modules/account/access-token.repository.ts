import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

export function insertAccessToken(db: Db, userId: number, secretHash: string, expiresOn: Date) {
  return db
    .insertInto('access_tokens')
    .values({ public_id: newPublicId(), user_id: userId, secret_hash: secretHash, expires_on: expiresOn })
    .returning(['public_id', 'expires_on'])
    .executeTakeFirstOrThrow();
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
