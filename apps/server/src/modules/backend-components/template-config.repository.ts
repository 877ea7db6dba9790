import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

function selectConfigs(db: Db, companyId: number) {
  return db
    .selectFrom('backend_component_template_configs')
    .innerJoin(
      'backend_component_templates',
      'backend_component_templates.id',
      'backend_component_template_configs.template_id',
    )
    .selectAll('backend_component_template_configs')
    .select('backend_component_templates.public_id as template_public_id')
    .where('backend_component_template_configs.company_id', '=', companyId);
}

export type ConfigView = Awaited<ReturnType<typeof findConfigs>>[number];

export function listConfigs(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectConfigs(db, companyId), 'backend_component_template_configs', query).execute();
}

export function findConfigs(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  if (publicIds.length === 0) return Promise.resolve([]);
  let query = selectConfigs(db, companyId).where(
    'backend_component_template_configs.public_id',
    'in',
    publicIds,
  );
  if (forUpdate) query = query.forUpdate(['backend_component_template_configs']);
  return query.execute();
}

export async function configExists(db: Db, companyId: number, templateId: number): Promise<boolean> {
  const row = await db
    .selectFrom('backend_component_template_configs')
    .select('id')
    .where('company_id', '=', companyId)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return row !== undefined;
}

export type ConfigValues = {
  values: Record<string, string>;
  /** Name → sealed value. */
  secrets: Record<string, string>;
  allowedHosts: string[];
};

export async function insertConfig(
  db: Db,
  companyId: number,
  templateId: number,
  publicId: string,
  config: ConfigValues,
) {
  await db
    .insertInto('backend_component_template_configs')
    .values({
      public_id: publicId,
      company_id: companyId,
      template_id: templateId,
      values: JSON.stringify(config.values),
      secrets: JSON.stringify(config.secrets),
      allowed_hosts: JSON.stringify(config.allowedHosts),
    })
    .execute();
}

export async function updateConfig(db: Db, id: number, config: ConfigValues) {
  await db
    .updateTable('backend_component_template_configs')
    .set({
      values: JSON.stringify(config.values),
      secrets: JSON.stringify(config.secrets),
      allowed_hosts: JSON.stringify(config.allowedHosts),
      updated_at: sql`clock_timestamp()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteConfig(db: Db, id: number) {
  await db.deleteFrom('backend_component_template_configs').where('id', '=', id).execute();
}

/** The stored config of one company for one template, for a run. */
export function findRunConfig(db: Db, companyId: number, templateId: number) {
  return db
    .selectFrom('backend_component_template_configs')
    .select(['public_id', 'values', 'secrets', 'allowed_hosts'])
    .where('company_id', '=', companyId)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
}
