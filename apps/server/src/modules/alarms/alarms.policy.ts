import { sql } from 'kysely';
import type { Capability } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import type { Viewer } from '../../http/resource.ts';
import { agentCapabilities, roleHolds } from '../access/access.policy.ts';
import { agentVisibility } from '../agents/agent-visibility.ts';
import { requireAppInstalled } from '../apps/app-installation.ts';
import { unexpired } from '../../auth/temporary-access.ts';

export type AlarmAgent = { id: number; companyId: number; publicId: string; name: string };

/** A company role holding any of these sees every agent (the rule of `agentVisibility`). */
const seesAllAgents: readonly Capability[] = [
  'agents.connect',
  'agents.manage',
  'accessRequests.use',
  'accessRequests.manage',
];

/** The agent of the company acted in, if the reader sees it. */
export async function findVisibleAlarmAgent(
  db: Db,
  viewer: Viewer,
  where: { publicId: string } | { id: number },
): Promise<AlarmAgent | undefined> {
  let query = db
    .selectFrom('agents')
    .select(['id', 'company_id', 'public_id', 'name'])
    .where('company_id', '=', viewer.company.id);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('public_id', '=', where.publicId);
  const visible = agentVisibility(viewer, sql.ref<number>('agents.id'));
  if (visible) query = query.where(visible);
  const row = await query.executeTakeFirst();
  return row && { id: row.id, companyId: row.company_id, publicId: row.public_id, name: row.name };
}

/**
 * The agent an alarm call names: the company has alarming installed (403), the agent is the
 * company's and seen by the caller (404).
 */
export async function alarmAgentOf(db: Db, viewer: Viewer, agentPublicId: string): Promise<AlarmAgent> {
  await requireAppInstalled(db, viewer.company.id, 'alarming');
  if (!publicIdPattern.test(agentPublicId)) throw notFound();
  const agent = await findVisibleAlarmAgent(db, viewer, { publicId: agentPublicId });
  if (!agent) throw notFound();
  return agent;
}

/** Company role or a group role over the agent must hold the capability. */
export async function assertHoldsForAgent(db: Db, viewer: Viewer, agent: AlarmAgent, capability: Capability) {
  const held = await agentCapabilities(db, viewer.user.id, agent);
  if (!held.has(capability)) throw forbidden();
}

/**
 * The members who see the agent (the rule of `agentVisibility` read from the agent's side): a
 * company role with a device right, or any role in a group that holds the agent or a parent of one.
 */
export async function usersSeeingAgent(db: Db, agent: { id: number; companyId: number }): Promise<number[]> {
  const seesAll = sql.join(
    seesAllAgents.map((capability) => roleHolds(capability)),
    sql` or `,
  );
  const { rows } = await sql<{ user_id: number }>`
    with recursive agent_group_tree(id, parent_id) as (
      select g.id, g.parent_id from agent_groups ag join groups g on g.id = ag.group_id
      where ag.agent_id = ${agent.id}
      union
      select g.id, g.parent_id from groups g join agent_group_tree t on g.id = t.parent_id
    )
    select m.user_id from memberships m join roles r on r.id = m.role_id
    where m.company_id = ${agent.companyId} and ${unexpired('m.expires_on')} and (${seesAll})
    union
    select gm.user_id from group_members gm
    where gm.company_id = ${agent.companyId} and ${unexpired('gm.expires_on')}
      and gm.group_id in (select id from agent_group_tree)
      and exists (select 1 from memberships m where m.user_id = gm.user_id
        and m.company_id = gm.company_id and ${unexpired('m.expires_on')})`.execute(db);
  return rows.map((row) => row.user_id);
}
