import { z } from 'zod';
import { limits } from './limits.ts';
import { uiLanguages, type UiLanguage } from './languages.ts';

const name = z.string().trim().min(1).max(limits.nameMaxLength);
const password = z.string().min(limits.passwordMinLength).max(limits.passwordMaxLength);

export const registrationInput = z.strictObject({
  name,
  emailAddress: z.email().max(limits.nameMaxLength),
  password,
});
export type RegistrationInput = z.infer<typeof registrationInput>;

export const accessTokenInput = z.strictObject({
  expiresIn: z.number().int().min(limits.accessTokenMinSeconds).max(limits.accessTokenMaxSeconds),
  /** After a passed code step: trust this browser for 30 days (answered as `trustedDevice`). */
  trustDevice: z.boolean().optional(),
});

export const passwordChangeInput = z.strictObject({
  oldPassword: z.string().min(1).max(limits.passwordMaxLength),
  newPassword: password,
  deleteAccessTokens: z.boolean().default(false),
});

export const companyInput = z.strictObject({ name });

/**
 * `PATCH MyUser`: the signed-in user's own settings. `language: null` follows the browser's
 * language. (The e-mail address changes through `MyEmailAddressChange`, confirmed by a link.)
 */
export const myUserPatchInput = z.strictObject({
  name: name.optional(),
  language: z.enum(uiLanguages).nullable().optional(),
});
export type MyUserPatchInput = z.infer<typeof myUserPatchInput>;

export type AccessToken = {
  publicId: string;
  secretId: string;
  expiresOn: string;
  /** Only when `trustDevice` was asked for and the code step passed: send `secretId` as `Api-Device-Id`. */
  trustedDevice?: { publicId: string; secretId: string; expiresOn: string };
};

export type MyUser = {
  publicId: string;
  name: string;
  emailAddress: string;
  /** Whether the account has a second factor: TOTP, a passkey or both. */
  twoFactorEnabled: boolean;
  company: { publicId: string; name: string } | null;
  role: { publicId: string; name: string } | null;
  capabilities: string[];
  /**
   * Whether the user decides access requests in this company: their company role, or a role
   * they hold in one of its groups, manages access requests.
   */
  approvesAccessRequests: boolean;
  /** The UI and e-mail language the user chose; `null` follows the browser's language. */
  language: UiLanguage | null;
  /** Every terms-of-use policy version the user has accepted (any company's or sector's). */
  acceptedTermsOfUsePolicies: { publicId: string }[];
  /** The acted-in company's sign-in rules as they apply to this user; null outside a company. */
  signInRules: MySignInRules | null;
};

export type MySignInRules = {
  twoFactorRequired: boolean;
  /** While a member without a second factor may still act (grace period); else null. */
  twoFactorGraceEndsOn: string | null;
  ssoRequired: boolean;
  /**
   * What the user must do before acting in this company: set up a second factor, or sign in
   * through the company's identity provider. Company calls answer 403 TWO_FACTOR_REQUIRED or
   * SSO_REQUIRED meanwhile.
   */
  blockedBy: 'twoFactor' | 'sso' | null;
};

export type CompanySummary = { publicId: string; name: string; role: { publicId: string; name: string } };
