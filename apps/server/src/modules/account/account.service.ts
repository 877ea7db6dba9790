import { errorMessages, type AccessToken, type MyUser, type RegistrationInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser, CompanyContext } from '../../auth/context.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { hashPassword, isCommonPassword, spendVerifyTime, verifyPassword } from '../../auth/passwords.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { verifyTotp } from '../../auth/otp.ts';
import { ApiError, badRequest, conflict, unauthenticated } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { findUserByEmail, findUserById, insertUser, updatePasswordHash } from './user.repository.ts';
import { deleteAllAccessTokens, deleteAccessTokens, insertAccessToken } from './access-token.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';

export type Credentials = { emailAddress: string; otp: string; password: string };

export async function registerUser(db: Db, input: RegistrationInput, clientAddress: string) {
  if (isCommonPassword(input.password)) throw badRequest(errorMessages.passwordTooCommon, 'password');
  const passwordHash = await hashPassword(input.password);
  return runInTransaction(db, async (trx) => {
    if (await findUserByEmail(trx, input.emailAddress))
      throw conflict(errorMessages.emailInUse, 'emailAddress');
    const user = await insertUser(trx, { name: input.name, emailAddress: input.emailAddress, passwordHash });
    const presented = { publicId: user.public_id, name: user.name, emailAddress: user.email_address };
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'CREATE',
      rel: 'User',
      publicId: user.public_id,
      after: presented,
      clientAddress,
    });
    return presented;
  });
}

/** Checks credentials (and the one-time password when the account has two-factor) and issues a token. */
export async function logIn(
  db: Db,
  limiter: LoginLimiter,
  credentials: Credentials,
  expiresIn: number,
  clientAddress: string,
): Promise<AccessToken> {
  const account = credentials.emailAddress;
  await limiter.assertAllowed(account, clientAddress);
  const user = await findUserByEmail(db, account);
  const passwordOk = user
    ? await verifyPassword(user.password_hash, credentials.password)
    : await spendVerifyTime(credentials.password).then(() => false);
  if (!user || !passwordOk) {
    await limiter.recordFailure(account, clientAddress);
    throw unauthenticated(errorMessages.invalidCredentials);
  }
  if (user.totp_secret) {
    if (credentials.otp === '') throw unauthenticated(errorMessages.otpRequired);
    if (!verifyTotp(user.totp_secret, credentials.otp)) {
      await limiter.recordFailure(account, clientAddress);
      throw unauthenticated(errorMessages.otpFailed);
    }
  }
  await limiter.recordSuccess(account);
  const secret = newSecret();
  const expiresOn = new Date(Date.now() + expiresIn * 1000);
  const token = await runInTransaction(db, async (trx) => {
    const row = await insertAccessToken(trx, user.id, hashSecret(secret), expiresOn);
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

export async function changePassword(
  db: Db,
  user: AuthenticatedUser,
  input: { oldPassword: string; newPassword: string; deleteAccessTokens: boolean },
  clientAddress: string,
) {
  const stored = await findUserById(db, user.id);
  if (!(await verifyPassword(stored.password_hash, input.oldPassword)))
    throw badRequest(errorMessages.passwordWrong, 'oldPassword');
  if (isCommonPassword(input.newPassword)) throw badRequest(errorMessages.passwordTooCommon, 'newPassword');
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

export function presentMyUser(user: AuthenticatedUser, company: CompanyContext | undefined): MyUser {
  return {
    publicId: user.publicId,
    name: user.name,
    emailAddress: user.emailAddress,
    twoFactorEnabled: user.twoFactorEnabled,
    company: company ? { publicId: company.publicId, name: company.name } : null,
    role: company ? { publicId: company.role.publicId, name: company.role.name } : null,
    capabilities: company ? [...company.capabilities] : [],
  };
}
