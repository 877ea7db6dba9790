import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { deleteAllAccessTokens } from './access-token.repository.ts';
import { findUserByEmail, updatePasswordHash } from './user.repository.ts';

export type PasswordReset = { emailAddress: string; password: string };

/**
 * Gives a user a new random password from the command line (`fleetgate-server reset-password`),
 * for an administrator who lost theirs. Hashed as at registration; every session of the user
 * ends (on PostgreSQL, running servers drop their cached copies too); the audit entry has no
 * actor, as the change came from the machine, not from a signed-in user. Undefined when no
 * user has this e-mail address.
 */
export async function resetPassword(db: Db, emailAddress: string): Promise<PasswordReset | undefined> {
  const user = await findUserByEmail(db, emailAddress.trim());
  if (!user) return undefined;
  // 16 characters from 96 random bits, like the demo passwords printed at the first start.
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await runInTransaction(db, async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    await deleteAllAccessTokens(trx, user.id);
    await publishAccessChange(trx, { userId: user.id });
    await writeAudit(trx, {
      companyId: null,
      actorUserId: null,
      action: 'UPDATE',
      rel: 'MyUserPassword',
      publicId: user.public_id,
      after: { reset: 'fleetgate-server reset-password', deleteAccessTokens: true },
      clientAddress: null,
    });
  });
  return { emailAddress: user.email_address, password };
}
