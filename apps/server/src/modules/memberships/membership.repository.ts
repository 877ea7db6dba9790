import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

function selectMemberships(db: Db, companyId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select(['memberships.id', 'memberships.public_id', 'memberships.created_at', 'memberships.role_id'])
    .select([
      'users.public_id as user_public_id',
      'users.name as user_name',
      'users.email_address as user_email_address',
    ])
    .select([
      'roles.public_id as role_public_id',
      'roles.name as role_name',
      'roles.built_in as role_built_in',
    ])
    .where('memberships.company_id', '=', companyId);
}

export type MembershipView = Awaited<ReturnType<typeof listMemberships>>[number];

export function listMemberships(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectMemberships(db, companyId), 'memberships', query).execute();
}

export function findMembershipsByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
) {
  let query = selectMemberships(db, companyId).where('memberships.public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate(['memberships']);
  return query.execute();
}

/** How many members hold the built-in administrator role; rows are locked so concurrent demotions serialise. */
export async function countAdministrators(db: Db, companyId: number): Promise<number> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select('memberships.id')
    .where('memberships.company_id', '=', companyId)
    .where('roles.built_in', '=', true)
    .forUpdate(['memberships'])
    .execute();
  return rows.length;
}

export function findRoleOfCompany(db: Db, companyId: number, rolePublicId: string) {
  return db
    .selectFrom('roles')
    .select(['id', 'built_in'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', rolePublicId)
    .executeTakeFirst();
}

export async function setMembershipRole(db: Db, membershipId: number, roleId: number) {
  await db.updateTable('memberships').set({ role_id: roleId }).where('id', '=', membershipId).execute();
}

export async function deleteMembership(db: Db, membershipId: number) {
  await db.deleteFrom('memberships').where('id', '=', membershipId).execute();
}
