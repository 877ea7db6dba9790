import { z } from 'zod';
import { limits } from './limits.ts';

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
};

export type CompanySummary = { publicId: string; name: string; role: { publicId: string; name: string } };
