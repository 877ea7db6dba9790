import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { unexpired } from '../../auth/temporary-access.ts';

/** How long the users who see an agent are kept: ingest runs many times a second per company. */
export const audienceCacheMs = 5_000;

/**
 * The members who see the agent (the rule of `agentVisibility`, read the other way): those whose
 * company role holds a device right, and those with any role in a group holding the agent or in a
 * parent of one.
 */
export async function usersSeeingAgent(db: Db, agent: { id: number; companyId: number }): Promise<number[]> {
  const rights = JSON.stringify([
    'agents.connect',
    'agents.manage',
    'accessRequests.use',
    'accessRequests.manage',
  ]);
  const { rows } = await sql<{ user_id: number }>`
    with recursive tree(id, parent_id) as (
      select g.id, g.parent_id from agent_groups ag join groups g on g.id = ag.group_id
      where ag.agent_id = ${agent.id}
      union
      select g.id, g.parent_id from groups g join tree t on g.id = t.parent_id
    )
    select m.user_id from memberships m join roles r on r.id = m.role_id
    where m.company_id = ${agent.companyId} and ${unexpired('m.expires_on')}
      and (r.built_in or r.capabilities ?| array(select jsonb_array_elements_text(${rights}::jsonb)))
    union
    select gm.user_id from group_members gm
    where gm.company_id = ${agent.companyId} and ${unexpired('gm.expires_on')}
      and gm.group_id in (select id from tree)
      and exists (select 1 from memberships m where m.user_id = gm.user_id
        and m.company_id = gm.company_id and ${unexpired('m.expires_on')})`.execute(db);
  return rows.map((r) => r.user_id);
}

/** `usersSeeingAgent`, remembered for a few seconds per agent. */
export function createAgentAudienceCache(ttlMs = audienceCacheMs) {
  const cache = new Map<number, { at: number; users: Promise<number[]> }>();
  return (db: Db, agent: { id: number; companyId: number }): Promise<number[]> => {
    const now = Date.now();
    const hit = cache.get(agent.id);
    if (hit && now - hit.at < ttlMs) return hit.users;
    if (cache.size > 10_000) cache.clear();
    const users = usersSeeingAgent(db, agent);
    users.catch(() => cache.delete(agent.id));
    cache.set(agent.id, { at: now, users });
    return users;
  };
}
