import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

const eventColumns = [
  'e.public_id',
  'e.created_at',
  'e.kind',
  'e.outcome',
  'e.detail',
  'e.client',
  'e.address',
  'e.attempted_email_address',
] as const;

/** The signed-in user's own history, newest first. */
export function listMySignInEvents(db: Db, userId: number, list: ListQuery) {
  const query = db.selectFrom('sign_in_events as e').select(eventColumns).where('e.user_id', '=', userId);
  return keysetPage(query, 'e', { ...list, newestFirst: true }).execute();
}

export type MySignInEventRow = Awaited<ReturnType<typeof listMySignInEvents>>[number];

/**
 * Events of the company's current members only, from the day they joined: the inner joins drop
 * failures that matched no account (user_id null) and everyone who is not (or no longer) a
 * member, and what a member did before joining is none of the company's business.
 */
function selectCompanySignInEvents(db: Db, companyId: number) {
  return db
    .selectFrom('sign_in_events as e')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'e.user_id').on('m.company_id', '=', companyId),
    )
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(eventColumns)
    .select(['u.public_id as user_public_id', 'u.name as user_name', 'u.email_address as user_email_address'])
    .where((eb) => eb.or([eb('m.expires_on', 'is', null), eb('m.expires_on', '>', sql<Date>`now()`)]))
    .whereRef('e.created_at', '>=', 'm.created_at');
}

export function listCompanySignInEvents(db: Db, companyId: number, list: ListQuery) {
  return keysetPage(selectCompanySignInEvents(db, companyId), 'e', list).execute();
}

export function findCompanySignInEventsByPublicIds(db: Db, companyId: number, publicIds: string[]) {
  return selectCompanySignInEvents(db, companyId).where('e.public_id', 'in', publicIds).execute();
}

export type CompanySignInEventRow = Awaited<ReturnType<typeof listCompanySignInEvents>>[number];
