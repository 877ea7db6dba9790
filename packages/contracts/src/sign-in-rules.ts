import { z } from 'zod';

/** The longest grace period a company may give its members to set up a second factor. */
export const twoFactorGraceDaysMax = 90;

/** `GET CompanySignInRules`: how the members of a company must sign in. */
export type CompanySignInRules = {
  twoFactorRequired: boolean;
  /** Days a member has, from the rule's start or their joining (the later), to set one up. */
  twoFactorGraceDays: number;
  /** When enforced two-factor was last turned on; null while it is off. */
  twoFactorRequiredSince: string | null;
  ssoRequired: boolean;
  /** Whether the company has an identity provider (required before `ssoRequired` can be on). */
  hasIdentityProvider: boolean;
};

/** `PATCH CompanySignInRules`: any of the three rules; an empty body changes nothing. */
export const companySignInRulesPatchInput = z.strictObject({
  twoFactorRequired: z.boolean().optional(),
  twoFactorGraceDays: z.number().int().min(0).max(twoFactorGraceDaysMax).optional(),
  ssoRequired: z.boolean().optional(),
});
export type CompanySignInRulesPatchInput = z.infer<typeof companySignInRulesPatchInput>;
