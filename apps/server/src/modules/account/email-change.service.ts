import { emailChangeValidHours, errorMessages, type EmailAddressChangeAnswer } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { recordSignInEvent } from '../../auth/sign-in-events.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { Mail } from '../../mail/mailer.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { findUserByEmail, findUserById } from './user.repository.ts';
import {
  deleteEmailChangesOf,
  deleteExpiredEmailChanges,
  findLiveEmailChangeForUpdate,
  insertEmailChange,
  updateUserEmailAddress,
} from './email-change.repository.ts';
import { confirmEmailChangeMail, emailChangeNoticeMail, emailChangeTakenMail } from './email-change.mail.ts';

export type Origin = { clientAddress: string; client: string | null };

/**
 * `POST MyEmailAddressChange`. The password is a guess made with a possibly stolen session, so
 * it spends the login budget first. The answer never says whether the new address has an
 * account: a free address gets the link, a taken one a note; the old address always hears of it.
 */
export async function requestEmailChange(
  db: Db,
  limiter: LoginLimiter,
  user: AuthenticatedUser,
  input: { emailAddress: string; password: string },
  publicUrl: string,
  origin: Origin,
): Promise<{ answer: EmailAddressChangeAnswer; mails: Mail[] }> {
  await limiter.consume(user.emailAddress, origin.clientAddress);
  const stored = await findUserById(db, user.id);
  if (!(await verifyPassword(stored.password_hash, input.password))) {
    await recordSignInEvent(db, {
      userId: user.id,
      kind: 'emailChange',
      outcome: 'failure',
      detail: 'wrongPassword',
      client: origin.client,
      address: origin.clientAddress,
    });
    throw badRequest(errorMessages.passwordIncorrect, 'password');
  }
  await limiter.succeeded(user.emailAddress, origin.clientAddress);

  const language = user.language ?? 'en';
  const answer: EmailAddressChangeAnswer = { emailAddress: input.emailAddress, confirmationSent: true };
  const notice = emailChangeNoticeMail(
    stored.email_address,
    input.emailAddress,
    `${publicUrl}/my-profile`,
    language,
  );
  const existing = await findUserByEmail(db, input.emailAddress);
  if (existing) {
    const taken = emailChangeTakenMail(
      input.emailAddress,
      `${publicUrl}/login`,
      existing.language ?? language,
    );
    return { answer, mails: [taken, notice] };
  }
  const token = newSecret();
  await deleteExpiredEmailChanges(db);
  await insertEmailChange(db, {
    userId: user.id,
    newEmailAddress: input.emailAddress,
    tokenHash: hashSecret(token),
    expiresOn: new Date(Date.now() + emailChangeValidHours * 3600_000),
  });
  const link = `${publicUrl}/my-profile/confirm-email?token=${token}`;
  return {
    answer,
    mails: [confirmEmailChangeMail(input.emailAddress, link, emailChangeValidHours, language), notice],
  };
}

/**
 * `POST MyEmailAddressConfirmation`: the link from the new address makes it the account's,
 * once. Only the owner of that address holds the link, so saying it was taken meanwhile
 * reveals nothing. Returns the user's id so the caller can drop cached sign-ins.
 */
export async function confirmEmailChange(db: Db, token: string, origin: Origin) {
  try {
    return await runInTransaction(db, async (trx) => {
      const change = await findLiveEmailChangeForUpdate(trx, hashSecret(token));
      if (!change) throw badRequest(errorMessages.emailChangeLinkInvalid, 'token');
      const before = await findUserById(trx, change.user_id);
      const holder = await findUserByEmail(trx, change.new_email_address);
      if (holder && holder.id !== change.user_id) throw emailTaken();
      await updateUserEmailAddress(trx, change.user_id, change.new_email_address);
      await deleteEmailChangesOf(trx, change.user_id);
      await publishAccessChange(trx, { userId: change.user_id });
      await writeAudit(trx, {
        companyId: null,
        actorUserId: change.user_id,
        action: 'UPDATE',
        rel: 'MyUser',
        publicId: before.public_id,
        before: { publicId: before.public_id, emailAddress: before.email_address },
        after: { publicId: before.public_id, emailAddress: change.new_email_address },
        clientAddress: origin.clientAddress,
      });
      await recordSignInEvent(trx, {
        userId: change.user_id,
        kind: 'emailChange',
        outcome: 'success',
        client: origin.client,
        address: origin.clientAddress,
      });
      return {
        userId: change.user_id,
        data: { publicId: before.public_id, emailAddress: change.new_email_address },
      };
    });
  } catch (error) {
    // Another account took the address between our check and the update (unique index).
    if ((error as { code?: unknown }).code === '23505') throw emailTaken();
    throw error;
  }
}

const emailTaken = () => conflict(errorMessages.emailInUse, 'emailAddress');
