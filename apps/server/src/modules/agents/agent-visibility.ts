import { sql, type Expression, type SqlBool } from 'kysely';
import type { Capability } from '@fleetgate/contracts';
import type { Viewer } from '../../http/resource.ts';
import { unexpired } from '../../auth/temporary-access.ts';

/** A company role holding any of these sees every agent of the company. */
const seesAllAgents: readonly Capability[] = [
  'agents.connect',
  'agents.manage',
  'accessRequests.use',
  'accessRequests.manage',
];

/**
 * Which agents a member sees: all of the company's when their company role holds a device
 * right; otherwise those in a group they were given a role in (any role), or in a subgroup of
 * one. That is the rule of `agentCapabilities` (a group or any parent of it) read downwards,
 * so the group tree is walked once per query instead of once per agent.
 * Returns null when nothing needs filtering.
 */
export function agentVisibility(viewer: Viewer, agentId: Expression<number>): Expression<SqlBool> | null {
  if (seesAllAgents.some((capability) => viewer.company.capabilities.has(capability))) return null;
  return sql<SqlBool>`${agentId} in (
    with recursive visible_groups(id) as (
      select gm.group_id from group_members gm
      where gm.user_id = ${viewer.user.id} and gm.company_id = ${viewer.company.id}
        and ${unexpired('gm.expires_on')}
      union
      select g.id from groups g join visible_groups v on g.parent_id = v.id
    )
    select ag.agent_id from agent_groups ag where ag.group_id in (select id from visible_groups)
  )`;
}
