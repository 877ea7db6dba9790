import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import type { passkeyAccessTokenInput, passkeyCreateInput, passkeyDeleteInput } from '@fleetgate/contracts';
import { errorMessages, type AccessToken, type Passkey, type PasskeyCeremony } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { recordSignInEvent } from '../../auth/sign-in-events.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ApiError, badRequest, conflict, notFound, unauthenticated } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { insertAccessToken } from '../account/access-token.repository.ts';
import { reauthenticate } from '../two-factor/reauthentication.ts';
import type { TotpSecrets } from '../two-factor/totp-secrets.ts';
import {
  deletePasskey,
  findChallenge,
  findCredential,
  findPasskey,
  insertChallenge,
  insertCredential,
  listCredentialIds,
  recordCredentialUse,
  renamePasskey,
  takeChallenge,
  type PasskeyRow,
} from './passkey.repository.ts';

/** How long a ceremony may take, from its options to the authenticator's answer. */
export const challengeSeconds = 5 * 60;

/** ES256, EdDSA, RS256: what every platform authenticator and security key offers. */
const algorithms = [-7, -8, -257];

/**
 * The relying party is PUBLIC_URL: its host name is the RP ID every passkey is bound to (so it
 * must never change), its origin the only one whose ceremonies count.
 */
export function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Fleetgate' };
}

/** Who is asking, for the sign-in history and the audit trail. */
export type Caller = { clientAddress: string; client: string | null };

/** The user handle the authenticator keeps with a discoverable passkey: the user's publicId. */
const userHandleOf = (publicId: string) => new TextEncoder().encode(publicId);

export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    publicId: row.public_id,
    name: row.name,
    createdOn: row.created_at.toISOString(),
    lastUsedOn: row.last_used_on?.toISOString() ?? null,
  };
}

export async function registrationOptions(
  db: Db,
  publicUrl: string,
  user: AuthenticatedUser,
): Promise<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>> {
  const rp = relyingParty(publicUrl);
  const existing = await listCredentialIds(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.emailAddress,
    userDisplayName: user.name,
    userID: userHandleOf(user.publicId),
    timeout: challengeSeconds * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    // Discoverable with user verification: the passkey alone signs in, without a password.
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    supportedAlgorithmIDs: algorithms,
  });
  const { public_id } = await insertChallenge(db, {
    challenge: options.challenge,
    purpose: 'registration',
    userId: user.id,
    expiresOn: new Date(Date.now() + challengeSeconds * 1000),
  });
  return { challengeId: public_id, options };
}

/** The challenge a ceremony's clientDataJSON carries, if it is readable at all. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const parsed = z
      .object({ challenge: z.string().min(1).max(200) })
      .safeParse(JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The password, and a TOTP or recovery code while TOTP is on (see `reauthenticate`). */
/**
 * Stores a new passkey. The authenticator's answer is checked first, then the password and
 * code: a wrong password or code leaves the challenge in place, so the same answer may be sent
 * again with the right ones (no second browser prompt), and a recovery code is spent only on an
 * answer that verified.
 */
export async function createPasskey(
  db: Db,
  publicUrl: string,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  user: AuthenticatedUser,
  input: z.output<typeof passkeyCreateInput>,
  caller: Caller,
): Promise<Passkey> {
  const rp = relyingParty(publicUrl);
  const signed = signedChallenge(input.response.response.clientDataJSON);
  const by = input.challengeId ? { publicId: input.challengeId } : signed && { challenge: signed };
  const challenge = by && (await findChallenge(db, by, 'registration', user.id));
  if (!by || !challenge) throw badRequest(errorMessages.passkeyChallengeInvalid, 'challengeId');
  // A wrong answer uses the challenge up, so it is never tried twice.
  const refuse = async (error: ApiError): Promise<never> => {
    await takeChallenge(db, by, 'registration', user.id);
    throw error;
  };
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: algorithms,
    });
  } catch {
    return refuse(badRequest(errorMessages.passkeyVerificationFailed, 'response'));
  }
  if (!verification.verified) return refuse(badRequest(errorMessages.passkeyVerificationFailed, 'response'));
  const { credential } = verification.registrationInfo;
  if (await findCredential(db, credential.id)) return refuse(conflict(errorMessages.duplicate, 'response'));
  await reauthenticate(db, limiter, secrets, user, caller.clientAddress, input);
  // Taken now, once: of two requests with the same answer only one stores it.
  if ((await takeChallenge(db, by, 'registration', user.id)) !== challenge)
    throw badRequest(errorMessages.passkeyChallengeInvalid, 'challengeId');
  const row = await runInTransaction(db, async (trx) => {
    const stored = await insertCredential(trx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: (input.response.response.transports ?? []).slice(0, 10),
      name: input.name,
    });
    await changed(trx, user, caller, 'added');
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'CREATE',
      rel: 'Passkey',
      publicId: stored.public_id,
      after: { publicId: stored.public_id, name: stored.name },
      clientAddress: caller.clientAddress,
    });
    return stored;
  }).catch((error: unknown) => {
    // The same credential stored by a concurrent request since the check above.
    if ((error as { code?: unknown }).code === '23505') throw conflict(errorMessages.duplicate, 'response');
    throw error;
  });
  return presentPasskey(row);
}

export async function updatePasskey(
  db: Db,
  user: AuthenticatedUser,
  publicId: string,
  name: string,
  caller: Caller,
): Promise<Passkey> {
  const row = await runInTransaction(db, async (trx) => {
    const before = await findPasskey(trx, user.id, publicId);
    if (!before) throw notFound();
    const after = await renamePasskey(trx, user.id, publicId, name);
    if (!after) throw notFound();
    await changed(trx, user, caller, 'renamed');
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'UPDATE',
      rel: 'Passkey',
      publicId,
      before: { publicId, name: before.name },
      after: { publicId, name },
      clientAddress: caller.clientAddress,
    });
    return after;
  });
  return presentPasskey(row);
}

/** Removes a passkey after the password (and a code while TOTP is on); another user's is not found. */
export async function removePasskey(
  db: Db,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  user: AuthenticatedUser,
  publicId: string,
  input: z.output<typeof passkeyDeleteInput>,
  caller: Caller,
) {
  // Looked up first: a passkey that is not there costs no login attempt and no recovery code.
  if (!(await findPasskey(db, user.id, publicId))) throw notFound();
  await reauthenticate(db, limiter, secrets, user, caller.clientAddress, input);
  await runInTransaction(db, async (trx) => {
    if (!(await deletePasskey(trx, user.id, publicId))) throw notFound();
    await changed(trx, user, caller, 'removed');
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'DELETE',
      rel: 'Passkey',
      publicId,
      clientAddress: caller.clientAddress,
    });
  });
  return { publicId };
}

/** Passkeys are second factors: a change is in the history, and cached sign-ins are refreshed. */
async function changed(trx: Db, user: AuthenticatedUser, caller: Caller, detail: string) {
  await recordSignInEvent(trx, {
    userId: user.id,
    kind: 'passkeyChange',
    outcome: 'success',
    detail,
    client: caller.client,
    address: caller.clientAddress,
  });
  await publishAccessChange(trx, { userId: user.id });
}

export async function authenticationOptions(
  db: Db,
  publicUrl: string,
): Promise<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>> {
  const rp = relyingParty(publicUrl);
  // No allowCredentials: the browser offers the discoverable passkeys it has for this RP ID.
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: [],
    userVerification: 'required',
    timeout: challengeSeconds * 1000,
  });
  const { public_id } = await insertChallenge(db, {
    challenge: options.challenge,
    purpose: 'authentication',
    userId: null,
    expiresOn: new Date(Date.now() + challengeSeconds * 1000),
  });
  return { challengeId: public_id, options };
}

/**
 * Signs in with a passkey and no password. Possession of the authenticator and its user
 * verification (PIN or biometrics, required) are two factors, so no code step follows. The
 * attempt spends the address's sign-in budget before anything is checked; only a success gives
 * it back.
 */
export async function logInWithPasskey(
  db: Db,
  publicUrl: string,
  limiter: LoginLimiter,
  input: z.output<typeof passkeyAccessTokenInput>,
  caller: Caller,
): Promise<AccessToken> {
  await limiter.consumeAddress(caller.clientAddress);
  const rp = relyingParty(publicUrl);
  const fail = async (userId: number | null, detail: string): Promise<never> => {
    await recordSignInEvent(db, {
      userId,
      kind: 'passkey',
      outcome: 'failure',
      detail,
      client: caller.client,
      address: caller.clientAddress,
    });
    throw unauthenticated(errorMessages.invalidCredentials);
  };
  const challenge = await takeChallenge(db, { publicId: input.challengeId }, 'authentication', null);
  if (!challenge) return fail(null, 'challenge');
  const credential = await findCredential(db, input.response.id);
  if (!credential) return fail(null, 'unknownPasskey');
  const handle = input.response.response.userHandle;
  if (
    handle !== undefined &&
    handle !== Buffer.from(userHandleOf(credential.user_public_id)).toString('base64url')
  )
    return fail(credential.user_id, 'userHandle');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: credential.credential_id,
        publicKey: new Uint8Array(credential.public_key),
        counter: Number(credential.counter),
      },
      requireUserVerification: true,
    });
  } catch {
    // A counter that did not grow lands here too: the library refuses it as a possible clone.
    return fail(credential.user_id, 'verification');
  }
  if (!verification.verified || !verification.authenticationInfo.userVerified)
    return fail(credential.user_id, 'verification');
  const secret = newSecret();
  const expiresOn = new Date(Date.now() + input.expiresIn * 1000);
  const token = await runInTransaction(db, async (trx) => {
    const { newCounter } = verification.authenticationInfo;
    if (!(await recordCredentialUse(trx, credential.id, credential.counter, newCounter)))
      throw new ApiError(401, errorMessages.invalidCredentials);
    const row = await insertAccessToken(trx, {
      userId: credential.user_id,
      secretHash: hashSecret(secret),
      expiresOn,
      signInExpiresOn: expiresOn,
      client: caller.client,
      address: caller.clientAddress,
      authMethod: 'passkey',
    });
    await writeAudit(trx, {
      companyId: null,
      actorUserId: credential.user_id,
      action: 'CREATE',
      rel: 'AccessToken',
      publicId: row.public_id,
      after: { publicId: row.public_id, expiresOn: row.expires_on },
      clientAddress: caller.clientAddress,
    });
    await recordSignInEvent(trx, {
      userId: credential.user_id,
      kind: 'passkey',
      outcome: 'success',
      client: caller.client,
      address: caller.clientAddress,
    });
    return row;
  }).catch(async (error: unknown) => {
    // Another sign-in stored this counter first: the same assertion is not good twice.
    if (error instanceof ApiError && error.status === 401) return fail(credential.user_id, 'replayed');
    throw error;
  });
  await limiter.succeededAddress(caller.clientAddress);
  return { publicId: token.public_id, secretId: secret, expiresOn: token.expires_on.toISOString() };
}
