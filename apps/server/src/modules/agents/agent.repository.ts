import { sql } from 'kysely';
import type { AgentMyAccess } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery, Viewer } from '../../http/resource.ts';
import { agentVisibility } from './agent-visibility.ts';
import { loadAgentDetails, type AgentDetails } from './agent-details.repository.ts';
import { myAccessToAgents } from '../access/my-access.ts';

/** An agent as presented; `my_access` is the reader's own access, only when read by someone. */
export type AgentView = AgentDetails & { my_access?: AgentMyAccess };

/** Adds the reader's access to each agent read (lists and items, not the rows changes work on). */
async function withMyAccess(db: Db, viewer: Viewer, agents: AgentDetails[]): Promise<AgentView[]> {
  const access = await myAccessToAgents(db, viewer, agents);
  return agents.map((agent) => ({ ...agent, my_access: access.get(agent.id) }));
}

/**
 * The agents of a company as a derived table `a` with the computed `status`, joined to their
 * groups so lists can filter on status and on memberships; DISTINCT folds the join back to one
 * row per agent.
 */
function agentKeys(db: Db, companyId: number) {
  const agents = db
    .selectFrom('agents')
    .select([
      'agents.id',
      'agents.public_id',
      'agents.name',
      'agents.created_at',
      'agents.vpn_locked',
      'agents.web_access_locked',
      'agents.vpn_require_access_approval',
      'agents.use_stunnel',
      'agents.has_display',
      'agents.last_seen_at',
    ])
    .select(
      sql<'online' | 'offline'>`case when exists (
        select 1 from vpn_sessions v where v.agent_id = agents.id and v.ended_at is null
      ) then 'online' else 'offline' end`.as('status'),
    )
    .select(sql<boolean>`agents.credential_hash is not null`.as('enrolled'))
    .where('agents.company_id', '=', companyId);
  return db
    .selectFrom(agents.as('a'))
    .leftJoin('agent_groups', 'agent_groups.agent_id', 'a.id')
    .leftJoin('groups', 'groups.id', 'agent_groups.group_id')
    .select(['a.id', 'a.public_id', 'a.created_at'])
    .distinct();
}

export async function listAgents(db: Db, companyId: number, query: ListQuery, viewer: Viewer) {
  let keys = agentKeys(db, companyId);
  const visible = agentVisibility(viewer, sql.ref<number>('a.id'));
  if (visible) keys = keys.where(visible);
  const rows = await keysetPage(keys, 'a', query).execute();
  const agents = await loadAgentDetails(
    db,
    rows.map((row) => row.id),
  );
  return withMyAccess(db, viewer, agents);
}

export async function findAgentsByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
  viewer?: Viewer,
) {
  if (publicIds.length === 0) return [];
  let query = db
    .selectFrom('agents')
    .select('agents.id')
    .where('agents.company_id', '=', companyId)
    .where('agents.public_id', 'in', publicIds)
    .orderBy('agents.id');
  const visible = viewer && agentVisibility(viewer, sql.ref<number>('agents.id'));
  if (visible) query = query.where(visible);
  if (forUpdate) query = query.forUpdate();
  const rows = await query.execute();
  const agents = await loadAgentDetails(
    db,
    rows.map((row) => row.id),
  );
  return viewer ? withMyAccess(db, viewer, agents) : agents;
}

export async function findAgentView(db: Db, id: number): Promise<AgentView> {
  const [view] = await loadAgentDetails(db, [id]);
  if (!view) throw new Error(`Agent ${id} not found`);
  return view;
}

export type AgentColumns = {
  name?: string;
  vpnLocked?: boolean;
  webAccessLocked?: boolean;
  vpnRequireAccessApproval?: boolean;
  useStunnel?: boolean;
  hasDisplay?: boolean;
  controlledByCompanyId?: number | null;
};

function columnsOf(values: AgentColumns) {
  return {
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(values.vpnLocked === undefined ? {} : { vpn_locked: values.vpnLocked }),
    ...(values.webAccessLocked === undefined ? {} : { web_access_locked: values.webAccessLocked }),
    ...(values.vpnRequireAccessApproval === undefined
      ? {}
      : { vpn_require_access_approval: values.vpnRequireAccessApproval }),
    ...(values.useStunnel === undefined ? {} : { use_stunnel: values.useStunnel }),
    ...(values.hasDisplay === undefined ? {} : { has_display: values.hasDisplay }),
    ...(values.controlledByCompanyId === undefined
      ? {}
      : { controlled_by_company_id: values.controlledByCompanyId }),
  };
}

export function insertAgent(db: Db, companyId: number, values: AgentColumns & { name: string }) {
  return db
    .insertInto('agents')
    .values({
      public_id: newPublicId(),
      company_id: companyId,
      controlled_by_company_id: null,
      platform_server_id: null,
      enrolment_token_hash: null,
      enrolment_expires_on: null,
      credential_hash: null,
      enrolled_at: null,
      last_seen_at: null,
      rate_limit: null,
      rate_limit_last_hit: null,
      ...columnsOf(values),
      name: values.name,
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
}

export async function updateAgent(db: Db, id: number, values: AgentColumns) {
  const columns = columnsOf(values);
  if (Object.keys(columns).length === 0) return;
  await db.updateTable('agents').set(columns).where('id', '=', id).execute();
}

/** Replaces the agent's groups with exactly these; a membership that stays keeps its publicId. */
export async function replaceAgentGroups(db: Db, agentId: number, groupIds: number[]) {
  let stale = db.deleteFrom('agent_groups').where('agent_id', '=', agentId);
  if (groupIds.length > 0) stale = stale.where('group_id', 'not in', groupIds);
  await stale.execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('agent_groups')
    .values(groupIds.map((groupId) => ({ agent_id: agentId, group_id: groupId, public_id: newPublicId() })))
    .onConflict((conflict) => conflict.columns(['agent_id', 'group_id']).doNothing())
    .execute();
}

/** Deleting an agent deletes its servers, sessions, requests and tickets (foreign keys cascade). */
export async function deleteAgent(db: Db, id: number) {
  await db.deleteFrom('agents').where('id', '=', id).execute();
}

export async function clearRateLimit(db: Db, id: number) {
  await db
    .updateTable('agents')
    .set({ rate_limit: null, rate_limit_counter: 0, rate_limit_last_hit: null })
    .where('id', '=', id)
    .execute();
}

/** The groups of the company with these publicIds (for memberships). */
export function findCompanyGroups(db: Db, companyId: number, publicIds: string[]) {
  if (publicIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('groups')
    .select(['id', 'public_id'])
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds)
    .execute();
}

export function findCompanyByPublicId(db: Db, publicId: string) {
  return db.selectFrom('companies').select('id').where('public_id', '=', publicId).executeTakeFirst();
}
