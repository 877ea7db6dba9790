import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

const sameAddress = (emailAddress: string) =>
  sql<boolean>`lower(invites.email_address) = ${emailAddress.toLowerCase()}`;

function selectInvites(db: Db, companyId: number) {
  return db
    .selectFrom('invites')
    .innerJoin('roles', 'roles.id', 'invites.role_id')
    .leftJoin('users as inviter', 'inviter.id', 'invites.invited_by_user_id')
    .select([
      'invites.id',
      'invites.public_id',
      'invites.email_address',
      'invites.expires_on',
      'invites.created_at',
      'roles.public_id as role_public_id',
      'roles.name as role_name',
      'inviter.public_id as inviter_public_id',
      'inviter.name as inviter_name',
    ])
    .where('invites.company_id', '=', companyId);
}

export type InviteView = Awaited<ReturnType<typeof listInvites>>[number];

export function listInvites(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectInvites(db, companyId), 'invites', query).execute();
}

export function findInvitesByPublicIds(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  let query = selectInvites(db, companyId).where('invites.public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate(['invites']);
  return query.execute();
}

export function findPendingInviteOf(db: Db, companyId: number, emailAddress: string) {
  return selectInvites(db, companyId)
    .where(sameAddress(emailAddress))
    .forUpdate(['invites'])
    .executeTakeFirst();
}

export function insertInvite(
  db: Db,
  invite: { companyId: number; emailAddress: string; roleId: number; invitedBy: number; expiresOn: Date },
) {
  return db
    .insertInto('invites')
    .values({
      public_id: newPublicId(),
      company_id: invite.companyId,
      email_address: invite.emailAddress,
      role_id: invite.roleId,
      invited_by_user_id: invite.invitedBy,
      expires_on: invite.expiresOn,
    })
    .returning('public_id')
    .executeTakeFirstOrThrow();
}

/** Inviting an address again renews its pending invite: the new role and inviter, a new expiry. */
export async function renewInvite(
  db: Db,
  id: number,
  changes: { emailAddress: string; roleId: number; invitedBy: number; expiresOn: Date },
) {
  await db
    .updateTable('invites')
    .set({
      email_address: changes.emailAddress,
      role_id: changes.roleId,
      invited_by_user_id: changes.invitedBy,
      expires_on: changes.expiresOn,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteInvite(db: Db, id: number) {
  await db.deleteFrom('invites').where('id', '=', id).execute();
}

/** Removes the company's pending invite of an address, if any, and says which it was. */
export function deletePendingInviteOf(db: Db, companyId: number, emailAddress: string) {
  return db
    .deleteFrom('invites')
    .where('company_id', '=', companyId)
    .where(sameAddress(emailAddress))
    .returning('public_id')
    .executeTakeFirst();
}

function selectInvitesOfAddress(db: Db, emailAddress: string) {
  return db
    .selectFrom('invites')
    .innerJoin('companies', 'companies.id', 'invites.company_id')
    .innerJoin('roles', 'roles.id', 'invites.role_id')
    .leftJoin('users as inviter', 'inviter.id', 'invites.invited_by_user_id')
    .select([
      'invites.id',
      'invites.public_id',
      'invites.company_id',
      'invites.role_id',
      'invites.email_address',
      'invites.invited_by_user_id',
      'invites.expires_on',
      'invites.created_at',
      'companies.public_id as company_public_id',
      'companies.name as company_name',
      'roles.public_id as role_public_id',
      'roles.name as role_name',
      'inviter.public_id as inviter_public_id',
      'inviter.name as inviter_name',
    ])
    .where(sameAddress(emailAddress));
}

export type AddressedInvite = NonNullable<Awaited<ReturnType<typeof findInviteOfAddress>>>;

/** Invites addressed to an e-mail address that can still be accepted, oldest first. */
export function listOpenInvitesOfAddress(db: Db, emailAddress: string, now: Date) {
  return selectInvitesOfAddress(db, emailAddress)
    .where('invites.expires_on', '>', now)
    .orderBy('invites.created_at')
    .orderBy('invites.public_id')
    .limit(1000)
    .execute();
}

export function findInviteOfAddress(db: Db, emailAddress: string, publicId: string) {
  return selectInvitesOfAddress(db, emailAddress)
    .where('invites.public_id', '=', publicId)
    .forUpdate(['invites'])
    .executeTakeFirst();
}
