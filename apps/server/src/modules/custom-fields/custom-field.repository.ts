import { sql } from 'kysely';
import type { CustomFieldEntity, CustomFieldType } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { CustomFieldRow } from '../../db/schema.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export function listCustomFields(db: Db, companyId: number, query: ListQuery): Promise<CustomFieldRow[]> {
  return keysetPage(
    db.selectFrom('custom_fields').selectAll().where('company_id', '=', companyId),
    'custom_fields',
    query,
  ).execute();
}

export function findCustomFieldsByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
): Promise<CustomFieldRow[]> {
  let query = db
    .selectFrom('custom_fields')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

export type NewCustomField = {
  entity: CustomFieldEntity;
  key: string;
  name: string;
  type: CustomFieldType;
  options: string[];
  required: boolean;
  order: number;
};

export function insertCustomField(db: Db, companyId: number, field: NewCustomField) {
  return db
    .insertInto('custom_fields')
    .values({
      public_id: newPublicId(),
      company_id: companyId,
      entity: field.entity,
      key: field.key,
      name: field.name,
      type: field.type,
      options: JSON.stringify(field.options),
      required: field.required,
      sort_order: field.order,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type CustomFieldChanges = Partial<
  Pick<NewCustomField, 'name' | 'type' | 'options' | 'required' | 'order'>
>;

export function updateCustomField(db: Db, id: number, changes: CustomFieldChanges) {
  return db
    .updateTable('custom_fields')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.type === undefined ? {} : { type: changes.type }),
      ...(changes.options === undefined ? {} : { options: JSON.stringify(changes.options) }),
      ...(changes.required === undefined ? {} : { required: changes.required }),
      ...(changes.order === undefined ? {} : { sort_order: changes.order }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCustomField(db: Db, id: number) {
  await db.deleteFrom('custom_fields').where('id', '=', id).execute();
}

/** Whether another field of the same entity already has this value in `column`, ignoring case. */
export async function customFieldValueTaken(
  db: Db,
  companyId: number,
  entity: CustomFieldEntity,
  column: 'name' | 'key',
  value: string,
  exceptId?: number,
) {
  let query = db
    .selectFrom('custom_fields')
    .select('id')
    .where('company_id', '=', companyId)
    .where('entity', '=', entity)
    .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function highestCustomFieldOrder(db: Db, companyId: number, entity: CustomFieldEntity) {
  const row = await db
    .selectFrom('custom_fields')
    .select((eb) => eb.fn.max('sort_order').as('highest'))
    .where('company_id', '=', companyId)
    .where('entity', '=', entity)
    .executeTakeFirst();
  return row?.highest ?? null;
}
