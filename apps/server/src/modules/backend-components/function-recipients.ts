import { sql } from 'kysely';
import type { Capability } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { unexpired } from '../../auth/temporary-access.ts';
import { roleHolds } from '../access/access.policy.ts';

/** Members whose company role holds the capability (for messages about no device in particular). */
export async function usersHoldingInCompany(
  db: Db,
  companyId: number,
  capability: Capability,
): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    select m.user_id from memberships m join roles r on r.id = m.role_id
    where m.company_id = ${companyId} and ${roleHolds(capability)} and ${unexpired('m.expires_on')}`.execute(
    db,
  );
  return rows.map((row) => row.user_id);
}
