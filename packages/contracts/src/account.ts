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
});

export const passwordChangeInput = z.strictObject({
  oldPassword: z.string().min(1).max(limits.passwordMaxLength),
  newPassword: password,
  deleteAccessTokens: z.boolean().default(false),
});

export const companyInput = z.strictObject({ name });

/**
 * `PATCH MyUser`: the signed-in user's own settings. `language: null` follows the browser's
 * language. (Name and e-mail address come with the profile page's other sections.)
 */
export const myUserPatchInput = z.strictObject({
  language: z.enum(uiLanguages).nullable().optional(),
});
export type MyUserPatchInput = z.infer<typeof myUserPatchInput>;

export type AccessToken = { publicId: string; secretId: string; expiresOn: string };

export type MyUser = {
  publicId: string;
  name: string;
  emailAddress: string;
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
};

export type CompanySummary = { publicId: string; name: string; role: { publicId: string; name: string } };
