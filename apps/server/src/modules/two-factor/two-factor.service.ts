import QRCode from 'qrcode';
import {
  errorMessages,
  recoveryCodeCount,
  type MyTwoFactor,
  type RecoveryCodes,
  type TotpChangeInput,
  type TotpEnrolment,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { newRecoveryCode, newTotpSecret, totpStep, totpUri } from '../../auth/otp.ts';
import { hashSecret } from '../../auth/secrets.ts';
import { secondFactorsOf } from '../../auth/second-factor.ts';
import { recordSignInEvent } from '../../auth/sign-in-events.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { deleteAllTrustedDevices } from '../trusted-devices/trusted-device.repository.ts';
import { reauthenticate } from './reauthentication.ts';
import type { TotpSecrets } from './totp-secrets.ts';
import {
  countRecoveryCodesLeft,
  disableTotp,
  enableTotp,
  findTotpState,
  replaceRecoveryCodes,
  setPendingSecret,
} from './two-factor.repository.ts';

/** The issuer authenticator apps show next to the account. */
const totpIssuer = 'Fleetgate';

/** Who asks, from where: every change is audited and recorded in the sign-in history. */
export type Requester = { user: AuthenticatedUser; clientAddress: string; client: string | null };

export async function readMyTwoFactor(db: Db, userId: number): Promise<MyTwoFactor> {
  const factors = await secondFactorsOf(db, userId);
  return {
    totpEnabled: factors.totp,
    recoveryCodesLeft: factors.totp ? await countRecoveryCodesLeft(db, userId) : 0,
    passkeys: factors.passkeys,
  };
}

/**
 * A new pending secret (any earlier pending one is replaced); refused while TOTP is on. Stored
 * sealed: only this answer carries it in clear.
 */
export async function startTotpEnrolment(
  db: Db,
  secrets: TotpSecrets,
  user: AuthenticatedUser,
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  if (!(await setPendingSecret(db, user.id, secrets.seal(user.id, secret))))
    throw conflict(errorMessages.totpAlreadyEnabled);
  const otpauthUri = totpUri(secret, user.emailAddress, totpIssuer);
  const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCodeSvg };
}

/**
 * The first code proves the authenticator holds the pending secret: TOTP goes on and ten recovery
 * codes are made, answered this once. A code attempt spends a login attempt, like a sign-in's.
 */
export async function confirmTotp(
  db: Db,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  { user, clientAddress, client }: Requester,
  code: string,
): Promise<RecoveryCodes> {
  const state = await findTotpState(db, user.id);
  if (state.totp_secret) throw conflict(errorMessages.totpAlreadyEnabled);
  const pending = state.totp_pending_secret;
  if (!pending) throw conflict(errorMessages.totpNotEnabled);
  await limiter.consume(user.emailAddress, clientAddress);
  const step = totpStep(secrets.open(user.id, pending), code);
  if (step === null) throw badRequest(errorMessages.codeWrong, 'code');
  // Given back, not reset: a session could otherwise wipe the account's failed sign-ins.
  await limiter.refund(user.emailAddress, clientAddress);
  const codes = newRecoveryCodes();
  await runInTransaction(db, async (trx) => {
    // Sealed anew: a pending secret stored in clear before sealing began is not carried over so.
    const sealed = secrets.seal(user.id, secrets.open(user.id, pending));
    if (!(await enableTotp(trx, user.id, pending, sealed, step)))
      throw conflict(errorMessages.totpNotEnabled);
    await replaceRecoveryCodes(trx, user.id, codes.map(hashSecret));
    await recordChange(trx, { user, clientAddress, client }, 'CREATE', 'enabled');
  });
  return { recoveryCodes: codes };
}

/** New recovery codes (the old ones die), after the password and a code. */
export async function regenerateRecoveryCodes(
  db: Db,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  requester: Requester,
  input: TotpChangeInput,
): Promise<RecoveryCodes> {
  await verifyPasswordAndCode(db, limiter, secrets, requester, input);
  const codes = newRecoveryCodes();
  await runInTransaction(db, async (trx) => {
    await replaceRecoveryCodes(trx, requester.user.id, codes.map(hashSecret));
    await recordChange(trx, requester, 'UPDATE', 'recoveryCodesRegenerated');
  });
  return { recoveryCodes: codes };
}

/** TOTP off, after the password and a code; its recovery codes and every trusted browser go too. */
export async function turnTotpOff(
  db: Db,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  requester: Requester,
  input: TotpChangeInput,
): Promise<void> {
  await verifyPasswordAndCode(db, limiter, secrets, requester, input);
  await runInTransaction(db, async (trx) => {
    await disableTotp(trx, requester.user.id);
    await deleteAllTrustedDevices(trx, requester.user.id);
    await recordChange(trx, requester, 'DELETE', 'disabled');
  });
}

/**
 * A change to the second factor needs the password and a code (TOTP or recovery), so a stolen
 * session alone cannot remove it. One login attempt is spent before either is checked; the code
 * is checked only after the right password, so a wrong password never uses up a recovery code.
 */
async function verifyPasswordAndCode(
  db: Db,
  limiter: LoginLimiter,
  secrets: TotpSecrets,
  { user, clientAddress }: Requester,
  input: TotpChangeInput,
): Promise<void> {
  const state = await findTotpState(db, user.id);
  if (!state.totp_secret) throw conflict(errorMessages.totpNotEnabled);
  await reauthenticate(db, limiter, secrets, user, clientAddress, input);
}

function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < recoveryCodeCount) codes.add(newRecoveryCode());
  return [...codes];
}

async function recordChange(
  trx: Db,
  { user, clientAddress, client }: Requester,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  detail: 'enabled' | 'disabled' | 'recoveryCodesRegenerated',
) {
  await writeAudit(trx, {
    companyId: null,
    actorUserId: user.id,
    action,
    rel: action === 'UPDATE' ? 'MyRecoveryCodeList' : 'MyTotp',
    publicId: user.publicId,
    after: { detail },
    clientAddress,
  });
  await recordSignInEvent(trx, {
    userId: user.id,
    kind: 'twoFactorChange',
    outcome: 'success',
    detail,
    client,
    address: clientAddress,
  });
  // The cached sign-in carries twoFactorEnabled: every process forgets it.
  await publishAccessChange(trx, { userId: user.id });
}
