import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { SsoIdentityProviderTable } from '../../db/schema.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export type SsoProviderRow = Selectable<SsoIdentityProviderTable>;

export function listSsoProviders(db: Db, companyId: number, query: ListQuery): Promise<SsoProviderRow[]> {
  return keysetPage(
    db.selectFrom('sso_identity_providers').selectAll().where('company_id', '=', companyId),
    'sso_identity_providers',
    query,
  ).execute();
}

export function findSsoProvidersByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
): Promise<SsoProviderRow[]> {
  let query = db
    .selectFrom('sso_identity_providers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

export type SsoProviderValues = {
  name: string;
  issuerUrl: string;
  clientId: string;
  clientSecretSealed: string;
  allowedDomains: string[];
  logoUrl: string | null;
};

export function insertSsoProvider(db: Db, companyId: number, publicId: string, values: SsoProviderValues) {
  return db
    .insertInto('sso_identity_providers')
    .values({
      public_id: publicId,
      company_id: companyId,
      name: values.name,
      issuer_url: values.issuerUrl,
      client_id: values.clientId,
      client_secret_sealed: values.clientSecretSealed,
      allowed_domains: JSON.stringify(values.allowedDomains),
      logo_url: values.logoUrl,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSsoProvider(db: Db, id: number, changes: Partial<SsoProviderValues>) {
  return db
    .updateTable('sso_identity_providers')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.issuerUrl === undefined ? {} : { issuer_url: changes.issuerUrl }),
      ...(changes.clientId === undefined ? {} : { client_id: changes.clientId }),
      ...(changes.clientSecretSealed === undefined
        ? {}
        : { client_secret_sealed: changes.clientSecretSealed }),
      ...(changes.allowedDomains === undefined
        ? {}
        : { allowed_domains: JSON.stringify(changes.allowedDomains) }),
      ...(changes.logoUrl === undefined ? {} : { logo_url: changes.logoUrl }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSsoProvider(db: Db, id: number) {
  await db.deleteFrom('sso_identity_providers').where('id', '=', id).execute();
}

export async function ssoProviderNameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('sso_identity_providers')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The most providers the public list answers: a login page shows a handful of buttons. */
const publicListMax = 50;

function selectPublicProviders(db: Db) {
  return db
    .selectFrom('sso_identity_providers')
    .innerJoin('companies', 'companies.id', 'sso_identity_providers.company_id')
    .select([
      'sso_identity_providers.public_id',
      'sso_identity_providers.name',
      'sso_identity_providers.logo_url',
      'companies.public_id as company_public_id',
      'companies.name as company_name',
    ])
    .orderBy('sso_identity_providers.created_at')
    .orderBy('sso_identity_providers.public_id')
    .limit(publicListMax);
}

export type PublicProviderRow = Awaited<ReturnType<typeof listProvidersOfCompany>>[number];

/** The providers of the company whose branding claims the host. */
export function listProvidersOfCompany(db: Db, companyId: number) {
  return selectPublicProviders(db).where('sso_identity_providers.company_id', '=', companyId).execute();
}

/** The providers that vouch for an e-mail domain (exact, lower-case match in allowed_domains). */
export function listProvidersForDomain(db: Db, domain: string) {
  return selectPublicProviders(db)
    .where(sql<boolean>`sso_identity_providers.allowed_domains @> ${JSON.stringify([domain])}::jsonb`)
    .execute();
}

/** A provider by its publicId, whichever company it belongs to (the sign-in flow has no company yet). */
export function findSsoProviderAnywhere(db: Db, publicId: string) {
  return db
    .selectFrom('sso_identity_providers')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export function findSsoProviderById(db: Db, id: number) {
  return db.selectFrom('sso_identity_providers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
