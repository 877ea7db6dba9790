import type { Db } from '../../db/client.ts';
import { unexpired } from '../../auth/temporary-access.ts';

/** The user's company memberships that end, while they last. */
export function listTemporaryMemberships(db: Db, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.public_id', 'm.expires_on', 'c.public_id as company_public_id', 'c.name as company_name'])
    .select(['r.public_id as role_public_id', 'r.name as role_name'])
    .where('m.user_id', '=', userId)
    .where('m.expires_on', 'is not', null)
    .where(unexpired('m.expires_on'))
    .execute();
}

/** The user's group memberships that end, while they and the company membership last. */
export function listTemporaryGroupMemberships(db: Db, userId: number) {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'gm.user_id').onRef('m.company_id', '=', 'gm.company_id'),
    )
    .innerJoin('companies as c', 'c.id', 'gm.company_id')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .innerJoin('roles as r', 'r.id', 'gm.role_id')
    .select(['gm.public_id', 'gm.expires_on', 'c.public_id as company_public_id', 'c.name as company_name'])
    .select(['g.public_id as group_public_id', 'g.name as group_name'])
    .select(['r.public_id as role_public_id', 'r.name as role_name'])
    .where('gm.user_id', '=', userId)
    .where('gm.expires_on', 'is not', null)
    .where(unexpired('gm.expires_on'))
    .where(unexpired('m.expires_on'))
    .execute();
}
