import type { Db } from '../../db/client.ts';
import { unexpired } from '../../auth/temporary-access.ts';
import { newPublicId } from '../../http/ids.ts';

export function insertCompany(db: Db, name: string) {
  return db
    .insertInto('companies')
    .values({ public_id: newPublicId(), name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertMembership(db: Db, m: { companyId: number; userId: number; roleId: number }) {
  return db
    .insertInto('memberships')
    .values({ public_id: newPublicId(), company_id: m.companyId, user_id: m.userId, role_id: m.roleId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The companies a user belongs to, with the user's role in each, oldest membership first;
 * `onlyCompanyId` narrows them to the one an SSO session reaches.
 */
export function listCompaniesOfUser(db: Db, userId: number, onlyCompanyId: number | null = null) {
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['c.public_id', 'c.name', 'r.public_id as role_public_id', 'r.name as role_name'])
    .where('m.user_id', '=', userId)
    .where(unexpired('m.expires_on'));
  if (onlyCompanyId !== null) query = query.where('c.id', '=', onlyCompanyId);
  return query.orderBy('m.created_at').orderBy('m.id').execute();
}
