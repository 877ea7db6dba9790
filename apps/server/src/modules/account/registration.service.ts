import { errorMessages, type RegistrationInput, type UiLanguage } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { Mail } from '../../mail/mailer.ts';
import { hashPassword, isCommonPassword } from '../../auth/passwords.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { findUserByEmail, insertUser } from './user.repository.ts';
import {
  deleteExpiredRegistrations,
  deleteRegistrationsOf,
  findLiveRegistrationForUpdate,
  insertRegistration,
} from './registration.repository.ts';
import { alreadyRegisteredMail, confirmRegistrationMail } from './registration-mail.ts';
import { runInTransaction } from '../../db/transaction.ts';

export const registrationValidHours = 24;

/** What `POST RegistrationList` answers, whether the address is new or already has an account. */
export type RegistrationAnswer = { emailAddress: string; confirmationSent: true };

/**
 * Registration reveals nothing (architecture, security defaults): a new address gets a link
 * that creates the account; an address that has one gets a note that someone tried. Both
 * answers are the same, both paths hash the password, and the account exists only once the
 * owner of the address confirmed, so signing in with the chosen password tells nothing either.
 */
export async function requestRegistration(
  db: Db,
  input: RegistrationInput,
  origin: string,
  /** The language the request asked in (Accept-Language); English when it named none we speak. */
  requestLanguage: UiLanguage | null,
): Promise<{ answer: RegistrationAnswer; mail: Mail }> {
  if (isCommonPassword(input.password)) throw badRequest(errorMessages.passwordTooCommon, 'password');
  const passwordHash = await hashPassword(input.password);
  const answer: RegistrationAnswer = { emailAddress: input.emailAddress, confirmationSent: true };
  const existing = await findUserByEmail(db, input.emailAddress);
  if (existing) {
    const language = existing.language ?? requestLanguage ?? 'en';
    return { answer, mail: alreadyRegisteredMail(input.emailAddress, `${origin}/login`, language) };
  }

  const token = newSecret();
  await deleteExpiredRegistrations(db);
  await insertRegistration(db, {
    name: input.name,
    emailAddress: input.emailAddress,
    passwordHash,
    tokenHash: hashSecret(token),
    expiresOn: new Date(Date.now() + registrationValidHours * 3600_000),
  });
  // The token travels in the fragment, which browsers send to no server and no Referer.
  const confirmUrl = `${origin}/register/confirm#${token}`;
  return {
    answer,
    mail: confirmRegistrationMail(
      input.emailAddress,
      confirmUrl,
      registrationValidHours,
      requestLanguage ?? 'en',
    ),
  };
}

/** `POST RegistrationConfirmationList`: the link from the e-mail creates the account, once. */
export async function confirmRegistration(db: Db, token: string, clientAddress: string) {
  return runInTransaction(db, async (trx) => {
    const pending = await findLiveRegistrationForUpdate(trx, hashSecret(token));
    if (!pending) throw badRequest(registrationErrors.linkInvalid, 'token');
    // Only the owner of the address holds the link, so saying it is taken reveals nothing.
    if (await findUserByEmail(trx, pending.email_address))
      throw conflict(errorMessages.emailInUse, 'emailAddress');
    const user = await insertUser(trx, {
      name: pending.name,
      emailAddress: pending.email_address,
      passwordHash: pending.password_hash,
    });
    await deleteRegistrationsOf(trx, pending.email_address);
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

export const registrationErrors = {
  linkInvalid: 'Confirmation link is invalid or expired',
} as const;
