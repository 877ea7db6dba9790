import {
  errorMessages,
  type AccessToken,
  type MyUser,
  type MyUserPatchInput,
  type SecondFactorKind,
  type SignInEventKind,
  type MySignInRules,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser, CompanyContext } from '../../auth/context.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { hashPassword, isCommonPassword, spendVerifyTime, verifyPassword } from '../../auth/passwords.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { secondFactorsOf } from '../../auth/second-factor.ts';
import { recordSignInEvent } from '../../auth/sign-in-events.ts';
import { checkSecondFactorCode } from '../two-factor/code-check.ts';
import { readTotpSecret, type TotpSecrets } from '../two-factor/totp-secrets.ts';
import {
  deleteAllTrustedDevices,
  findTrustedDevice,
  insertTrustedDevice,
  touchTrustedDevice,
  trustedDeviceDays,
} from '../trusted-devices/trusted-device.repository.ts';
import { ApiError, badRequest, unauthenticated } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { findUserByEmail, findUserById, updatePasswordHash, updateUserSettings } from './user.repository.ts';
import { deleteAllAccessTokens, deleteAccessTokens, insertAccessToken } from './access-token.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';

export type Credentials = { emailAddress: string; otp: string; password: string };

/** Where a sign-in comes from, and what the browser brings beyond the credentials. */
export type SignInRequest = {
  expiresIn: number;
  clientAddress: string;
  client: string | null;
  /** The `Api-Device-Id` header: a trusted browser's secret. */
  deviceSecret: string | undefined;
  /** Trust this browser for 30 days once the code step passes. */
  trustDevice: boolean;
};

type Completed = { kind: 'password' | 'totp' | 'recoveryCode' } | { kind: 'trustedDevice'; deviceId: number };

/**
 * Checks credentials (and the second factor when the account has one) and issues a token. The
 * attempt is counted before the password hash or the code is checked, so parallel guesses cannot
 * exceed the limit; only a successful or undecided attempt is given back. Every attempt lands in
 * the sign-in history; a success as one event of the factor that completed it.
 */
export async function logIn(
  db: Db,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  credentials: Credentials,
  request: SignInRequest,
): Promise<AccessToken> {
  const account = credentials.emailAddress;
  const { clientAddress, client } = request;
  const failure = (userId: number | null, kind: SignInEventKind, detail: string) =>
    recordSignInEvent(db, {
      userId,
      kind,
      outcome: 'failure',
      detail,
      attemptedEmailAddress: account,
      client,
      address: clientAddress,
    });
  // Refused attempts over the limit are not recorded: a flood must not write a row each.
  await limiter.consume(account, clientAddress);
  const user = await findUserByEmail(db, account);
  const passwordOk = user
    ? await verifyPassword(user.password_hash, credentials.password)
    : await spendVerifyTime(credentials.password).then(() => false);
  if (!user || !passwordOk) {
    await failure(user?.id ?? null, 'password', user ? 'wrongPassword' : 'unknownAccount');
    throw unauthenticated(errorMessages.invalidCredentials);
  }
  const completed = await secondStep(db, limiter, secrets, user, credentials, request, failure);
  await limiter.succeeded(account, clientAddress);
  const secret = newSecret();
  const expiresOn = new Date(Date.now() + request.expiresIn * 1000);
  const trustNow = request.trustDevice && (completed.kind === 'totp' || completed.kind === 'recoveryCode');
  const deviceSecret = trustNow ? newSecret() : null;
  const { token, device } = await runInTransaction(db, async (trx) => {
    const row = await insertAccessToken(trx, {
      userId: user.id,
      secretHash: hashSecret(secret),
      expiresOn,
      signInExpiresOn: expiresOn,
      client,
      address: clientAddress,
    });
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'CREATE',
      rel: 'AccessToken',
      publicId: row.public_id,
      after: { publicId: row.public_id, expiresOn: row.expires_on },
      clientAddress,
    });
    if (completed.kind === 'trustedDevice') await touchTrustedDevice(trx, completed.deviceId, clientAddress);
    await recordSignInEvent(trx, {
      userId: user.id,
      kind: completed.kind,
      outcome: 'success',
      client,
      address: clientAddress,
    });
    const trusted = deviceSecret
      ? await trustDevice(trx, user.id, deviceSecret, client, clientAddress)
      : null;
    return { token: row, device: trusted };
  });
  return {
    publicId: token.public_id,
    secretId: secret,
    expiresOn: token.expires_on.toISOString(),
    ...(device && deviceSecret
      ? {
          trustedDevice: {
            publicId: device.public_id,
            secretId: deviceSecret,
            expiresOn: device.expires_on.toISOString(),
          },
        }
      : {}),
  };
}

/**
 * The code step of an account with a second factor: a trusted browser of this user skips it;
 * without a code the answer names the factors the account has (only after the right password);
 * a code is a TOTP code, accepted once, or an unused recovery code.
 */
async function secondStep(
  db: Db,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  user: { id: number; totp_secret: string | null },
  credentials: Credentials,
  request: SignInRequest,
  failure: (userId: number, kind: SignInEventKind, detail: string) => Promise<void>,
): Promise<Completed> {
  const factors = await secondFactorsOf(db, user.id);
  if (!factors.totp && factors.passkeys === 0) return { kind: 'password' };
  if (request.deviceSecret) {
    const device = await findTrustedDevice(db, user.id, hashSecret(request.deviceSecret));
    if (device) return { kind: 'trustedDevice', deviceId: device.id };
  }
  if (credentials.otp === '') {
    // The right password without a code is the first half of a normal sign-in, not a guess.
    await limiter.refund(credentials.emailAddress, request.clientAddress);
    const secondFactors: SecondFactorKind[] = [];
    if (factors.totp) secondFactors.push('totp');
    if (factors.passkeys > 0) secondFactors.push('passkey');
    throw new ApiError(401, [{ message: errorMessages.otpRequired, secondFactors }]);
  }
  const totpSecret = await readTotpSecret(db, secrets, user.id, 'totp_secret', user.totp_secret);
  const check = await checkSecondFactorCode(db, user.id, totpSecret, credentials.otp);
  if (!check.ok) {
    await failure(user.id, check.kind, check.detail);
    throw unauthenticated(errorMessages.otpFailed);
  }
  return { kind: check.kind };
}

/** "Trust this browser for 30 days": only the secret's hash is kept. */
async function trustDevice(trx: Db, userId: number, secret: string, client: string | null, address: string) {
  const device = await insertTrustedDevice(trx, {
    userId,
    secretHash: hashSecret(secret),
    client,
    address,
    expiresOn: new Date(Date.now() + trustedDeviceDays * 86_400_000),
  });
  await writeAudit(trx, {
    companyId: null,
    actorUserId: userId,
    action: 'CREATE',
    rel: 'TrustedDevice',
    publicId: device.public_id,
    after: { publicId: device.public_id, expiresOn: device.expires_on },
    clientAddress: address,
  });
  await recordSignInEvent(trx, {
    userId,
    kind: 'trustedDeviceChange',
    outcome: 'success',
    detail: 'added',
    client,
    address,
  });
  return device;
}

export async function revokeTokens(
  db: Db,
  user: AuthenticatedUser,
  publicIds: string[],
  clientAddress: string,
) {
  return runInTransaction(db, async (trx) => {
    const deleted = await deleteAccessTokens(trx, user.id, publicIds);
    const missing = publicIds.findIndex((id) => !deleted.includes(id));
    if (missing >= 0)
      throw new ApiError(404, [
        { message: errorMessages.notFound, propertyName: 'publicId', listIndex: missing },
      ]);
    for (const publicId of deleted) {
      await writeAudit(trx, {
        companyId: null,
        actorUserId: user.id,
        action: 'DELETE',
        rel: 'AccessToken',
        publicId,
        clientAddress,
      });
    }
    await publishAccessChange(trx, { userId: user.id });
    return deleted.map((publicId) => ({ publicId }));
  });
}

/**
 * A wrong old password is a password guess made with a stolen session: it spends the same
 * per-account budget as a failed sign-in, before the hash is checked. A new password also
 * forgets every trusted browser, so whoever knew the old one must pass the code step again.
 */
export async function changePassword(
  db: Db,
  limiter: LoginLimiter,
  user: AuthenticatedUser,
  input: { oldPassword: string; newPassword: string; deleteAccessTokens: boolean },
  origin: { clientAddress: string; client: string | null },
) {
  const { clientAddress } = origin;
  if (isCommonPassword(input.newPassword)) throw badRequest(errorMessages.passwordTooCommon, 'newPassword');
  await limiter.consume(user.emailAddress, clientAddress);
  const stored = await findUserById(db, user.id);
  if (!(await verifyPassword(stored.password_hash, input.oldPassword))) {
    await recordSignInEvent(db, {
      userId: user.id,
      kind: 'passwordChange',
      outcome: 'failure',
      detail: 'wrongPassword',
      client: origin.client,
      address: clientAddress,
    });
    throw badRequest(errorMessages.passwordWrong, 'oldPassword');
  }
  await limiter.succeeded(user.emailAddress, clientAddress);
  const passwordHash = await hashPassword(input.newPassword);
  await runInTransaction(db, async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    await deleteAllTrustedDevices(trx, user.id);
    // The token of this request stays valid so the user is not signed out of this session.
    if (input.deleteAccessTokens) {
      await deleteAllAccessTokens(trx, user.id, user.tokenPublicId);
      await publishAccessChange(trx, { userId: user.id });
    }
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'UPDATE',
      rel: 'MyUserPassword',
      publicId: user.publicId,
      after: { deleteAccessTokens: input.deleteAccessTokens },
      clientAddress,
    });
    await recordSignInEvent(trx, {
      userId: user.id,
      kind: 'passwordChange',
      outcome: 'success',
      detail: input.deleteAccessTokens ? 'otherSessionsEnded' : null,
      client: origin.client,
      address: clientAddress,
    });
  });
}

/**
 * Changes the user's own settings (name, language). The cached sign-in of the user is
 * dropped, in every process, so the next MyUser answers the new values.
 */
export async function updateMyUser(
  db: Db,
  user: AuthenticatedUser,
  input: MyUserPatchInput,
  clientAddress: string,
): Promise<AuthenticatedUser> {
  const changes: { name?: string; language?: AuthenticatedUser['language'] } = {};
  if (input.name !== undefined && input.name !== user.name) changes.name = input.name;
  if (input.language !== undefined && input.language !== user.language) changes.language = input.language;
  const keys = Object.keys(changes) as (keyof typeof changes)[];
  if (keys.length === 0) return user;
  const before = Object.fromEntries(keys.map((key) => [key, user[key]]));
  await runInTransaction(db, async (trx) => {
    await updateUserSettings(trx, user.id, changes);
    await publishAccessChange(trx, { userId: user.id });
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'UPDATE',
      rel: 'MyUser',
      publicId: user.publicId,
      before: { publicId: user.publicId, ...before },
      after: { publicId: user.publicId, ...changes },
      clientAddress,
    });
  });
  return { ...user, ...changes };
}

export function presentMyUser(
  user: AuthenticatedUser,
  company: CompanyContext | undefined,
  approvesAccessRequests: boolean,
  acceptedTermsOfUsePolicies: { publicId: string }[],
  signInRules: MySignInRules | null = null,
): MyUser {
  return {
    publicId: user.publicId,
    name: user.name,
    emailAddress: user.emailAddress,
    twoFactorEnabled: user.twoFactorEnabled,
    company: company ? { publicId: company.publicId, name: company.name } : null,
    role: company ? { publicId: company.role.publicId, name: company.role.name } : null,
    capabilities: company ? [...company.capabilities] : [],
    approvesAccessRequests,
    language: user.language,
    acceptedTermsOfUsePolicies,
    signInRules,
  };
}
