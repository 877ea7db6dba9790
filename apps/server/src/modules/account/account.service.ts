import {
  errorMessages,
  type AccessToken,
  type MyUser,
  type MySignInRules,
  type MyUserPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser, CompanyContext } from '../../auth/context.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { hashPassword, isCommonPassword, spendVerifyTime, verifyPassword } from '../../auth/passwords.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { verifyTotp } from '../../auth/otp.ts';
import { ApiError, badRequest, unauthenticated } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { findUserByEmail, findUserById, updatePasswordHash, updateUserLanguage } from './user.repository.ts';
import { deleteAllAccessTokens, deleteAccessTokens, insertAccessToken } from './access-token.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';

export type Credentials = { emailAddress: string; otp: string; password: string };

/**
 * Checks credentials (and the one-time password when the account has two-factor) and issues a
 * token. The attempt is counted before the password hash or the code is checked, so parallel
 * guesses cannot exceed the limit; only a successful or undecided attempt is given back.
 */
export async function logIn(
  db: Db,
  limiter: LoginLimiter,
  credentials: Credentials,
  expiresIn: number,
  clientAddress: string,
  client: string | null,
): Promise<AccessToken> {
  const account = credentials.emailAddress;
  await limiter.consume(account, clientAddress);
  const user = await findUserByEmail(db, account);
  const passwordOk = user
    ? await verifyPassword(user.password_hash, credentials.password)
    : await spendVerifyTime(credentials.password).then(() => false);
  if (!user || !passwordOk) throw unauthenticated(errorMessages.invalidCredentials);
  if (user.totp_secret) {
    if (credentials.otp === '') {
      // The right password without a code is the first half of a normal sign-in, not a guess.
      await limiter.refund(account, clientAddress);
      throw unauthenticated(errorMessages.otpRequired);
    }
    if (!verifyTotp(user.totp_secret, credentials.otp)) throw unauthenticated(errorMessages.otpFailed);
  }
  await limiter.succeeded(account, clientAddress);
  const secret = newSecret();
  const expiresOn = new Date(Date.now() + expiresIn * 1000);
  const token = await runInTransaction(db, async (trx) => {
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
    return row;
  });
  return { publicId: token.public_id, secretId: secret, expiresOn: token.expires_on.toISOString() };
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
 * per-account budget as a failed sign-in, before the hash is checked.
 */
export async function changePassword(
  db: Db,
  limiter: LoginLimiter,
  user: AuthenticatedUser,
  input: { oldPassword: string; newPassword: string; deleteAccessTokens: boolean },
  clientAddress: string,
) {
  if (isCommonPassword(input.newPassword)) throw badRequest(errorMessages.passwordTooCommon, 'newPassword');
  await limiter.consume(user.emailAddress, clientAddress);
  const stored = await findUserById(db, user.id);
  if (!(await verifyPassword(stored.password_hash, input.oldPassword)))
    throw badRequest(errorMessages.passwordWrong, 'oldPassword');
  await limiter.succeeded(user.emailAddress, clientAddress);
  const passwordHash = await hashPassword(input.newPassword);
  await runInTransaction(db, async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
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
  });
}

/**
 * Changes the user's own settings (today the language). The cached sign-in of the user is
 * dropped, in every process, so the next MyUser answers the new value.
 */
export async function updateMyUser(
  db: Db,
  user: AuthenticatedUser,
  input: MyUserPatchInput,
  clientAddress: string,
): Promise<AuthenticatedUser> {
  if (input.language === undefined || input.language === user.language) return user;
  const language = input.language;
  await runInTransaction(db, async (trx) => {
    await updateUserLanguage(trx, user.id, language);
    await publishAccessChange(trx, { userId: user.id });
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'UPDATE',
      rel: 'MyUser',
      publicId: user.publicId,
      before: { publicId: user.publicId, language: user.language },
      after: { publicId: user.publicId, language },
      clientAddress,
    });
  });
  return { ...user, language };
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
