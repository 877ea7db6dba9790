import type { AgentMyAccess, Capability } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { roleCapabilities } from '../../auth/context.ts';
import type { Viewer } from '../../http/resource.ts';
import { bypassesApproval, vpnNeedsApproval } from './access.policy.ts';
import {
  groupRolesForAgents,
  holdsInAnyGroup,
  openRequests,
  requestServerIds,
} from './my-access.repository.ts';

type AccessAgent = {
  id: number;
  vpn_locked: boolean;
  vpn_require_access_approval: boolean;
  web_access_locked: boolean;
  servers: { id: number; public_id: string; require_access_approval: boolean }[];
};
/** `serverIds`: the services a web request names (loaded only for approved requests). */
type OpenRequest = { vpn: boolean; status: string; starts_on: Date; ends_on: Date; serverIds?: number[] };

/**
 * The reader's VPN and web access to each of these agents, by the same rules as `evaluateAccess` (which
 * decides tickets): the capabilities of the company role plus those of group roles reaching
 * the agent, then the agent's VPN flags, then the reader's VPN requests. Three queries for any
 * number of agents, so a device list can show it on every row.
 */
export async function myAccessToAgents(
  db: Db,
  viewer: Viewer,
  agents: readonly AccessAgent[],
  now = new Date(),
): Promise<Map<number, AgentMyAccess>> {
  const ids = agents.map((agent) => agent.id);
  const [groupRoles, requests] = await Promise.all([
    groupRolesForAgents(db, viewer.user.id, viewer.company.id, ids),
    openRequests(db, viewer.user.id, ids, now),
  ]);
  const serverIds = await requestServerIds(
    db,
    requests.filter((request) => request.status === 'approved' && !request.vpn).map((request) => request.id),
  );
  const held = new Map<number, Set<Capability>>();
  for (const agent of agents) held.set(agent.id, new Set(viewer.company.capabilities));
  for (const role of groupRoles)
    for (const capability of roleCapabilities(role.built_in, role.capabilities))
      held.get(role.agent_id)?.add(capability);
  const requestsOf = new Map<number, OpenRequest[]>();
  for (const request of requests)
    requestsOf.set(request.agent_id, [
      ...(requestsOf.get(request.agent_id) ?? []),
      { ...request, serverIds: serverIds.get(request.id) ?? [] },
    ]);

  return new Map(
    agents.map((agent) => [
      agent.id,
      accessOf(held.get(agent.id) ?? new Set(), agent, requestsOf.get(agent.id) ?? [], now),
    ]),
  );
}

/** One agent's summary from what the user holds for it and their open requests. */
export function accessOf(
  held: ReadonlySet<Capability>,
  agent: Omit<AccessAgent, 'id'>,
  requests: readonly OpenRequest[],
  now: Date,
): AgentMyAccess {
  const canRequest = held.has('accessRequests.use');
  if (!held.has('agents.connect'))
    return { vpn: 'notAllowed', web: 'notAllowed', from: null, until: null, canRequest, webServers: [] };
  const bypass = bypassesApproval(held);
  const open = requests.filter((request) => request.ends_on > now);
  const webRestricted =
    agent.web_access_locked || agent.servers.some((server) => server.require_access_approval);
  const web: AgentMyAccess['web'] =
    bypass || !webRestricted ? 'direct' : open.length > 0 ? 'requested' : 'needsApproval';
  const webServers = reachableByWeb(agent, bypass, open, now).map((server) => ({
    publicId: server.public_id,
  }));
  const vpnRestricted = vpnNeedsApproval({
    vpnLocked: agent.vpn_locked,
    vpnRequireAccessApproval: agent.vpn_require_access_approval,
  });
  const summary = (vpn: AgentMyAccess['vpn'], from: Date | null = null, until: Date | null = null) => ({
    vpn,
    web,
    from: from?.toISOString() ?? null,
    until: until?.toISOString() ?? null,
    canRequest,
    webServers,
  });
  if (bypass || !vpnRestricted) return summary('direct');
  return vpnSummary(
    open.filter((request) => request.vpn),
    now,
    summary,
  );
}

/**
 * The services a web ticket (`vpn: false`) would be granted for now, by `evaluateAccess`'s rule:
 * all for those who bypass approval; otherwise a service is free when the agent is not locked
 * for web and the service needs no approval, and else needs an approved request in effect
 * that is a VPN request or names it. A ticket rests on one request, so of several web requests
 * only the widest counts: the connector can then ask for all these services at once.
 */
function reachableByWeb(
  agent: Omit<AccessAgent, 'id'>,
  bypass: boolean,
  open: readonly OpenRequest[],
  now: Date,
) {
  const current = open.filter((request) => request.status === 'approved' && request.starts_on <= now);
  if (bypass || current.some((request) => request.vpn)) return agent.servers;
  // A ticket is granted on one request: the one naming the most services (then lasting longest).
  const best = current.sort(
    (a, b) =>
      (b.serverIds?.length ?? 0) - (a.serverIds?.length ?? 0) || b.ends_on.getTime() - a.ends_on.getTime(),
  )[0];
  const covered = new Set(best?.serverIds ?? []);
  return agent.servers.filter(
    (server) => (!agent.web_access_locked && !server.require_access_approval) || covered.has(server.id),
  );
}

/** The VPN state of a restricted agent for a user who needs approval, from their open VPN requests. */
function vpnSummary(
  open: readonly OpenRequest[],
  now: Date,
  summary: (vpn: AgentMyAccess['vpn'], from?: Date | null, until?: Date | null) => AgentMyAccess,
): AgentMyAccess {
  const approved = open.filter((request) => request.status === 'approved');
  // Of the requests in effect the one lasting longest counts, as `evaluateAccess` picks it.
  const current = approved
    .filter((request) => request.starts_on <= now)
    .sort((a, b) => b.ends_on.getTime() - a.ends_on.getTime())[0];
  if (current) return summary('approved', current.starts_on, current.ends_on);
  const next = approved.sort((a, b) => a.starts_on.getTime() - b.starts_on.getTime())[0];
  if (next) return summary('scheduled', next.starts_on, next.ends_on);
  if (open.some((request) => request.status === 'pending')) return summary('pending');
  return summary('needsApproval');
}

/**
 * Whether the user decides access requests in the company: their company role manages them
 * (which also makes them an approver of agents the company controls), or a role they hold in
 * one of its groups does (approver of that group's agents).
 */
export async function approvesAccessRequests(db: Db, userId: number, company: Viewer['company']) {
  if (company.capabilities.has('accessRequests.manage')) return true;
  return holdsInAnyGroup(db, userId, company.id, 'accessRequests.manage');
}
