import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';
import { unexpired } from '../../auth/temporary-access.ts';

function selectGroupMembers(db: Db, companyId: number) {
  return (
    db
      .selectFrom('group_members')
      .innerJoin('groups', 'groups.id', 'group_members.group_id')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .innerJoin('roles', 'roles.id', 'group_members.role_id')
      .select([
        'group_members.id',
        'group_members.public_id',
        'group_members.created_at',
        'group_members.expires_on',
        'group_members.user_id',
      ])
      .select(['groups.public_id as group_public_id', 'groups.name as group_name'])
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
      .where('group_members.company_id', '=', companyId)
      // An ended temporary group membership is gone, as the access rules see it.
      .where(unexpired('group_members.expires_on'))
  );
}

export type GroupMemberView = Awaited<ReturnType<typeof listGroupMembers>>[number];

export function listGroupMembers(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectGroupMembers(db, companyId), 'group_members', query).execute();
}

export function findGroupMembersByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
) {
  let query = selectGroupMembers(db, companyId).where('group_members.public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate(['group_members']);
  return query.execute();
}

export function findGroupMemberView(db: Db, companyId: number, id: number) {
  return selectGroupMembers(db, companyId).where('group_members.id', '=', id).executeTakeFirstOrThrow();
}

/** A group of the company, locked against deletion until the member is stored. */
export function findGroupOfCompany(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('groups')
    .select('id')
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .forShare()
    .executeTakeFirst();
}

/** A user who is a member of the company now (a group role is given to members only). */
export function findMemberUser(db: Db, companyId: number, userPublicId: string) {
  return db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select('users.id')
    .where('memberships.company_id', '=', companyId)
    .where('users.public_id', '=', userPublicId)
    .where(unexpired('memberships.expires_on'))
    .executeTakeFirst();
}

/**
 * Whether the user holds a role in the group now; an ended one is deleted so it makes way for the
 * new one (the pair is unique).
 */
export async function holdsGroupRole(db: Db, groupId: number, userId: number) {
  await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('expires_on', '<=', new Date())
    .execute();
  const row = await db
    .selectFrom('group_members')
    .select('id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export function insertGroupMember(
  db: Db,
  m: { companyId: number; groupId: number; userId: number; roleId: number; expiresOn: Date | null },
) {
  return db
    .insertInto('group_members')
    .values({
      public_id: newPublicId(),
      company_id: m.companyId,
      group_id: m.groupId,
      user_id: m.userId,
      role_id: m.roleId,
      expires_on: m.expiresOn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateGroupMember(
  db: Db,
  id: number,
  changes: { role_id?: number; expires_on?: Date | null },
) {
  await db.updateTable('group_members').set(changes).where('id', '=', id).execute();
}

export async function deleteGroupMember(db: Db, id: number) {
  await db.deleteFrom('group_members').where('id', '=', id).execute();
}
