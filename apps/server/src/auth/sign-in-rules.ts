import type { MySignInRules } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import type { AuthenticatedUser, CompanyContext } from './context.ts';
import { hasSecondFactor } from './second-factor.ts';

export type SignInBlock = 'twoFactor' | 'sso';

/**
 * Whether the company's sign-in rules keep this session from acting in it. Single sign-on
 * comes first: a second factor would not help a password session there. The second factor is
 * read again from the database before refusing, so one set up a moment ago counts at once
 * even while the cached session still says it has none.
 */
export async function signInBlockOf(
  db: Db,
  user: AuthenticatedUser,
  company: CompanyContext,
  now = new Date(),
): Promise<SignInBlock | null> {
  const rules = company.signInRules;
  if (rules.ssoRequired && user.authMethod !== 'sso') return 'sso';
  if (!twoFactorGraceOver(company, now) || user.hasSecondFactor) return null;
  return (await hasSecondFactor(db, user.id)) ? null : 'twoFactor';
}

/** True when the company requires two-factor and this member's grace period has ended. */
function twoFactorGraceOver(company: CompanyContext, now: Date): boolean {
  const endsOn = company.signInRules.twoFactorGraceEndsOn;
  return company.signInRules.twoFactorRequired && endsOn !== null && endsOn.getTime() <= now.getTime();
}

/** MyUser.signInRules: what the web app needs to send a blocked member on, or to warn one in grace. */
export async function mySignInRules(
  db: Db,
  user: AuthenticatedUser,
  company: CompanyContext,
  now = new Date(),
): Promise<MySignInRules> {
  const rules = company.signInRules;
  const blockedBy = await signInBlockOf(db, user, company, now);
  const inGrace =
    rules.twoFactorRequired &&
    !twoFactorGraceOver(company, now) &&
    rules.twoFactorGraceEndsOn !== null &&
    !(user.hasSecondFactor || (await hasSecondFactor(db, user.id)));
  return {
    twoFactorRequired: rules.twoFactorRequired,
    twoFactorGraceEndsOn: inGrace ? rules.twoFactorGraceEndsOn!.toISOString() : null,
    ssoRequired: rules.ssoRequired,
    blockedBy,
  };
}
