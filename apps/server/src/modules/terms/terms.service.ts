import type {
  CompanyTermsFields,
  LegalTextLanguageInput,
  PrivacyStatement,
  TermsOfUseAcceptance,
  TermsOfUsePolicy,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { notFound } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { sameLanguages, unknownPolicy, withLanguage } from './legal-text.rules.ts';
import { presentAcceptance, presentPolicy, presentPrivacyStatement } from './terms.presenter.ts';
import {
  companiesOfUserForPolicy,
  findAcceptance,
  findCompanySector,
  findLatestPolicy,
  findPolicyByPublicId,
  findPrivacyStatement,
  insertAcceptance,
  insertPolicy,
  upsertPrivacyStatement,
  type PolicyRow,
  type TextOwner,
} from './terms.repository.ts';

/** Who changes a text: a member through the API, or the operator through the CLI (no user, no address). */
export type TextActor = { companyId: number | null; userId: number | null; clientAddress: string | null };

const hasText = (languages: Record<string, string>) => Object.keys(languages).length > 0;

/**
 * The terms that apply in a company: its own latest policy, else its sector's. A latest version
 * without any language means the owner removed its terms.
 */
export async function effectivePolicy(db: Db, companyId: number) {
  const own = await findLatestPolicy(db, { companyId });
  if (own && hasText(own.languages)) return { row: own, source: 'company' as const };
  const sectorId = await findCompanySector(db, companyId);
  if (sectorId === null) return undefined;
  const sector = await findLatestPolicy(db, { sectorId });
  return sector && hasText(sector.languages) ? { row: sector, source: 'sector' as const } : undefined;
}

export async function effectiveTermsOfUse(db: Db, companyId: number): Promise<TermsOfUsePolicy | null> {
  const found = await effectivePolicy(db, companyId);
  return found ? presentPolicy(found.row, found.source) : null;
}

/** The Company resource's terms fields. */
export async function companyTermsFields(db: Db, companyId: number): Promise<CompanyTermsFields> {
  const latestTermsOfUse = await effectiveTermsOfUse(db, companyId);
  return { latestTermsOfUse, customTermsOfUse: latestTermsOfUse !== null };
}

export async function effectivePrivacyStatement(db: Db, companyId: number): Promise<PrivacyStatement | null> {
  const own = await findPrivacyStatement(db, { companyId });
  if (own && hasText(own.languages)) return presentPrivacyStatement(own, 'company');
  const sectorId = await findCompanySector(db, companyId);
  if (sectorId === null) return null;
  const sector = await findPrivacyStatement(db, { sectorId });
  return sector && hasText(sector.languages) ? presentPrivacyStatement(sector, 'sector') : null;
}

/** Serialises changes to one owner's texts, so two versions never get the same number. */
async function lockOwner(trx: Db, owner: TextOwner) {
  if ('companyId' in owner) {
    await trx.selectFrom('companies').select('id').where('id', '=', owner.companyId).forUpdate().execute();
  } else {
    await trx.selectFrom('sectors').select('id').where('id', '=', owner.sectorId).forUpdate().execute();
  }
}

/**
 * Sets or removes one language of the terms. A change of text is a new policy version (the old
 * ones stay for the record); the same text again changes nothing. Answers the latest version and
 * whether it is new.
 */
export function setTermsLanguage(db: Db, owner: TextOwner, actor: TextActor, input: LegalTextLanguageInput) {
  return runInTransaction(db, async (trx) => {
    await lockOwner(trx, owner);
    const latest = await findLatestPolicy(trx, owner);
    const before = latest?.languages ?? {};
    const languages = withLanguage(before, input);
    if (latest && sameLanguages(before, languages)) return { row: latest, created: false };
    if (!latest && !hasText(languages)) return { row: undefined, created: false };
    const row = await insertPolicy(trx, owner, {
      version: (latest?.version ?? 0) + 1,
      languages,
      createdBy: actor.userId,
    });
    await writeAudit(trx, {
      companyId: actor.companyId,
      actorUserId: actor.userId,
      action: 'CREATE',
      rel: 'TermsOfUsePolicy',
      publicId: row.public_id,
      before: latest ? { publicId: latest.public_id, version: latest.version, languages: before } : undefined,
      after: { publicId: row.public_id, version: row.version, languages },
      clientAddress: actor.clientAddress,
    });
    return { row, created: true };
  });
}

/** Sets or removes one language of the privacy statement, audited; it keeps no versions. */
export function setPrivacyStatementLanguage(
  db: Db,
  owner: TextOwner,
  actor: TextActor,
  input: LegalTextLanguageInput,
) {
  return runInTransaction(db, async (trx) => {
    await lockOwner(trx, owner);
    const current = await findPrivacyStatement(trx, owner, true);
    const before = current?.languages ?? {};
    const languages = withLanguage(before, input);
    if (sameLanguages(before, languages)) return current;
    const row = await upsertPrivacyStatement(trx, owner, languages);
    await writeAudit(trx, {
      companyId: actor.companyId,
      actorUserId: actor.userId,
      action: current ? 'UPDATE' : 'CREATE',
      rel: 'PrivacyStatement',
      publicId: row.public_id,
      before: current ? { languages: before } : undefined,
      after: { languages },
      clientAddress: actor.clientAddress,
    });
    return row;
  });
}

async function recordAcceptance(
  trx: Db,
  user: { id: number },
  policy: PolicyRow,
  companyId: number,
  clientAddress: string,
) {
  const inserted = await insertAcceptance(trx, { userId: user.id, policyId: policy.id, clientAddress });
  if (!inserted) return (await findAcceptance(trx, user.id, policy.id))!;
  await writeAudit(trx, {
    companyId,
    actorUserId: user.id,
    action: 'CREATE',
    rel: 'TermsOfUsePolicyAcceptance',
    publicId: inserted.public_id,
    after: {
      publicId: inserted.public_id,
      termsOfUsePolicy: { publicId: policy.public_id, version: policy.version },
      acceptedAt: inserted.accepted_at.toISOString(),
      clientAddress,
    },
    clientAddress,
  });
  return inserted;
}

/**
 * Records the user's acceptance of a policy that applies to one of their companies (another's
 * policy is not found). Accepting again answers the first acceptance. The audit entry goes to the
 * company acted in when the policy applies there, else to the user's first company it applies to.
 */
export function acceptPolicy(
  db: Db,
  user: { id: number },
  policyPublicId: string,
  actingCompanyId: number | undefined,
  clientAddress: string,
): Promise<TermsOfUseAcceptance> {
  return runInTransaction(db, async (trx) => {
    const policy = await findPolicyByPublicId(trx, policyPublicId);
    if (!policy || !hasText(policy.languages)) throw notFound();
    const companies = await companiesOfUserForPolicy(trx, user.id, policy);
    const company = companies.find((c) => c.id === actingCompanyId) ?? companies[0];
    if (!company) throw notFound();
    const acceptance = await recordAcceptance(trx, user, policy, company.id, clientAddress);
    return presentAcceptance(acceptance, policy);
  });
}

/**
 * Accepting an invitation with `termsOfUsePolicy`: the policy must be the invited company's or
 * its sector's (else 400 naming termsOfUsePolicy); the acceptance is recorded in the same
 * transaction as the membership.
 */
export async function acceptPolicyOnJoining(
  trx: Db,
  user: { id: number },
  companyId: number,
  policyPublicId: string,
  clientAddress: string,
) {
  const policy = await findPolicyByPublicId(trx, policyPublicId);
  const sectorId = await findCompanySector(trx, companyId);
  const applies =
    policy !== undefined &&
    hasText(policy.languages) &&
    (policy.company_id === companyId || (policy.sector_id !== null && policy.sector_id === sectorId));
  if (!applies) throw unknownPolicy();
  return presentAcceptance(await recordAcceptance(trx, user, policy, companyId, clientAddress), policy);
}
