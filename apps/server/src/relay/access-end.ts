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
