import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

function selectMemberships(db: Db, companyId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .leftJoin('audiences', 'audiences.id', 'memberships.audience_id')
    .select([
      'memberships.id',
      'memberships.public_id',
      'memberships.created_at',
      'memberships.role_id',
      'memberships.user_id',
      'memberships.audience_id',
    ])
    .select([
      'users.public_id as user_public_id',
      'users.name as user_name',
      'users.email_address as user_email_address',
    ])
    .select([
      'roles.public_id as role_public_id',
      'roles.name as role_name',
      'roles.built_in as role_built_in',
      'roles.capabilities as role_capabilities',
    ])
    .select(['audiences.public_id as audience_public_id', 'audiences.name as audience_name'])
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

/** Memberships looked up by their users' publicIds (UserList, UserMembershipUserList). */
export function findMembershipsByUserPublicIds(
  db: Db,
  companyId: number,
  userPublicIds: string[],
  forUpdate = false,
) {
  let query = selectMemberships(db, companyId).where('users.public_id', 'in', userPublicIds);
  if (forUpdate) query = query.forUpdate(['memberships']);
  return query.execute();
}

/** The signed-in user's own membership of the company (`MyUserMembership`). */
export function findMembershipOfUser(db: Db, companyId: number, userId: number) {
  return selectMemberships(db, companyId).where('memberships.user_id', '=', userId).executeTakeFirst();
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
    .select(['id', 'public_id', 'name', 'built_in', 'capabilities'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', rolePublicId)
    .executeTakeFirst();
}

export function listCompanyRoles(db: Db, companyId: number) {
  return db
    .selectFrom('roles')
    .select(['public_id', 'name', 'built_in', 'capabilities'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('public_id')
    .execute();
}

export async function setMembershipRole(db: Db, membershipId: number, roleId: number) {
  await db.updateTable('memberships').set({ role_id: roleId }).where('id', '=', membershipId).execute();
}

export async function setMembershipAudience(db: Db, membershipId: number, audienceId: number | null) {
  await db
    .updateTable('memberships')
    .set({ audience_id: audienceId })
    .where('id', '=', membershipId)
    .execute();
}

export async function deleteMembership(db: Db, membershipId: number) {
  await db.deleteFrom('memberships').where('id', '=', membershipId).execute();
}

export function insertMembershipWithAudience(
  db: Db,
  m: { companyId: number; userId: number; roleId: number; audienceId: number | null },
) {
  return db
    .insertInto('memberships')
    .values({
      public_id: newPublicId(),
      company_id: m.companyId,
      user_id: m.userId,
      role_id: m.roleId,
      audience_id: m.audienceId,
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
}

export async function isMember(db: Db, companyId: number, userId: number) {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
