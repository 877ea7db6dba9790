import type { Db } from '../../db/client.ts';
import { roleHolds, usersHoldingForAgent } from '../access/access.policy.ts';
import { unexpired } from '../../auth/temporary-access.ts';

/** What approver qualification looks at on an agent. */
export type ApproverAgent = {
  id: number;
  companyId: number;
  vpnLocked: boolean;
  webAccessLocked: boolean;
  controlledByCompanyId: number | null;
};

/** A user who may decide requests for an agent, with the access category services are matched against. */
export type Approver = { id: number; publicId: string; name: string; category: string | null };

/**
 * The company whose members approve: an agent locked for both VPN and web under a controlling
 * company is approved only from that company; otherwise from the agent's own company.
 */
export function approvingCompanyId(agent: ApproverAgent): number {
  const controlled = agent.vpnLocked && agent.webAccessLocked && agent.controlledByCompanyId !== null;
  return controlled ? agent.controlledByCompanyId! : agent.companyId;
}

/**
 * Everyone who qualifies as an approver of a request by `requesterId` for this agent:
 * - normally whoever holds accessRequests.manage for the agent (company role, or a role in a
 *   group containing the agent), by the access rules' own `usersHoldingForAgent`;
 * - for a controlled agent, the members of the controlling company whose role there holds it.
 * The requester never approves their own request. The access category is the approver's
 * membership's audience in the company they approve for.
 */
export async function findApprovers(db: Db, agent: ApproverAgent, requesterId: number): Promise<Approver[]> {
  const companyId = approvingCompanyId(agent);
  let userIds: number[];
  if (companyId === agent.companyId) {
    userIds = await usersHoldingForAgent(db, agent, 'accessRequests.manage');
  } else {
    const rows = await db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select('m.user_id')
      .where('m.company_id', '=', companyId)
      .where(unexpired('m.expires_on'))
      .where(roleHolds('accessRequests.manage'))
      .execute();
    userIds = rows.map((row) => row.user_id);
  }
  userIds = userIds.filter((id) => id !== requesterId);
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').on('m.company_id', '=', companyId),
    )
    .leftJoin('audiences as a', 'a.id', 'm.audience_id')
    .select(['u.id', 'u.public_id', 'u.name', 'a.name as category'])
    .where('u.id', 'in', userIds)
    .orderBy('u.name')
    .orderBy('u.public_id')
    .execute();
  return rows.map((row) => ({ id: row.id, publicId: row.public_id, name: row.name, category: row.category }));
}

/**
 * A service with a service group is approved only by approvers whose access category has that
 * name (compared like audience names, which are unique regardless of case); a service without
 * one by any approver.
 */
export function mayApproveService(approver: Approver, service: { serviceGroup: string | null }): boolean {
  const group = service.serviceGroup?.trim() ?? '';
  if (group === '') return true;
  return approver.category !== null && approver.category.toLowerCase() === group.toLowerCase();
}
