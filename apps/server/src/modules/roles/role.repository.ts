import { sql, type Compilable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { RoleRow } from '../../db/schema.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage, preparedKeysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

/** A page of the company's roles; with `query.columns`, rows hold only those columns. */
export function listRoles(db: Db, companyId: number, query: ListQuery): Promise<RoleRow[]> {
  return preparedKeysetPage(db, companyId, query, rolePage);
}

function rolePage(db: Db, companyId: number, query: ListQuery): Compilable<RoleRow> {
  const base = db.selectFrom('roles').where('company_id', '=', companyId);
  if (!query.columns) return keysetPage(base.selectAll(), 'roles', query);
  const some = base.select(query.columns.map((column) => sql.ref<unknown>(`roles.${column}`).as(column)));
  // Typed as whole rows: the presenters of the fields asked for read only these columns.
  return keysetPage(some, 'roles', query);
}

export function findRolesByPublicIds(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  let query = db
    .selectFrom('roles')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

export function insertRole(
  db: Db,
  companyId: number,
  role: { name: string; capabilities: string[]; builtIn?: boolean },
) {
  return db
    .insertInto('roles')
    .values({
      public_id: newPublicId(),
      company_id: companyId,
      name: role.name,
      capabilities: JSON.stringify(role.capabilities),
      built_in: role.builtIn ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRole(
  db: Db,
  id: number,
  changes: { name?: string | undefined; capabilities?: string[] | undefined },
) {
  return db
    .updateTable('roles')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.capabilities === undefined ? {} : { capabilities: JSON.stringify(changes.capabilities) }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRole(db: Db, id: number) {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

export async function roleNameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function roleHasMembers(db: Db, roleId: number) {
  return (
    (await db
      .selectFrom('memberships')
      .select('id')
      .where('role_id', '=', roleId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

export function findBuiltInRole(db: Db, companyId: number) {
  return db
    .selectFrom('roles')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('built_in', '=', true)
    .executeTakeFirstOrThrow();
}
