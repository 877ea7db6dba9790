import { sql } from 'kysely';
import type { Capability } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { roleHolds } from './access.policy.ts';
import { unexpired } from '../../auth/temporary-access.ts';

/**
 * The roles a user holds through groups, per agent, for many agents in one query: a role given
 * in a group reaches the agents of that group and of its subgroups (the rule of
 * `agentCapabilities`, read downwards so the tree is walked once).
 */
export async function groupRolesForAgents(db: Db, userId: number, companyId: number, agentIds: number[]) {
  if (agentIds.length === 0) return [];
  const { rows } = await sql<{ agent_id: number; built_in: boolean; capabilities: string[] }>`
    with recursive user_groups(id, role_id) as (
      select gm.group_id, gm.role_id from group_members gm
      where gm.user_id = ${userId} and gm.company_id = ${companyId} and ${unexpired('gm.expires_on')}
      union
      select g.id, ug.role_id from groups g join user_groups ug on g.parent_id = ug.id
    )
    select distinct ag.agent_id, r.id as role_id, r.built_in, r.capabilities
    from agent_groups ag
    join user_groups ug on ug.id = ag.group_id
    join roles r on r.id = ug.role_id
    where ag.agent_id in (${sql.join(agentIds)})`.execute(db);
  return rows;
}

/** The user's requests for these agents that are still waiting or in effect (not ended yet). */
export function openRequests(db: Db, userId: number, agentIds: number[], now: Date) {
  if (agentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('access_requests')
    .select(['id', 'agent_id', 'vpn', 'status', 'starts_on', 'ends_on'])
    .where('user_id', '=', userId)
    .where('agent_id', 'in', agentIds)
    .where('status', 'in', ['pending', 'approved'])
    .where('ends_on', '>', now)
    .execute();
}

/** The services each of these requests names, by request id. */
export async function requestServerIds(db: Db, requestIds: number[]) {
  const byRequest = new Map<number, number[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .selectFrom('access_request_servers')
    .select(['access_request_id', 'agent_server_id'])
    .where('access_request_id', 'in', requestIds)
    .execute();
  for (const row of rows)
    byRequest.set(row.access_request_id, [
      ...(byRequest.get(row.access_request_id) ?? []),
      row.agent_server_id,
    ]);
  return byRequest;
}

/** Whether a role the user holds in any group of the company grants this capability. */
export async function holdsInAnyGroup(db: Db, userId: number, companyId: number, capability: Capability) {
  const row = await db
    .selectFrom('group_members as gm')
    .innerJoin('roles as r', 'r.id', 'gm.role_id')
    .select('gm.id')
    .where('gm.user_id', '=', userId)
    .where('gm.company_id', '=', companyId)
    .where(unexpired('gm.expires_on'))
    .where(roleHolds(capability))
    .executeTakeFirst();
  return row !== undefined;
}
