import { z } from 'zod';
import { limits } from './limits.ts';

/** The second factors an account can have; the code step offers the ones it has. */
export type SecondFactorKind = 'totp' | 'passkey';

/** `GET MyTwoFactor`: the state of the signed-in user's second factors. */
export type MyTwoFactor = { totpEnabled: boolean; recoveryCodesLeft: number; passkeys: number };

/** `POST MyTotpEnrolment`: a pending secret, shown until the first code confirms it. */
export type TotpEnrolment = { secret: string; otpauthUri: string; qrCodeSvg: string };

/** `POST MyTotpConfirmation` and `POST MyRecoveryCodeList`: the recovery codes, shown this once. */
export type RecoveryCodes = { recoveryCodes: string[] };

/** How many single-use recovery codes a user gets at a time. */
export const recoveryCodeCount = 10;

/** A 6-digit TOTP code. */
export const totpCodePattern = /^\d{6}$/;
/** A recovery code: ten base32 letters, written `xxxxx-xxxxx` (the dash and case do not matter). */
export const recoveryCodePattern = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;

const totpCode = z.string().trim().regex(totpCodePattern);
/** Where a recovery code is accepted as well (turning TOTP off, signing in). */
const totpOrRecoveryCode = z
  .string()
  .trim()
  .refine((code) => totpCodePattern.test(code) || recoveryCodePattern.test(code));

export const totpConfirmationInput = z.strictObject({ code: totpCode });

export const totpChangeInput = z.strictObject({
  password: z.string().min(1).max(limits.passwordMaxLength),
  code: totpOrRecoveryCode,
});
export type TotpChangeInput = z.infer<typeof totpChangeInput>;
