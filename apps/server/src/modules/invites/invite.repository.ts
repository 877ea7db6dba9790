import { sql } from 'kysely';
import type { UiLanguage } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import { unexpired } from '../../auth/temporary-access.ts';
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

/**
 * Stores a new invite; `undefined` when a parallel request stored one for the same address
 * first (the unique index decides, so two requests never both send).
 */
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
    .onConflict((conflict) => conflict.doNothing())
    .returning('public_id')
    .executeTakeFirst();
}

/**
 * Inviting an address again renews its pending invite (the new role and inviter, a new expiry)
 * and counts as sending it now, unless it was sent within `resendSeconds`: then nothing changes
 * and the answer is false. The database clock decides, so the rule holds across processes.
 */
export async function renewInvite(
  db: Db,
  id: number,
  changes: { emailAddress: string; roleId: number; invitedBy: number; expiresOn: Date },
  resendSeconds: number,
): Promise<boolean> {
  const renewed = await db
    .updateTable('invites')
    .set({
      email_address: changes.emailAddress,
      role_id: changes.roleId,
      invited_by_user_id: changes.invitedBy,
      expires_on: changes.expiresOn,
      sent_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('sent_at', '<=', sql<Date>`now() - make_interval(secs => ${resendSeconds})`)
    .returning('id')
    .executeTakeFirst();
  return renewed !== undefined;
}

/** Seconds until the company may send to this address again (at least 1). */
export async function secondsUntilResend(
  db: Db,
  companyId: number,
  emailAddress: string,
  resendSeconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('invites')
    .select(
      sql<number>`ceil(extract(epoch from sent_at + make_interval(secs => ${resendSeconds}) - now()))`.as(
        'seconds',
      ),
    )
    .where('company_id', '=', companyId)
    .where(sameAddress(emailAddress))
    .executeTakeFirst();
  return Math.max(1, Number(row?.seconds ?? resendSeconds));
}

/** Whether the account using this address (if there is one) is already a member of the company. */
export async function isMemberByAddress(db: Db, companyId: number, emailAddress: string) {
  const row = await db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select('memberships.id')
    .where('memberships.company_id', '=', companyId)
    .where(unexpired('memberships.expires_on'))
    .where(sql<string>`lower(users.email_address)`, '=', emailAddress.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Leaves a message in the inbox of the account using this address, if there is one. It is one
 * statement either way, so neither the work nor the time tells the inviter whether the address
 * has an account.
 */
/**
 * Leaves a message in the inbox of the account with this address, if there is one, in the
 * account's language (else `fallback`): one statement either way, so nothing tells whether the
 * address has an account.
 */
export async function messageAccountOfAddress(
  db: Db,
  message: {
    companyId: number;
    emailAddress: string;
    texts: Record<UiLanguage, { subject: string; body: string }>;
    fallback: UiLanguage;
  },
) {
  const { texts, fallback } = message;
  const inLanguage = (pick: 'subject' | 'body') =>
    sql<string>`case coalesce(users.language, ${fallback}::text) when 'de' then ${texts.de[pick]}::text else ${texts.en[pick]}::text end`;
  await db
    .insertInto('messages')
    .columns(['public_id', 'user_id', 'company_id', 'subject', 'body'])
    .expression(
      db
        .selectFrom('users')
        .select((eb) => [
          sql<string>`${newPublicId()}::text`.as('public_id'),
          eb.ref('users.id').as('user_id'),
          sql<number>`${message.companyId}::integer`.as('company_id'),
          inLanguage('subject').as('subject'),
          inLanguage('body').as('body'),
        ])
        .where(sql<string>`lower(users.email_address)`, '=', message.emailAddress.toLowerCase()),
    )
    .execute();
}

export async function deleteInvite(db: Db, id: number) {
  await db.deleteFrom('invites').where('id', '=', id).execute();
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
