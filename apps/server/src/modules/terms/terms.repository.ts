import type { Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { PrivacyStatementTable, TermsOfUsePolicyTable } from '../../db/schema.ts';
import { unexpired } from '../../auth/temporary-access.ts';
import { newPublicId } from '../../http/ids.ts';

export type PolicyRow = Selectable<TermsOfUsePolicyTable>;
export type PrivacyStatementRow = Selectable<PrivacyStatementTable>;

/** Whose legal texts: a company's or a sector's. */
export type TextOwner = { companyId: number } | { sectorId: number };

function ownerColumn(owner: TextOwner) {
  return 'companyId' in owner
    ? ({ column: 'company_id', id: owner.companyId } as const)
    : ({ column: 'sector_id', id: owner.sectorId } as const);
}

/** The newest terms-of-use policy version of a company or sector (its languages may be empty). */
export function findLatestPolicy(db: Db, owner: TextOwner, forUpdate = false) {
  const { column, id } = ownerColumn(owner);
  let query = db
    .selectFrom('terms_of_use_policies')
    .selectAll()
    .where(column, '=', id)
    .orderBy('version', 'desc')
    .limit(1);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function insertPolicy(
  db: Db,
  owner: TextOwner,
  policy: { version: number; languages: Record<string, string>; createdBy: number | null },
) {
  const { column, id } = ownerColumn(owner);
  return db
    .insertInto('terms_of_use_policies')
    .values({
      public_id: newPublicId(),
      company_id: column === 'company_id' ? id : null,
      sector_id: column === 'sector_id' ? id : null,
      version: policy.version,
      languages: JSON.stringify(policy.languages),
      created_by_user_id: policy.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findPrivacyStatement(db: Db, owner: TextOwner, forUpdate = false) {
  const { column, id } = ownerColumn(owner);
  let query = db.selectFrom('privacy_statements').selectAll().where(column, '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Stores a privacy statement's languages, creating its row on the first change. */
export function upsertPrivacyStatement(db: Db, owner: TextOwner, languages: Record<string, string>) {
  const { column, id } = ownerColumn(owner);
  return db
    .insertInto('privacy_statements')
    .values({
      public_id: newPublicId(),
      company_id: column === 'company_id' ? id : null,
      sector_id: column === 'sector_id' ? id : null,
      languages: JSON.stringify(languages),
    })
    .onConflict((oc) =>
      oc.column(column).doUpdateSet({ languages: JSON.stringify(languages), updated_at: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findCompanySector(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['sector_id'])
    .where('id', '=', companyId)
    .executeTakeFirst()
    .then((row) => row?.sector_id ?? null);
}

export function findSectorByPublicId(db: Db, publicId: string) {
  return db
    .selectFrom('sectors')
    .select(['id', 'public_id', 'name'])
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export function findPolicyByPublicId(db: Db, publicId: string) {
  return db
    .selectFrom('terms_of_use_policies')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/**
 * The companies of the user to which a policy applies: its own company, or the user's companies
 * in its sector. Oldest membership first.
 */
export function companiesOfUserForPolicy(db: Db, userId: number, policy: PolicyRow) {
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.id', 'c.public_id', 'c.sector_id'])
    .where('m.user_id', '=', userId)
    .where(unexpired('m.expires_on'))
    .orderBy('m.created_at')
    .orderBy('m.id');
  query =
    policy.company_id !== null
      ? query.where('c.id', '=', policy.company_id)
      : query.where('c.sector_id', '=', policy.sector_id);
  return query.execute();
}

export function findAcceptance(db: Db, userId: number, policyId: number) {
  return db
    .selectFrom('terms_of_use_acceptances')
    .selectAll()
    .where('user_id', '=', userId)
    .where('policy_id', '=', policyId)
    .executeTakeFirst();
}

/** Records an acceptance once; a second one of the same policy by the same user inserts nothing. */
export function insertAcceptance(
  db: Db,
  acceptance: { userId: number; policyId: number; clientAddress: string | null },
) {
  return db
    .insertInto('terms_of_use_acceptances')
    .values({
      public_id: newPublicId(),
      user_id: acceptance.userId,
      policy_id: acceptance.policyId,
      client_address: acceptance.clientAddress,
    })
    .onConflict((oc) => oc.columns(['user_id', 'policy_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The policies a user has accepted, in the order accepted. */
export function listAcceptedPolicies(db: Db, userId: number) {
  return db
    .selectFrom('terms_of_use_acceptances as a')
    .innerJoin('terms_of_use_policies as p', 'p.id', 'a.policy_id')
    .select(['p.public_id'])
    .where('a.user_id', '=', userId)
    .orderBy('a.accepted_at')
    .orderBy('a.id')
    .execute();
}

export function listSectorCompanies(db: Db, sectorId: number) {
  return db.selectFrom('companies').select(['id']).where('sector_id', '=', sectorId).execute();
}
