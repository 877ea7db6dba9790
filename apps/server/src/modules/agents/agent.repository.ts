import { sql, type SelectQueryBuilder } from 'kysely';
import type { AgentMyAccess } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
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
 * The agents of a company as a derived table `a` with the computed `status`, so lists can filter
 * on it. `listAgents` joins their groups only when the filters read them: an agent then
 * matches when one of its memberships (or, without any, the row of nulls) does, and DISTINCT
 * folds the join back to one row per agent. Without the join the company's page index is read
 * in order and stops at the page's end, whatever the size of the fleet (issue 18).
 */
function agentKeys(db: Db, companyId: number) {
  const agents = db
    .selectFrom('agents')
    // An agent's open session (at most one: unique partial index vpn_sessions_active_key), looked
    // up per agent read: a plain join lets the planner hash every open session of every company.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('vpn_sessions')
          .select('vpn_sessions.id')
          .whereRef('vpn_sessions.agent_id', '=', 'agents.id')
          .where('vpn_sessions.ended_at', 'is', null)
          .limit(1)
          .as('open_session'),
      (join) => join.onTrue(),
    )
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
      sql<'online' | 'offline'>`case when open_session.id is null then 'offline' else 'online' end`.as(
        'status',
      ),
    )
    .select(sql<boolean>`agents.credential_hash is not null`.as('enrolled'))
    .where('agents.company_id', '=', companyId);
  return db.selectFrom(agents.as('a'));
}

type AgentKey = { id: number; public_id: string; created_at: Date };

/** The ids of one page of agents the viewer sees, in list order. */
async function pageOfAgents<TB extends keyof Database | 'a'>(
  from: SelectQueryBuilder<Database & { a: AgentKey }, TB, AgentKey>,
  query: ListQuery,
  viewer: Viewer,
) {
  let keys = from;
  const visible = agentVisibility(viewer, sql.ref<number>('a.id'));
  if (visible) keys = keys.where(visible);
  const rows = await keysetPage(keys, 'a', query).execute();
  return rows.map((row) => row.id);
}

/** Whether an expression reads a column of this table (filters on `memberships.group.*` read `groups`). */
function readsTable(node: unknown, table: string): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const { kind } = node as { kind?: unknown };
  if (kind === 'TableNode') {
    const named = node as { table?: { identifier?: { name?: unknown } } };
    if (named.table?.identifier?.name === table) return true;
  }
  return Object.values(node).some((value) => readsTable(value, table));
}

export async function listAgents(db: Db, companyId: number, query: ListQuery, viewer: Viewer) {
  const agentTable = agentKeys(db, companyId);
  const keys = ['a.id', 'a.public_id', 'a.created_at'] as const;
  const ids =
    query.where !== null && readsTable(query.where.toOperationNode(), 'groups')
      ? await pageOfAgents(
          agentTable
            .leftJoin('agent_groups', 'agent_groups.agent_id', 'a.id')
            .leftJoin('groups', 'groups.id', 'agent_groups.group_id')
            .select(keys)
            .distinct(),
          query,
          viewer,
        )
      : await pageOfAgents(agentTable.select(keys), query, viewer);
  const agents = await loadAgentDetails(db, ids);
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
