import type { SignInBlockedBy } from '../../api/failure-handlers.ts';

/** Where a member goes while the company's sign-in rules keep them out (outside the shell). */
export const signInBlockPaths: Record<SignInBlockedBy, string> = {
  twoFactor: '/two-factor-auth-required',
  sso: '/sso-auth-required',
};
