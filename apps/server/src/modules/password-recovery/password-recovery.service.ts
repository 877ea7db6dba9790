import type { FastifyBaseLogger } from 'fastify';
import { errorMessages, passwordRecoveryValidMinutes, type UiLanguage } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { hashPassword, isCommonPassword } from '../../auth/passwords.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { recordSignInEvent } from '../../auth/sign-in-events.ts';
import { badRequest } from '../../http/errors.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { deleteAllAccessTokens } from '../account/access-token.repository.ts';
import { findUserByEmail, findUserById, updatePasswordHash } from '../account/user.repository.ts';
import { deleteAllTrustedDevices } from '../trusted-devices/trusted-device.repository.ts';
import {
  deleteOldRecoveries,
  findLiveRecoveryForUpdate,
  findRecovery,
  insertPasswordRecovery,
  useAllRecoveriesOf,
} from './password-recovery.repository.ts';
import { passwordRecoveryMail } from './password-recovery.mail.ts';

export type Origin = { clientAddress: string; client: string | null };

export type RecoveryDeps = { db: Db; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string };

export type RecoveryRequest = { emailAddress: string; requestLanguage: UiLanguage | null; origin: Origin };

/**
 * `POST PasswordRecoveryList`: the answer does not wait for anything that depends on the
 * address. Only the rate limits (spent alike for every address) come before it; the lookup, the
 * link, its row and the mail run after the answer was sent, so for an address with an account
 * and one without, the answer is the same and so is the work done before it.
 */
export function startPasswordRecovery(deps: RecoveryDeps, request: RecoveryRequest): void {
  setImmediate(() => {
    requestPasswordRecovery(
      deps.db,
      request.emailAddress,
      deps.publicUrl,
      request.requestLanguage,
      request.origin,
    )
      .then((mail) => mail && deps.mailer.send(mail))
      .catch((error: unknown) => {
        deps.log.error({ err: error }, `password recovery failed (mail: ${deps.mailer.destination})`);
      });
  });
}

/** The mail to send when the address has an account, else none (after the answer: see above). */
export async function requestPasswordRecovery(
  db: Db,
  emailAddress: string,
  publicUrl: string,
  requestLanguage: UiLanguage | null,
  origin: Origin,
): Promise<Mail | undefined> {
  const token = newSecret();
  const tokenHash = hashSecret(token);
  const user = await findUserByEmail(db, emailAddress);
  if (!user) return undefined;
  await runInTransaction(db, async (trx) => {
    await deleteOldRecoveries(trx);
    await insertPasswordRecovery(trx, {
      userId: user.id,
      tokenHash,
      expiresOn: new Date(Date.now() + passwordRecoveryValidMinutes * 60_000),
    });
    await recordSignInEvent(trx, {
      userId: user.id,
      kind: 'passwordRecovery',
      outcome: 'success',
      detail: 'requested',
      client: origin.client,
      address: origin.clientAddress,
    });
  });
  // To the stored address (the request's letter case may differ).
  return passwordRecoveryMail(
    user.email_address,
    `${publicUrl}/recover?token=${token}`,
    passwordRecoveryValidMinutes,
    user.language ?? requestLanguage ?? 'en',
  );
}

/**
 * `POST PasswordRecoveryConfirmation`: the link sets a new password once. Every session and
 * every trusted browser of the account ends, and every other open link dies with it; the
 * second factor stays, so a stolen mailbox alone does not open the account.
 */
export async function confirmPasswordRecovery(
  db: Db,
  token: string,
  newPassword: string,
  origin: Origin,
): Promise<{ userId: number }> {
  if (isCommonPassword(newPassword)) throw badRequest(errorMessages.passwordTooCommon, 'newPassword');
  const tokenHash = hashSecret(token);
  const found = await findRecovery(db, tokenHash);
  if (!found || found.used_on !== null || found.expires_on <= new Date()) {
    await recordSignInEvent(db, {
      userId: found?.user_id ?? null,
      kind: 'passwordRecovery',
      outcome: 'failure',
      detail: 'invalidToken',
      client: origin.client,
      address: origin.clientAddress,
    });
    throw linkInvalid();
  }
  // Hashed outside the transaction; the lock below decides which of two uses wins.
  const passwordHash = await hashPassword(newPassword);
  return runInTransaction(db, async (trx) => {
    const recovery = await findLiveRecoveryForUpdate(trx, tokenHash);
    if (!recovery) throw linkInvalid();
    const user = await findUserById(trx, recovery.user_id);
    await updatePasswordHash(trx, user.id, passwordHash);
    await useAllRecoveriesOf(trx, user.id);
    await deleteAllAccessTokens(trx, user.id);
    await deleteAllTrustedDevices(trx, user.id);
    await publishAccessChange(trx, { userId: user.id });
    await writeAudit(trx, {
      companyId: null,
      actorUserId: user.id,
      action: 'UPDATE',
      rel: 'MyUserPassword',
      publicId: user.public_id,
      after: { recovery: true, deleteAccessTokens: true },
      clientAddress: origin.clientAddress,
    });
    await recordSignInEvent(trx, {
      userId: user.id,
      kind: 'passwordRecovery',
      outcome: 'success',
      detail: 'completed',
      client: origin.client,
      address: origin.clientAddress,
    });
    return { userId: user.id };
  });
}

const linkInvalid = () => badRequest(errorMessages.recoveryLinkInvalid, 'token');
