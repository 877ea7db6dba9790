import { errorMessages } from '@fleetgate/contracts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { checkSecondFactorCode } from './code-check.ts';
import { findTotpState } from './two-factor.repository.ts';
import { readTotpSecret, type TotpSecrets } from './totp-secrets.ts';

export type Reauthentication = { password: string; code?: string | undefined };

/**
 * Proves, inside a session, that the person is the account's owner before a change to how it
 * signs in (TOTP off, new recovery codes, a passkey added or removed): the password and, while
 * TOTP is on, a TOTP or recovery code, so a stolen session alone can do none of these. One login
 * attempt is spent before either is checked and given back on success (given back, not reset: a
 * session could otherwise wipe the account's failed sign-ins); the code is checked only after the
 * right password, so a wrong password never uses up a recovery code.
 */
export async function reauthenticate(
  db: Db,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  user: Pick<AuthenticatedUser, 'id' | 'emailAddress'>,
  clientAddress: string,
  input: Reauthentication,
): Promise<void> {
  const state = await findTotpState(db, user.id);
  // Said before anything is spent: the session may read whether TOTP is on anyway (MyTwoFactor).
  if (state.totp_secret && input.code === undefined) throw badRequest(errorMessages.required, 'code');
  await limiter.consume(user.emailAddress, clientAddress);
  if (!(await verifyPassword(state.password_hash, input.password)))
    throw badRequest(errorMessages.passwordIncorrect, 'password');
  if (state.totp_secret) {
    const totpSecret = await readTotpSecret(db, secrets, user.id, 'totp_secret', state.totp_secret);
    const check = await checkSecondFactorCode(db, user.id, totpSecret, input.code ?? '');
    if (!check.ok) throw badRequest(errorMessages.codeWrong, 'code');
  }
  await limiter.refund(user.emailAddress, clientAddress);
}
