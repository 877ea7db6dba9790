import type { Db } from '../../db/client.ts';
import type { AuthMethod } from '../../db/schema.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export type NewAccessToken = {
  userId: number;
  secretHash: string;
  expiresOn: Date;
  /** The end of the sign-in it descends from: its own expiry for a password sign-in. */
  signInExpiresOn: Date;
  /** A jump-start link, which buys one session and signs nothing else in. */
  exchangeOnly?: boolean;
  /** How the sign-in was made; a password unless said otherwise. */
  authMethod?: AuthMethod;
  /** For an SSO sign-in: the provider's company, the only one the session reaches. */
  ssoCompanyId?: number | null;
  client: string | null;
  address: string;
};

export function insertAccessToken(db: Db, token: NewAccessToken) {
  return db
    .insertInto('access_tokens')
    .values({
      public_id: newPublicId(),
      user_id: token.userId,
      secret_hash: token.secretHash,
      expires_on: token.expiresOn,
      sign_in_expires_on: token.signInExpiresOn,
      exchange_only: token.exchangeOnly ?? false,
      auth_method: token.authMethod ?? 'password',
      sso_company_id: token.ssoCompanyId ?? null,
      client: token.client,
      last_used_on: new Date(),
      last_used_address: token.address,
    })
    .returning(['public_id', 'expires_on'])
    .executeTakeFirstOrThrow();
}

/** A token that has not expired, link or not, locked until the caller's transaction ends. */
export function findLiveTokenForUpdate(db: Db, secretHash: string) {
  return db
    .selectFrom('access_tokens')
    .select([
      'id',
      'public_id',
      'user_id',
      'exchange_only',
      'sign_in_expires_on',
      'auth_method',
      'sso_company_id',
    ])
    .where('secret_hash', '=', secretHash)
    .where('expires_on', '>', new Date())
    .forUpdate()
    .executeTakeFirst();
}

const sessionColumns = [
  'public_id',
  'created_at',
  'expires_on',
  'client',
  'last_used_on',
  'last_used_address',
] as const;

/** A user's live sessions (jump-start links are no sessions); never the secret's hash. */
export function listSessions(db: Db, userId: number, list: ListQuery) {
  const query = db
    .selectFrom('access_tokens as t')
    .select(sessionColumns.map((c) => `t.${c}` as const))
    .where('t.user_id', '=', userId)
    .where('t.exchange_only', '=', false)
    .where('t.expires_on', '>', new Date());
  return keysetPage(query, 't', list).execute();
}

export type SessionRow = Awaited<ReturnType<typeof listSessions>>[number];

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
