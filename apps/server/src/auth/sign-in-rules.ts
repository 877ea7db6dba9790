import { errorMessages, type MySignInRules } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import {
  findCompanyContext,
  findMemberSignInRules,
  type AuthenticatedUser,
  type CompanyContext,
} from './context.ts';
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
  user: Pick<AuthenticatedUser, 'id' | 'authMethod' | 'ssoCompanyId' | 'hasSecondFactor'>,
  company: Pick<CompanyContext, 'id' | 'signInRules'>,
  now = new Date(),
): Promise<SignInBlock | null> {
  const rules = company.signInRules;
  // Only this company's own identity provider vouches for its members (any company can add one).
  if (rules.ssoRequired && !(user.authMethod === 'sso' && user.ssoCompanyId === company.id)) return 'sso';
  if (!twoFactorGraceOver(company, now) || user.hasSecondFactor) return null;
  return (await hasSecondFactor(db, user.id)) ? null : 'twoFactor';
}

/**
 * The same for a session that outlives the request that opened it (a relay tunnel), with the
 * rules as they are now: the member of `companyId` whose sign-in was made by `ssoCompanyId`'s
 * identity provider (null: not single sign-on). Where that sign-in is not known (undefined),
 * only the rules that do not depend on it are applied. Null for a non-member, whom the access
 * rules refuse anyway.
 */
export async function sessionSignInBlockOf(
  db: Db,
  session: { userId: number; companyId: number; ssoCompanyId?: number | null | undefined },
): Promise<SignInBlock | null> {
  const rules = await findMemberSignInRules(db, session.userId, session.companyId);
  if (!rules) return null;
  const ssoCompanyId = session.ssoCompanyId ?? null;
  const signInKnown = session.ssoCompanyId !== undefined;
  return signInBlockOf(
    db,
    {
      id: session.userId,
      authMethod: ssoCompanyId === null ? 'password' : 'sso',
      ssoCompanyId,
      // Read from the database by signInBlockOf when the rules ask for a second factor.
      hasSecondFactor: false,
    },
    { id: session.companyId, signInRules: signInKnown ? rules : { ...rules, ssoRequired: false } },
  );
}

/**
 * Throws unless this session may act in the company: a session made by another company's
 * identity provider is no member here (404, as for a company one does not belong to), and a
 * member whom the company's rules block gets 403 TWO_FACTOR_REQUIRED or SSO_REQUIRED (unless
 * the route lets blocked members through, e.g. MyUser, which says why).
 */
export async function assertMayActIn(
  db: Db,
  user: AuthenticatedUser,
  company: CompanyContext,
  options: { allowBlocked?: boolean } = {},
): Promise<void> {
  if (user.ssoCompanyId !== null && user.ssoCompanyId !== company.id)
    throw new ApiError(404, [{ message: errorMessages.companyNotFound, propertyName: 'Api-Company' }]);
  if (options.allowBlocked) return;
  const block = await signInBlockOf(db, user, company);
  if (block)
    throw new ApiError(403, block === 'sso' ? errorMessages.ssoRequired : errorMessages.twoFactorRequired);
}

/**
 * The same, for routes that find the company from the object they act on (by its id), where the
 * caller need not be a member (an approver from a controlling company): members are checked.
 */
export async function assertMayActInIfMember(
  db: Db,
  user: AuthenticatedUser,
  companyId: number,
): Promise<void> {
  const row = await db
    .selectFrom('companies')
    .select('public_id')
    .where('id', '=', companyId)
    .executeTakeFirst();
  const company = row && (await findCompanyContext(db, user.id, row.public_id));
  if (company) await assertMayActIn(db, user, company);
}

/** True when the company requires two-factor and this member's grace period has ended. */
function twoFactorGraceOver(company: Pick<CompanyContext, 'signInRules'>, now: Date): boolean {
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
