import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { keysetPage, preparedKeysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

function selectGroups(db: Db, companyId: number) {
  return db
    .selectFrom('groups')
    .innerJoin('group_types', 'group_types.id', 'groups.group_type_id')
    .leftJoin('groups as parent', 'parent.id', 'groups.parent_id')
    .select([
      'groups.id',
      'groups.public_id',
      'groups.name',
      'groups.color',
      'groups.created_at',
      'groups.group_type_id',
      'groups.parent_id',
    ])
    .select(['group_types.public_id as group_type_public_id', 'group_types.name as group_type_name'])
    .select(['parent.public_id as parent_public_id', 'parent.name as parent_name'])
    .where('groups.company_id', '=', companyId);
}

export type GroupView = Awaited<ReturnType<typeof listGroups>>[number];

export function listGroups(db: Db, companyId: number, query: ListQuery) {
  return preparedKeysetPage(db, companyId, query, groupPage);
}

function groupPage(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectGroups(db, companyId), 'groups', query);
}

export function findGroupsByPublicIds(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  let query = selectGroups(db, companyId).where('groups.public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate(['groups']);
  return query.execute();
}

export async function findGroupView(db: Db, companyId: number, id: number) {
  return selectGroups(db, companyId).where('groups.id', '=', id).executeTakeFirstOrThrow();
}

/** The parent a group is placed under, locked against deletion until the group is stored. */
export function findParentGroup(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('groups')
    .select(['id', 'public_id'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .forShare()
    .executeTakeFirst();
}

export function insertGroup(
  db: Db,
  companyId: number,
  group: { publicId: string; name: string; color: string; groupTypeId: number; parentId: number | null },
) {
  return db
    .insertInto('groups')
    .values({
      public_id: group.publicId,
      company_id: companyId,
      name: group.name,
      color: group.color,
      group_type_id: group.groupTypeId,
      parent_id: group.parentId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateGroup(
  db: Db,
  id: number,
  changes: { name?: string; color?: string; groupTypeId?: number; parentId?: number | null },
) {
  await db
    .updateTable('groups')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.color === undefined ? {} : { color: changes.color }),
      ...(changes.groupTypeId === undefined ? {} : { group_type_id: changes.groupTypeId }),
      ...(changes.parentId === undefined ? {} : { parent_id: changes.parentId }),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteGroup(db: Db, id: number) {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

export async function hasSubgroups(db: Db, id: number) {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether following parents up from `startId` (itself included) reaches `groupId`. */
export async function ancestryIncludes(db: Db, startId: number, groupId: number) {
  const result = await sql<{ found: number }>`
    with recursive chain (id, parent_id) as (
      select id, parent_id from groups where id = ${startId}
      union
      select g.id, g.parent_id from groups g join chain c on g.id = c.parent_id
    )
    select 1 as found from chain where id = ${groupId} limit 1`.execute(db);
  return result.rows.length > 0;
}

// Hierarchy changes of one company run one at a time, so two moves cannot close a cycle together.
export async function lockGroupHierarchy(db: Db, companyId: number) {
  await sql`select pg_advisory_xact_lock(${30_003}::integer, ${companyId}::integer)`.execute(db);
}
