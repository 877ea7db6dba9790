import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';
import { roleHolds } from '../access/access.policy.ts';
import { unexpired } from '../../auth/temporary-access.ts';

/** An agent with what requests for it are checked against. */
export type RequestAgent = NonNullable<Awaited<ReturnType<typeof findAgentById>>>;

function selectAgents(db: Db) {
  return db
    .selectFrom('agents')
    .select(['id', 'public_id', 'name', 'vpn_locked', 'web_access_locked', 'vpn_require_access_approval'])
    .select(['company_id', 'controlled_by_company_id']);
}

type AgentRow = Awaited<ReturnType<ReturnType<typeof selectAgents>['executeTakeFirst']>>;

/** An agent with its services, in the shape the access rules and approver policy take. */
async function withServers(db: Db, agent: AgentRow) {
  if (!agent) return undefined;
  const servers = await db
    .selectFrom('agent_servers')
    .select(['id', 'public_id', 'name', 'require_access_approval', 'service_group'])
    .where('agent_id', '=', agent.id)
    .orderBy('name')
    .execute();
  return {
    id: agent.id,
    publicId: agent.public_id,
    name: agent.name,
    companyId: agent.company_id,
    controlledByCompanyId: agent.controlled_by_company_id,
    vpnLocked: agent.vpn_locked,
    webAccessLocked: agent.web_access_locked,
    vpnRequireAccessApproval: agent.vpn_require_access_approval,
    servers: servers.map((s) => ({
      id: s.id,
      publicId: s.public_id,
      name: s.name,
      requireAccessApproval: s.require_access_approval,
      serviceGroup: s.service_group,
    })),
  };
}

/** An agent of this company (another company's agent is not found). */
export async function findAgentInCompany(db: Db, companyId: number, publicId: string) {
  const agent = await selectAgents(db)
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return withServers(db, agent);
}

/**
 * An asset of this company (another company's asset is not found) with the id of the agent it
 * is reached through, null when it has none.
 */
export function findAssetInCompany(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'public_id', 'name', 'agent_id'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findAgentById(db: Db, id: number) {
  return withServers(db, await selectAgents(db).where('id', '=', id).executeTakeFirst());
}

export type NewAccessRequest = {
  companyId: number;
  agentId: number;
  /** The asset the request is made for (its agent is `agentId`). */
  assetId: number | null;
  userId: number;
  vpn: boolean;
  startsOn: Date;
  endsOn: Date;
  reason: string;
  serverIds: number[];
  approverIds: number[];
};

export async function insertAccessRequest(trx: Db, input: NewAccessRequest): Promise<number> {
  const { id } = await trx
    .insertInto('access_requests')
    .values({
      public_id: newPublicId(),
      company_id: input.companyId,
      agent_id: input.agentId,
      asset_id: input.assetId,
      user_id: input.userId,
      vpn: input.vpn,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      reason: input.reason,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.serverIds.length > 0)
    await trx
      .insertInto('access_request_servers')
      .values(input.serverIds.map((serverId) => ({ access_request_id: id, agent_server_id: serverId })))
      .execute();
  await trx
    .insertInto('access_request_approvers')
    .values(input.approverIds.map((userId) => ({ access_request_id: id, user_id: userId })))
    .execute();
  return id;
}

export async function setDecision(
  trx: Db,
  id: number,
  decision: { status: 'approved' | 'rejected' | 'revoked'; userId: number; at: Date },
) {
  await trx
    .updateTable('access_requests')
    .set({ status: decision.status, decided_by_user_id: decision.userId, decided_at: decision.at })
    .where('id', '=', id)
    .execute();
}

function selectRequests(db: Db) {
  return db
    .selectFrom('access_requests')
    .innerJoin('users as requester', 'requester.id', 'access_requests.user_id')
    .innerJoin('agents', 'agents.id', 'access_requests.agent_id')
    .leftJoin('users as decider', 'decider.id', 'access_requests.decided_by_user_id')
    .leftJoin('assets', 'assets.id', 'access_requests.asset_id')
    .select([
      'access_requests.id',
      'access_requests.public_id',
      'access_requests.company_id',
      'access_requests.agent_id',
      'access_requests.user_id',
      'access_requests.vpn',
      'access_requests.starts_on',
      'access_requests.ends_on',
      'access_requests.reason',
      'access_requests.status',
      'access_requests.decided_at',
      'access_requests.created_at',
    ])
    .select(['requester.public_id as user_public_id', 'requester.name as user_name'])
    .select(['agents.public_id as agent_public_id', 'agents.name as agent_name'])
    .select(['decider.public_id as decider_public_id', 'decider.name as decider_name'])
    .select(['assets.public_id as asset_public_id', 'assets.name as asset_name']);
}

export type AccessRequestRow = Awaited<
  ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>
>;

/** Who is looking, in which company, and whether their company role manages access requests. */
export type Viewer = { userId: number; companyId: number; manages: boolean };

/**
 * The requests a viewer acting in a company may see: in that company their own, those naming
 * them as approver, or all of them when they manage access requests; and the requests for
 * agents that company controls when they are named as approver.
 */
function visibleTo(viewer: Viewer): Expression<SqlBool> {
  const named = sql<boolean>`exists (select 1 from access_request_approvers ara
    where ara.access_request_id = access_requests.id and ara.user_id = ${viewer.userId})`;
  return sql<SqlBool>`((access_requests.company_id = ${viewer.companyId}
      and (${viewer.manages} or access_requests.user_id = ${viewer.userId} or ${named}))
    or (agents.controlled_by_company_id = ${viewer.companyId} and ${named}))`;
}

export function listAccessRequests(db: Db, viewer: Viewer, list: ListQuery, agentId?: number) {
  let query = selectRequests(db).where(visibleTo(viewer));
  if (agentId !== undefined) query = query.where('access_requests.agent_id', '=', agentId);
  return keysetPage(query, 'access_requests', list).execute();
}

export function findAccessRequestByPublicId(db: Db, publicId: string, forUpdate = false) {
  const query = selectRequests(db).where('access_requests.public_id', '=', publicId);
  // Decisions lock the request row so two approvers cannot decide it at once.
  return (forUpdate ? query.forUpdate('access_requests') : query).executeTakeFirst();
}

export async function findRequestById(db: Db, id: number) {
  return selectRequests(db).where('access_requests.id', '=', id).executeTakeFirstOrThrow();
}

/** The services and allowed approvers of some requests, by request id. */
export async function findRequestRelations(db: Db, requestIds: number[]) {
  const servers = new Map<
    number,
    { id: number; publicId: string; name: string; serviceGroup: string | null }[]
  >();
  const approvers = new Map<number, { id: number; publicId: string; name: string }[]>();
  if (requestIds.length === 0) return { servers, approvers };
  const serverRows = await db
    .selectFrom('access_request_servers as rs')
    .innerJoin('agent_servers as s', 's.id', 'rs.agent_server_id')
    .select(['rs.access_request_id', 's.id', 's.public_id', 's.name', 's.service_group'])
    .where('rs.access_request_id', 'in', requestIds)
    .orderBy('s.name')
    .execute();
  for (const row of serverRows) {
    const list = servers.get(row.access_request_id) ?? [];
    list.push({ id: row.id, publicId: row.public_id, name: row.name, serviceGroup: row.service_group });
    servers.set(row.access_request_id, list);
  }
  const approverRows = await db
    .selectFrom('access_request_approvers as ra')
    .innerJoin('users as u', 'u.id', 'ra.user_id')
    .select(['ra.access_request_id', 'u.id', 'u.public_id', 'u.name'])
    .where('ra.access_request_id', 'in', requestIds)
    .orderBy('u.name')
    .orderBy('u.public_id')
    .execute();
  for (const row of approverRows) {
    const list = approvers.get(row.access_request_id) ?? [];
    list.push({ id: row.id, publicId: row.public_id, name: row.name });
    approvers.set(row.access_request_id, list);
  }
  return { servers, approvers };
}

/** Whether the user's role in a company (not a group role) holds accessRequests.manage. */
export async function managesAccessRequestsIn(db: Db, userId: number, companyId: number) {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select('m.id')
    .where('m.user_id', '=', userId)
    .where('m.company_id', '=', companyId)
    .where(unexpired('m.expires_on'))
    .where(roleHolds('accessRequests.manage'))
    .executeTakeFirst();
  return row !== undefined;
}
