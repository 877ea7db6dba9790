import { deviceErrors, errorMessages, type TunnelTicket, type tunnelTicketInput } from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { evaluateAccess } from '../access/access.policy.ts';
import { loadCompanyAgentFacts } from '../../relay/agent-facts.ts';
import { isAgentAttached } from '../../relay/relay-sessions.repository.ts';
import { issueTicket } from '../../relay/relay-tickets.ts';

export type TicketRequest = {
  db: Db;
  companyId: number;
  userId: number;
  /** The asking session's SSO company (AuthenticatedUser.ssoCompanyId): the relay checks the sign-in rules with it. */
  ssoCompanyId: number | null;
  agentPublicId: string;
  input: z.output<typeof tunnelTicketInput>;
  relayUrl: string;
};

/**
 * Issues a relay ticket once the access rules pass for this user, agent and services: the only
 * way into a client session. Checks go from the request's shape to the agent's state, so a
 * user learns whether the agent is online only when they could connect to it.
 */
export async function createTunnelTicket(request: TicketRequest): Promise<TunnelTicket> {
  const { db, input } = request;
  const agent = await loadCompanyAgentFacts(db, request.companyId, request.agentPublicId);
  if (!agent) throw notFound();

  const requested = input.servers ?? [];
  const chosen = requested.map(({ publicId }, index) => {
    const server = agent.servers.find((s) => s.publicId === publicId);
    if (!server) throw badRequest(deviceErrors.serviceNotOnAgent, `servers.${index}.publicId`);
    return server;
  });
  if (!input.vpn && chosen.length === 0) throw badRequest(errorMessages.required, 'servers');
  const servers = input.vpn ? agent.servers : [...new Map(chosen.map((s) => [s.id, s])).values()];

  const decision = await evaluateAccess(db, {
    userId: request.userId,
    agent,
    vpn: input.vpn,
    serverIds: servers.map((s) => s.id),
  });
  if (!decision.allowed) throw new ApiError(403, decision.message);
  if (!(await isAgentAttached(db, agent.id))) throw conflict(deviceErrors.agentOffline);

  const { secret, expiresOn } = await issueTicket(db, {
    companyId: agent.companyId,
    agentId: agent.id,
    userId: request.userId,
    vpn: input.vpn,
    serverIds: servers.map((s) => s.id),
    ssoCompanyId: request.ssoCompanyId,
  });
  return {
    ticket: secret,
    expiresOn: expiresOn.toISOString(),
    relayUrl: request.relayUrl,
    vpn: input.vpn,
    servers: servers.map((s) => ({ publicId: s.publicId, name: s.name })),
  };
}
