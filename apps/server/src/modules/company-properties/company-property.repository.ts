import type { Db } from '../../db/client.ts';
import type { CompanyCustomPropertyRow } from '../../db/schema.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export function listCompanyProperties(
  db: Db,
  companyId: number,
  query: ListQuery,
): Promise<CompanyCustomPropertyRow[]> {
  return keysetPage(
    db.selectFrom('company_custom_properties').selectAll().where('company_id', '=', companyId),
    'company_custom_properties',
    query,
  ).execute();
}

export function findCompanyPropertiesByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
): Promise<CompanyCustomPropertyRow[]> {
  let query = db
    .selectFrom('company_custom_properties')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

export async function companyPropertyKeyTaken(db: Db, companyId: number, key: string) {
  const row = await db
    .selectFrom('company_custom_properties')
    .select('id')
    .where('company_id', '=', companyId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's custom field of entity `company` with this key. */
export function findCompanyField(db: Db, companyId: number, key: string) {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('entity', '=', 'company')
    .where('key', '=', key)
    .executeTakeFirst();
}

export function findFieldById(db: Db, id: number) {
  return db.selectFrom('custom_fields').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function insertCompanyProperty(
  db: Db,
  property: { companyId: number; key: string; customFieldId: number | null; value: unknown },
) {
  return db
    .insertInto('company_custom_properties')
    .values({
      public_id: newPublicId(),
      company_id: property.companyId,
      key: property.key,
      custom_field_id: property.customFieldId,
      value: JSON.stringify(property.value),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCompanyPropertyValue(db: Db, id: number, value: unknown) {
  return db
    .updateTable('company_custom_properties')
    .set({ value: JSON.stringify(value) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCompanyProperty(db: Db, id: number) {
  await db.deleteFrom('company_custom_properties').where('id', '=', id).execute();
}
