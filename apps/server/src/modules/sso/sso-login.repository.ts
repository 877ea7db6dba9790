import type { Db } from '../../db/client.ts';
import { unexpired } from '../../auth/temporary-access.ts';

export async function insertSsoLogin(
  db: Db,
  login: {
    stateHash: string;
    bindingHash: string;
    providerId: number;
    codeVerifier: string;
    nonce: string;
    expiresOn: Date;
  },
) {
  await db
    .insertInto('sso_logins')
    .values({
      state_hash: login.stateHash,
      binding_hash: login.bindingHash,
      provider_id: login.providerId,
      code_verifier: login.codeVerifier,
      nonce: login.nonce,
      expires_on: login.expiresOn,
    })
    .execute();
}

/**
 * Takes the sign-in in flight with this state hash: deleted in the same statement, so a state
 * (and the code that came with it) is used at most once, even by two requests at the same time.
 * It is taken whether or not the caller then proves to be the browser that started it, so a
 * leaked callback link dies at its first use.
 */
export function takeSsoLogin(db: Db, stateHash: string) {
  return db
    .deleteFrom('sso_logins')
    .where('state_hash', '=', stateHash)
    .returning(['provider_id', 'binding_hash', 'code_verifier', 'nonce', 'expires_on'])
    .executeTakeFirst();
}

/** Sign-ins abandoned at the provider; removed whenever a new one starts. */
export async function deleteExpiredSsoLogins(db: Db, now: Date) {
  await db.deleteFrom('sso_logins').where('expires_on', '<=', now).execute();
}

export function findSsoLink(db: Db, providerId: number, subject: string) {
  return db
    .selectFrom('sso_links')
    .select(['user_id'])
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function findSsoLinkOfUser(db: Db, providerId: number, userId: number) {
  return db
    .selectFrom('sso_links')
    .select(['subject'])
    .where('provider_id', '=', providerId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Links the subject; false when a parallel sign-in linked it first (the unique index decides). */
export async function insertSsoLink(db: Db, providerId: number, userId: number, subject: string) {
  const row = await db
    .insertInto('sso_links')
    .values({ provider_id: providerId, user_id: userId, subject })
    .onConflict((oc) => oc.columns(['provider_id', 'subject']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isMemberOf(db: Db, companyId: number, userId: number) {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where(unexpired('memberships.expires_on'))
    .executeTakeFirst();
  return row !== undefined;
}
