import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

/**
 * Templates as one company sees them: its own and those shared with it, each with its owner
 * and whether the viewer owns it (only the owner reads the code or changes the template).
 */
function selectVisibleTemplates(db: Db, companyId: number) {
  return db
    .selectFrom('backend_component_templates')
    .innerJoin('companies as owner', 'owner.id', 'backend_component_templates.company_id')
    .selectAll('backend_component_templates')
    .select([
      'owner.public_id as owner_public_id',
      'owner.name as owner_name',
      sql<boolean>`backend_component_templates.company_id = ${companyId}`.as('own'),
    ])
    .where((eb) =>
      eb.or([
        eb('backend_component_templates.company_id', '=', companyId),
        eb.exists(
          eb
            .selectFrom('backend_component_template_shares as share')
            .select('share.id')
            .whereRef('share.template_id', '=', 'backend_component_templates.id')
            .where('share.company_id', '=', companyId),
        ),
      ]),
    );
}

export type TemplateView = Awaited<ReturnType<typeof findVisibleTemplates>>[number];

export function listVisibleTemplates(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectVisibleTemplates(db, companyId), 'backend_component_templates', query).execute();
}

export function findVisibleTemplates(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  if (publicIds.length === 0) return Promise.resolve([]);
  let query = selectVisibleTemplates(db, companyId).where(
    'backend_component_templates.public_id',
    'in',
    publicIds,
  );
  if (forUpdate) query = query.forUpdate(['backend_component_templates']);
  return query.execute();
}

export async function countOwnTemplates(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('backend_component_templates')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function templateNameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('backend_component_templates')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type TemplateValues = { name: string; description: string; code: string };

export async function insertTemplate(db: Db, companyId: number, publicId: string, values: TemplateValues) {
  await db
    .insertInto('backend_component_templates')
    .values({ public_id: publicId, company_id: companyId, ...values })
    .execute();
}

export async function updateTemplate(db: Db, id: number, changes: Partial<TemplateValues>) {
  await db
    .updateTable('backend_component_templates')
    .set({ ...changes, updated_at: sql`clock_timestamp()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteTemplate(db: Db, id: number) {
  await db.deleteFrom('backend_component_templates').where('id', '=', id).execute();
}
