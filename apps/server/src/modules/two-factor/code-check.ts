import { totpCodePattern } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { normalRecoveryCode, totpStep } from '../../auth/otp.ts';
import { hashSecret } from '../../auth/secrets.ts';
import { claimTotpStep, useRecoveryCode } from './two-factor.repository.ts';

export type CodeCheck =
  | { kind: 'totp' | 'recoveryCode'; ok: true }
  | { kind: 'totp' | 'recoveryCode'; ok: false; detail: 'wrongCode' | 'replayed' };

/**
 * Checks a code of the code step: a TOTP code (accepted once: its time step is taken) or an
 * unused recovery code (then used up). Callers spend a login-limiter attempt first.
 */
export async function checkSecondFactorCode(
  db: Db,
  userId: number,
  totpSecret: string | null,
  code: string,
): Promise<CodeCheck> {
  const trimmed = code.trim();
  if (totpCodePattern.test(trimmed)) {
    const step = totpSecret ? totpStep(totpSecret, trimmed) : null;
    if (step === null) return { kind: 'totp', ok: false, detail: 'wrongCode' };
    if (!(await claimTotpStep(db, userId, step))) return { kind: 'totp', ok: false, detail: 'replayed' };
    return { kind: 'totp', ok: true };
  }
  const recoveryCode = normalRecoveryCode(trimmed);
  if (recoveryCode === null) return { kind: 'totp', ok: false, detail: 'wrongCode' };
  if (!(await useRecoveryCode(db, userId, hashSecret(recoveryCode))))
    return { kind: 'recoveryCode', ok: false, detail: 'wrongCode' };
  return { kind: 'recoveryCode', ok: true };
}
