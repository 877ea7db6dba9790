import {
  errorMessages,
  type CompanySignInRules,
  type CompanySignInRulesPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { badRequest } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { findSignInRules, updateSignInRules, type SignInRulesRow } from './sign-in-rules.repository.ts';

export type SignInRulesActor = { companyId: number; userId: number; clientAddress: string };

export function presentSignInRules(row: SignInRulesRow): CompanySignInRules {
  return {
    twoFactorRequired: row.two_factor_required,
    twoFactorGraceDays: row.two_factor_grace_days,
    twoFactorRequiredSince: row.two_factor_required_since?.toISOString() ?? null,
    ssoRequired: row.sso_required,
    hasIdentityProvider: row.has_identity_provider,
  };
}

export async function readSignInRules(db: Db, companyId: number): Promise<CompanySignInRules> {
  return presentSignInRules(await findSignInRules(db, companyId));
}

/**
 * Changes the rules. Turning two-factor on starts the grace periods now (turning it off forgets
 * the start, so turning it on again gives every member the full grace period once more). Single
 * sign-on can only be required while the company has an identity provider to sign in with.
 * Returns whether anything changed: the caller then drops every cached right.
 */
export async function changeSignInRules(
  db: Db,
  actor: SignInRulesActor,
  input: CompanySignInRulesPatchInput,
): Promise<{ rules: CompanySignInRules; changed: boolean }> {
  return runInTransaction(db, async (trx) => {
    const row = await findSignInRules(trx, actor.companyId, true);
    const before = presentSignInRules(row);
    if (input.ssoRequired === true && !row.has_identity_provider)
      throw badRequest(errorMessages.identityProviderMissing, 'ssoRequired');
    const twoFactorRequired = input.twoFactorRequired ?? row.two_factor_required;
    const since = !twoFactorRequired
      ? null
      : row.two_factor_required
        ? row.two_factor_required_since
        : new Date();
    const next = {
      two_factor_required: twoFactorRequired,
      two_factor_grace_days: input.twoFactorGraceDays ?? row.two_factor_grace_days,
      two_factor_required_since: since,
      sso_required: input.ssoRequired ?? row.sso_required,
    };
    const changed =
      next.two_factor_required !== row.two_factor_required ||
      next.two_factor_grace_days !== row.two_factor_grace_days ||
      next.sso_required !== row.sso_required;
    if (!changed) return { rules: before, changed };
    await updateSignInRules(trx, actor.companyId, next);
    const rules = presentSignInRules({ ...row, ...next });
    await writeAudit(trx, {
      companyId: actor.companyId,
      actorUserId: actor.userId,
      action: 'UPDATE',
      rel: 'CompanySignInRules',
      publicId: row.public_id,
      before,
      after: rules,
      clientAddress: actor.clientAddress,
    });
    // Sessions in this company (and the other processes' caches) see the new rules at once.
    await publishAccessChange(trx, { all: true });
    return { rules, changed };
  });
}
