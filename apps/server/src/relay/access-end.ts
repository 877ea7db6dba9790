import { formatAccessEndReason } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';

/**
 * The close reason for a session whose access the rules now deny. When the session relied on an
 * approved request, the user is told what became of it: revoked (and by whom) or expired; any
 * other denial (rights removed, device locked) keeps the rules' own message.
 */
export async function accessEndReason(
  db: Db,
  accessRequestId: number | null,
  denial: string,
  now = new Date(),
): Promise<string> {
  if (accessRequestId === null) return denial;
  const row = await db
    .selectFrom('access_requests')
    .leftJoin('users as decider', 'decider.id', 'access_requests.decided_by_user_id')
    .select(['access_requests.status', 'access_requests.ends_on', 'decider.name as decider_name'])
    .where('access_requests.id', '=', accessRequestId)
    .executeTakeFirst();
  if (!row) return denial;
  if (row.status === 'revoked') return formatAccessEndReason({ reason: 'revoked', by: row.decider_name });
  if (row.ends_on <= now) return formatAccessEndReason({ reason: 'expired' });
  return denial;
}

/**
 * The close reason for a session whose member the company's sign-in rules now block (single
 * sign-on or a second factor required): access revoked, by whoever last changed the rules.
 */
export async function signInRulesEndReason(db: Db, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('audit_logs as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select('u.name')
    .where('a.company_id', '=', companyId)
    .where('a.resource_rel', '=', 'CompanySignInRules')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return formatAccessEndReason({ reason: 'revoked', by: row?.name ?? null });
}
