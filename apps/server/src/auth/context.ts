import { allCapabilities, isCapability, type Capability, type UiLanguage } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import { unexpired } from './temporary-access.ts';

export type AuthenticatedUser = {
  id: number;
  publicId: string;
  name: string;
  emailAddress: string;
  twoFactorEnabled: boolean;
  /** The language the user chose; null follows the browser. */
  language: UiLanguage | null;
  tokenPublicId: string;
  tokenExpiresOn: Date;
  /** How the sign-in this session descends from was made: 'password', 'passkey' or 'sso'. */
  authMethod: string;
  /** An SSO session reaches only the company whose identity provider made it; null otherwise. */
  ssoCompanyId: number | null;
  /** TOTP or a passkey, as loaded with the session (sign-in-rules.ts checks again before refusing). */
  hasSecondFactor: boolean;
};

export type CompanyContext = {
  id: number;
  publicId: string;
  name: string;
  role: { publicId: string; name: string; builtIn: boolean };
  capabilities: ReadonlySet<Capability>;
  /** When the membership ends (temporary access); null while it lasts until removed. */
  accessEndsOn: Date | null;
  /** The company's sign-in rules as they apply to this member (auth/sign-in-rules.ts). */
  signInRules: MemberSignInRules;
};

export type MemberSignInRules = {
  twoFactorRequired: boolean;
  /**
   * Until when this member may act without a second factor: the later of the rule's start and
   * their joining, plus the grace days. Null while two-factor is not required.
   */
  twoFactorGraceEndsOn: Date | null;
  ssoRequired: boolean;
};

/** Finds the user behind a bearer secret (by its hash); expired or revoked tokens find nobody. */
export async function findUserBySecretHash(
  db: Db,
  secretHash: string,
): Promise<AuthenticatedUser | undefined> {
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      'u.id',
      'u.public_id',
      'u.name',
      'u.email_address',
      'u.totp_secret',
      'u.language',
      // A passkey is a second factor as much as TOTP is.
      (eb) =>
        eb
          .exists(
            eb.selectFrom('webauthn_credentials as w').select('w.id').whereRef('w.user_id', '=', 'u.id'),
          )
          .as('has_passkey'),
      't.public_id as token_public_id',
      't.expires_on',
      't.auth_method',
      't.sso_company_id',
    ])
    .where('t.secret_hash', '=', secretHash)
    .where('t.expires_on', '>', new Date())
    // Jump-start link tokens only buy a session (POST AccessTokenList); they sign nothing else in.
    .where('t.exchange_only', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    publicId: row.public_id,
    name: row.name,
    emailAddress: row.email_address,
    twoFactorEnabled: row.totp_secret !== null || Boolean(row.has_passkey),
    language: row.language,
    tokenPublicId: row.token_public_id,
    tokenExpiresOn: row.expires_on,
    authMethod: row.auth_method,
    ssoCompanyId: row.sso_company_id,
    hasSecondFactor: row.totp_secret !== null || Boolean(row.has_passkey),
  };
}

/**
 * The company the request acts in: the one named by Api-Company. There is no default (such
 * as the user's first membership): a company that invited the user could otherwise become
 * the one their calls act in. A company the user is not a member of is not found.
 */
export async function findCompanyContext(
  db: Db,
  userId: number,
  companyPublicId: string,
): Promise<CompanyContext | undefined> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['c.id', 'c.public_id', 'c.name', 'r.public_id as role_public_id', 'r.name as role_name'])
    .select(['r.built_in', 'r.capabilities', 'm.expires_on', 'm.created_at as member_since'])
    .select([
      'c.two_factor_required',
      'c.two_factor_grace_days',
      'c.two_factor_required_since',
      'c.sso_required',
    ])
    .where('m.user_id', '=', userId)
    .where('c.public_id', '=', companyPublicId)
    // An ended temporary membership is no membership: the same answer as a removed member.
    .where(unexpired('m.expires_on'))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    publicId: row.public_id,
    name: row.name,
    role: { publicId: row.role_public_id, name: row.role_name, builtIn: row.built_in },
    capabilities: roleCapabilities(row.built_in, row.capabilities),
    accessEndsOn: row.expires_on,
    signInRules: memberSignInRules(row),
  };
}

/**
 * The company's sign-in rules as they apply to this member now (for what outlives a request, such
 * as a relay session); undefined when the user is no member.
 */
export async function findMemberSignInRules(
  db: Db,
  userId: number,
  companyId: number,
): Promise<MemberSignInRules | undefined> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.created_at as member_since', 'c.two_factor_required', 'c.two_factor_grace_days'])
    .select(['c.two_factor_required_since', 'c.sso_required'])
    .where('m.user_id', '=', userId)
    .where('m.company_id', '=', companyId)
    .where(unexpired('m.expires_on'))
    .executeTakeFirst();
  return row && memberSignInRules(row);
}

function memberSignInRules(row: {
  two_factor_required: boolean;
  two_factor_grace_days: number;
  two_factor_required_since: Date | null;
  member_since: Date;
  sso_required: boolean;
}): MemberSignInRules {
  return {
    twoFactorRequired: row.two_factor_required,
    twoFactorGraceEndsOn: row.two_factor_required
      ? graceEndsOn(row.two_factor_required_since, row.member_since, row.two_factor_grace_days)
      : null,
    ssoRequired: row.sso_required,
  };
}

const dayMs = 24 * 60 * 60 * 1000;

/** The grace period counts from the later of the rule's start and the member's joining. */
function graceEndsOn(since: Date | null, memberSince: Date, graceDays: number): Date {
  const start = Math.max(since?.getTime() ?? 0, memberSince.getTime());
  return new Date(start + graceDays * dayMs);
}

/** The built-in administrator role always holds every capability of the catalogue. */
export function roleCapabilities(builtIn: boolean, stored: string[]): ReadonlySet<Capability> {
  return new Set(builtIn ? allCapabilities : stored.filter(isCapability));
}
