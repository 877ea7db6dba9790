import { limits, type AccessToken } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { badRequest, unauthenticated } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import {
  deleteAccessTokenById,
  findLiveTokenForUpdate,
  insertAccessToken,
} from './access-token.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';

/**
 * Jump-start (portal spec §7): `POST AccessTokenList` with a bearer token instead of a password.
 * - A signed-in user's token creates a link token of at most 60 s that can only be exchanged.
 * - A link token is exchanged, once, for a session (30 days by default); it is deleted in the
 *   same transaction, so a used or expired link is refused (401) like any unknown token.
 * - Neither outlives the password sign-in it descends from, so a stolen token cannot keep
 *   itself alive by jump-starting new sessions.
 */
export async function issueFromBearer(
  db: Db,
  secret: string,
  expiresIn: number,
  clientAddress: string,
  client: string | null,
): Promise<AccessToken> {
  return runInTransaction(db, async (trx) => {
    const presented = await findLiveTokenForUpdate(trx, hashSecret(secret));
    if (!presented) throw unauthenticated();
    const audit = { companyId: null, actorUserId: presented.user_id, rel: 'AccessToken', clientAddress };
    if (presented.exchange_only) {
      if (expiresIn <= limits.jumpStartLinkSeconds)
        throw badRequest('A jump-start link can only be exchanged for a session', 'expiresIn');
      if (expiresIn > limits.jumpStartSessionSeconds)
        throw badRequest(`Too big: at most ${limits.jumpStartSessionSeconds}`, 'expiresIn');
      if (!(await deleteAccessTokenById(trx, presented.id))) throw unauthenticated();
      await writeAudit(trx, { ...audit, action: 'DELETE', publicId: presented.public_id });
    } else if (expiresIn > limits.jumpStartLinkSeconds) {
      // A token must not extend itself: longer sessions need the password (Basic) or a link.
      throw badRequest(`Too big: at most ${limits.jumpStartLinkSeconds}`, 'expiresIn');
    }
    const link = !presented.exchange_only;
    const newToken = newSecret();
    // Links and sessions end with the sign-in they descend from, however often they are chained.
    const signInExpiresOn = presented.sign_in_expires_on;
    const expiresOn = new Date(Math.min(Date.now() + expiresIn * 1000, signInExpiresOn.getTime()));
    const row = await insertAccessToken(trx, {
      userId: presented.user_id,
      secretHash: hashSecret(newToken),
      expiresOn,
      signInExpiresOn,
      exchangeOnly: link,
      // …and keep how it was made: an SSO sign-in's links reach its company only, as it does.
      authMethod: presented.auth_method,
      ssoCompanyId: presented.sso_company_id,
      client,
      address: clientAddress,
    });
    await writeAudit(trx, {
      ...audit,
      action: 'CREATE',
      publicId: row.public_id,
      after: { publicId: row.public_id, expiresOn: row.expires_on, jumpStartLink: link },
    });
    return { publicId: row.public_id, secretId: newToken, expiresOn: row.expires_on.toISOString() };
  });
}
