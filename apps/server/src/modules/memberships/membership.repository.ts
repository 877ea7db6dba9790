import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage, preparedKeysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';
import { unexpired } from '../../auth/temporary-access.ts';

function selectMemberships(db: Db, companyId: number) {
  return (
    db
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
        'memberships.expires_on',
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
      .where('memberships.company_id', '=', companyId)
      // An ended temporary membership is gone: not listed, not found, not counted.
      .where(unexpired('memberships.expires_on'))
  );
}

export type MembershipView = Awaited<ReturnType<typeof listMemberships>>[number];

export function listMemberships(db: Db, companyId: number, query: ListQuery) {
  return preparedKeysetPage(db, companyId, query, membershipPage);
}

function membershipPage(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectMemberships(db, companyId), 'memberships', query);
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

/**
 * How many members other than `exceptMembershipId` hold the built-in administrator role for
 * good (not temporarily: an administrator whose access ends cannot be the one that keeps the
 * company manageable). Rows are locked so concurrent demotions serialise.
 */
export async function countPermanentAdministrators(
  db: Db,
  companyId: number,
  exceptMembershipId: number,
): Promise<number> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select(['memberships.id', 'memberships.expires_on'])
    .where('memberships.company_id', '=', companyId)
    .where('roles.built_in', '=', true)
    .forUpdate(['memberships'])
    .execute();
  return rows.filter((row) => row.id !== exceptMembershipId && row.expires_on === null).length;
}

export async function setMembershipExpiry(db: Db, membershipId: number, expiresOn: Date | null) {
  await db.updateTable('memberships').set({ expires_on: expiresOn }).where('id', '=', membershipId).execute();
}

/** An ended temporary membership is no membership: it makes way for a new one (an accepted invitation). */
export async function deleteEndedMembership(db: Db, companyId: number, userId: number) {
  const ended = await db
    .deleteFrom('memberships')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('expires_on', '<=', new Date())
    .returning('id')
    .executeTakeFirst();
  // Joining again starts afresh: the group roles of the ended membership do not come back.
  if (ended) await deleteGroupRolesOf(db, companyId, userId);
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

/** Removes a membership and the user's roles in the company's groups, which only counted with it. */
export async function deleteMembership(db: Db, membershipId: number) {
  const removed = await db
    .deleteFrom('memberships')
    .where('id', '=', membershipId)
    .returning(['company_id', 'user_id'])
    .executeTakeFirst();
  if (removed) await deleteGroupRolesOf(db, removed.company_id, removed.user_id);
}

function deleteGroupRolesOf(db: Db, companyId: number, userId: number) {
  return db
    .deleteFrom('group_members')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
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
    .where(unexpired('expires_on'))
    .executeTakeFirst();
  return row !== undefined;
}
