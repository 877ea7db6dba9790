import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

/** The shares of the company's own templates, with the template and the company shared with. */
function selectShares(db: Db, ownerCompanyId: number) {
  return db
    .selectFrom('backend_component_template_shares')
    .innerJoin(
      'backend_component_templates',
      'backend_component_templates.id',
      'backend_component_template_shares.template_id',
    )
    .innerJoin('companies as sharee', 'sharee.id', 'backend_component_template_shares.company_id')
    .selectAll('backend_component_template_shares')
    .select([
      'backend_component_templates.public_id as template_public_id',
      'backend_component_templates.name as template_name',
      'sharee.public_id as company_public_id',
      'sharee.name as company_name',
    ])
    .where('backend_component_templates.company_id', '=', ownerCompanyId);
}

export type ShareView = Awaited<ReturnType<typeof findShares>>[number];

export function listShares(db: Db, ownerCompanyId: number, query: ListQuery) {
  return keysetPage(selectShares(db, ownerCompanyId), 'backend_component_template_shares', query).execute();
}

export function findShares(db: Db, ownerCompanyId: number, publicIds: string[], forUpdate = false) {
  if (publicIds.length === 0) return Promise.resolve([]);
  let query = selectShares(db, ownerCompanyId).where(
    'backend_component_template_shares.public_id',
    'in',
    publicIds,
  );
  if (forUpdate) query = query.forUpdate(['backend_component_template_shares']);
  return query.execute();
}

/**
 * A company the owner may share with: one the acting user is a current member of, or one the
 * owning company is the parent of. Others are not revealed to exist.
 */
export function findReachableCompany(db: Db, ownerCompanyId: number, userId: number, publicId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'public_id', 'name'])
    .where('public_id', '=', publicId)
    .where((eb) =>
      eb.or([
        eb('parent_company_id', '=', ownerCompanyId),
        eb.exists(
          eb
            .selectFrom('memberships')
            .select('memberships.id')
            .whereRef('memberships.company_id', '=', 'companies.id')
            .where('memberships.user_id', '=', userId)
            .where((m) =>
              m.or([
                m('memberships.expires_on', 'is', null),
                m('memberships.expires_on', '>', sql<Date>`now()`),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
}

export async function shareExists(db: Db, templateId: number, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('backend_component_template_shares')
    .select('id')
    .where('template_id', '=', templateId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertShare(db: Db, templateId: number, companyId: number, publicId: string) {
  await db
    .insertInto('backend_component_template_shares')
    .values({ public_id: publicId, template_id: templateId, company_id: companyId })
    .execute();
}

export async function moveShare(db: Db, id: number, companyId: number) {
  await db
    .updateTable('backend_component_template_shares')
    .set({ company_id: companyId })
    .where('id', '=', id)
    .execute();
}

export async function deleteShare(db: Db, id: number) {
  await db.deleteFrom('backend_component_template_shares').where('id', '=', id).execute();
}

/**
 * What a company set up to run a template it no longer has access to: its subscriptions (so
 * its runs stop) and its config. Returns the public ids removed, for the audit trail.
 */
export async function deleteShareeSetup(db: Db, templateId: number, companyId: number) {
  const subscriptions = await db
    .deleteFrom('backend_component_message_subscriptions')
    .where('template_id', '=', templateId)
    .where('company_id', '=', companyId)
    .returning('public_id')
    .execute();
  const configs = await db
    .deleteFrom('backend_component_template_configs')
    .where('template_id', '=', templateId)
    .where('company_id', '=', companyId)
    .returning('public_id')
    .execute();
  return {
    subscriptions: subscriptions.map((row) => row.public_id),
    configs: configs.map((row) => row.public_id),
  };
}
