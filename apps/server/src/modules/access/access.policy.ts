import { sql } from 'kysely';
import { deviceErrors, type Capability } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { roleCapabilities } from '../../auth/context.ts';
import { unexpired } from '../../auth/temporary-access.ts';

/**
 * The capabilities a user holds for one agent: those of their role in the agent's company, plus
 * those of the roles they were given in any group the agent is in, or in a parent of such a group.
 */
export async function agentCapabilities(
  db: Db,
  userId: number,
  agent: { id: number; companyId: number },
): Promise<Set<Capability>> {
  return (await agentRights(db, userId, agent)).held;
}

/**
 * `agentCapabilities` with the moment they next change by themselves: the earliest end of the
 * temporary memberships they come from (null when none ends). Only memberships in effect count,
 * and a group role counts only while the user is still a member of the company.
 */
export async function agentRights(
  db: Db,
  userId: number,
  agent: { id: number; companyId: number },
): Promise<{ held: Set<Capability>; endsOn: Date | null }> {
  const { rows } = await sql<{ built_in: boolean; capabilities: string[]; expires_on: Date | null }>`
    with recursive ${agentGroupTree(agent.id)},
    company_membership as (
      select m.role_id, m.expires_on from memberships m
      where m.user_id = ${userId} and m.company_id = ${agent.companyId} and ${unexpired('m.expires_on')}
    )
    select r.built_in, r.capabilities, cm.expires_on
    from company_membership cm join roles r on r.id = cm.role_id
    union all
    select r.built_in, r.capabilities, ${earliest('gm.expires_on', 'cm.expires_on')} as expires_on
    from group_members gm join roles r on r.id = gm.role_id cross join company_membership cm
    where gm.user_id = ${userId} and gm.company_id = ${agent.companyId} and ${unexpired('gm.expires_on')}
      and gm.group_id in (select id from agent_group_tree)`.execute(db);
  const held = new Set<Capability>();
  let endsOn: Date | null = null;
  for (const row of rows) {
    for (const capability of roleCapabilities(row.built_in, row.capabilities)) held.add(capability);
    const ends = row.expires_on === null ? null : new Date(row.expires_on);
    if (ends && (endsOn === null || ends < endsOn)) endsOn = ends;
  }
  return { held, endsOn };
}

/** The earlier of two nullable moments, null meaning never. */
function earliest(a: string, b: string) {
  return sql`least(${sql.ref(a)}, ${sql.ref(b)})`;
}

/**
 * Every user who holds one capability for an agent, by the same rule as `agentCapabilities`
 * (company role, or a role in a group containing the agent or in a parent of one), in one
 * query: approver lists would otherwise ask once per member.
 */
export async function usersHoldingForAgent(
  db: Db,
  agent: { id: number; companyId: number },
  capability: Capability,
): Promise<number[]> {
  const holds = roleHolds(capability);
  const { rows } = await sql<{ user_id: number }>`
    with recursive ${agentGroupTree(agent.id)}
    select m.user_id from memberships m join roles r on r.id = m.role_id
    where m.company_id = ${agent.companyId} and ${holds} and ${unexpired('m.expires_on')}
    union
    select gm.user_id from group_members gm join roles r on r.id = gm.role_id
    where gm.company_id = ${agent.companyId} and ${holds} and ${unexpired('gm.expires_on')}
      and gm.group_id in (select id from agent_group_tree)
      and exists (select 1 from memberships m where m.user_id = gm.user_id
        and m.company_id = gm.company_id and ${unexpired('m.expires_on')})`.execute(db);
  return rows.map((row) => row.user_id);
}

/** A role (alias `r`) holds a capability when it is built in (administrator) or lists it. */
export function roleHolds(capability: Capability) {
  return sql<boolean>`(r.built_in or r.capabilities @> ${JSON.stringify([capability])}::jsonb)`;
}

/** The groups an agent is in and all their parents, as a recursive CTE named agent_group_tree. */
function agentGroupTree(agentId: number) {
  return sql`agent_group_tree(id, parent_id) as (
      select g.id, g.parent_id from agent_groups ag join groups g on g.id = ag.group_id
      where ag.agent_id = ${agentId}
      union
      select g.id, g.parent_id from groups g join agent_group_tree t on g.id = t.parent_id
    )`;
}

/** Users who cannot use access requests, or who manage them for the agent, bypass approval (spec §4). */
export function bypassesApproval(held: ReadonlySet<Capability>): boolean {
  return !held.has('accessRequests.use') || held.has('accessRequests.manage');
}

/** VPN access to an agent needs an approved request when the agent is locked or requires approval. */
export function vpnNeedsApproval(agent: { vpnLocked: boolean; vpnRequireAccessApproval: boolean }): boolean {
  return agent.vpnLocked || agent.vpnRequireAccessApproval;
}

/** What the access rules look at on an agent and its services. */
export type AgentAccessFacts = {
  id: number;
  companyId: number;
  vpnLocked: boolean;
  webAccessLocked: boolean;
  vpnRequireAccessApproval: boolean;
  servers: { id: number; requireAccessApproval: boolean }[];
};

export type AccessDecision =
  | { allowed: true; accessRequestId: number | null; until: Date | null }
  | { allowed: false; message: (typeof deviceErrors)['connectNotAllowed' | 'accessRequestRequired'] };

/**
 * The access rules of the portal spec (§4), the one place they are decided: for a ticket, and
 * again by the relay while a session lasts.
 * - No `agents.connect` for the agent: no access at all.
 * - Users who cannot use access requests, or who can manage them for the agent, bypass approval.
 * - Otherwise, when the agent is locked or requires approval for this kind of access (VPN: the
 *   agent; web: the agent or any chosen service), an approved request valid now is needed: for
 *   VPN one made for VPN, for web one that names every chosen service needing approval (or a
 *   VPN one).
 */
export async function evaluateAccess(
  db: Db,
  input: { userId: number; agent: AgentAccessFacts; vpn: boolean; serverIds: readonly number[]; now?: Date },
): Promise<AccessDecision> {
  const { userId, agent } = input;
  const now = input.now ?? new Date();
  const { held, endsOn } = await agentRights(db, userId, agent);
  if (!held.has('agents.connect')) return { allowed: false, message: deviceErrors.connectNotAllowed };
  const decision = await approvalDecision(db, { ...input, held, now });
  // Temporary memberships end the rights by themselves: `until` is then the earlier end.
  if (!decision.allowed || endsOn === null) return decision;
  return { ...decision, until: decision.until && decision.until < endsOn ? decision.until : endsOn };
}

async function approvalDecision(
  db: Db,
  input: { userId: number; agent: AgentAccessFacts; vpn: boolean; serverIds: readonly number[] } & {
    held: ReadonlySet<Capability>;
    now: Date;
  },
): Promise<AccessDecision> {
  const { userId, agent, vpn, serverIds, held, now } = input;
  if (bypassesApproval(held)) return { allowed: true, accessRequestId: null, until: null };

  // A service's own approval flag is about web access to it; VPN is governed by the agent's VPN
  // flags alone (a VPN request can only be made when one of them is set).
  // For web, the chosen services that need approval: all of them on an agent locked for web,
  // else those with their own approval flag. The others need no request, so none must name them.
  const restricted = agent.webAccessLocked
    ? serverIds
    : serverIds.filter((id) =>
        agent.servers.some((server) => server.id === id && server.requireAccessApproval),
      );
  const needsApproval = vpn ? vpnNeedsApproval(agent) : restricted.length > 0;
  if (!needsApproval) return { allowed: true, accessRequestId: null, until: null };

  const candidates = await db
    .selectFrom('access_requests')
    .select(['id', 'vpn', 'ends_on'])
    .where('user_id', '=', userId)
    .where('agent_id', '=', agent.id)
    .where('status', '=', 'approved')
    .where('starts_on', '<=', now)
    .where('ends_on', '>', now)
    .orderBy('ends_on', 'desc')
    .execute();
  for (const request of candidates) {
    if (request.vpn) return { allowed: true, accessRequestId: request.id, until: request.ends_on };
    if (vpn) continue;
    const covered = await db
      .selectFrom('access_request_servers')
      .select('agent_server_id')
      .where('access_request_id', '=', request.id)
      .execute();
    const coveredIds = new Set(covered.map((row) => row.agent_server_id));
    if (restricted.every((id) => coveredIds.has(id)))
      return { allowed: true, accessRequestId: request.id, until: request.ends_on };
  }
  return { allowed: false, message: deviceErrors.accessRequestRequired };
}
