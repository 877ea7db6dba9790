import type { Db } from '../../db/client.ts';
import type { GroupTypeRow } from '../../db/schema.ts';
import { keysetPage, preparedKeysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export function listGroupTypes(db: Db, companyId: number, query: ListQuery): Promise<GroupTypeRow[]> {
  return preparedKeysetPage(db, companyId, query, groupTypePage);
}

function groupTypePage(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(
    db.selectFrom('group_types').selectAll().where('company_id', '=', companyId),
    'group_types',
    query,
  );
}

export function findGroupTypesByPublicIds(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  let query = db
    .selectFrom('group_types')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

export function insertGroupType(
  db: Db,
  companyId: number,
  type: { publicId: string; name: string; color: string; order: number },
) {
  return db
    .insertInto('group_types')
    .values({
      public_id: type.publicId,
      company_id: companyId,
      name: type.name,
      color: type.color,
      sort_order: type.order,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateGroupType(
  db: Db,
  id: number,
  changes: { name?: string | undefined; color?: string | undefined; order?: number | undefined },
) {
  return db
    .updateTable('group_types')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.color === undefined ? {} : { color: changes.color }),
      ...(changes.order === undefined ? {} : { sort_order: changes.order }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteGroupType(db: Db, id: number) {
  await db.deleteFrom('group_types').where('id', '=', id).execute();
}

export async function groupTypeInUse(db: Db, groupTypeId: number) {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('group_type_id', '=', groupTypeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The type a group is given, locked against deletion until the group is stored. */
export function findGroupTypeForGroup(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('group_types')
    .select(['id', 'public_id', 'name'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .forShare()
    .executeTakeFirst();
}
