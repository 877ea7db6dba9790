import {
  deviceErrors,
  webAccessTokenSeconds,
  type WebAccessSession,
  type webAccessSessionCreateInput,
} from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import { agentCapabilities, evaluateAccess } from '../access/access.policy.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { loadCompanyAgentFacts } from '../../relay/agent-facts.ts';
import { isAgentAttached } from '../../relay/relay-sessions.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { newHostId, sessionOrigin, vncSocketUrl } from '../../web-access/session-host.ts';
import { countOpenWebAccess, insertWebAccessSession } from './web-access.repository.ts';

/** Open web access sessions one user may have at a time (each holds tunnel streams and a host). */
export const maxOpenWebAccessSessions = 20;

export type WebAccessRequest = {
  db: Db;
  companyId: number;
  userId: number;
  /** The asking session's SSO company (AuthenticatedUser.ssoCompanyId): the relay checks the sign-in rules with it. */
  ssoCompanyId: number | null;
  clientAddress: string;
  agentPublicId: string;
  input: z.output<typeof webAccessSessionCreateInput>;
  publicUrl: string;
  webAccessDomain: string;
};

/**
 * Opens a web access session once the access rules pass for this user, agent and service, in
 * the order a tunnel ticket is checked: the agent and service first, the rules next, whether the
 * agent is online last. The first URL's token is single-use and short-lived; only its hash is kept.
 */
export async function createWebAccessSession(request: WebAccessRequest): Promise<WebAccessSession> {
  const { db, input } = request;
  const agent = await loadCompanyAgentFacts(db, request.companyId, request.agentPublicId);
  if (!agent) throw notFound();

  const server = agent.servers.find((s) => s.publicId === input.server.publicId);
  if (!server) throw badRequest(deviceErrors.serviceNotOnAgent, 'server.publicId');
  const { type } = server;
  if (type === 'tcp') throw badRequest(deviceErrors.serviceNotWeb, 'server.publicId');

  const decision = await evaluateAccess(db, {
    userId: request.userId,
    agent,
    vpn: false,
    serverIds: [server.id],
  });
  if (!decision.allowed) throw new ApiError(403, decision.message);
  let viewOnly = false;
  if (type === 'vnc') {
    const mayControl = (await agentCapabilities(db, request.userId, agent)).has('agents.remoteControl');
    if (input.viewOnly === false && !mayControl)
      throw new ApiError(403, deviceErrors.remoteControlNotAllowed);
    viewOnly = input.viewOnly ?? !mayControl;
  }
  if (!(await isAgentAttached(db, agent.id))) throw conflict(deviceErrors.agentOffline);
  if ((await countOpenWebAccess(db, request.userId)) >= maxOpenWebAccessSessions)
    throw conflict(deviceErrors.webAccessSessionLimit);

  const token = newSecret();
  const hostId = newHostId();
  const kind = type === 'vnc' ? 'vnc' : 'http';
  const tokenExpiresOn = new Date(Date.now() + webAccessTokenSeconds * 1000);
  const publicId = newPublicId();
  return runInTransaction(db, async (trx) => {
    const { createdAt } = await insertWebAccessSession(trx, {
      publicId,
      hostId,
      companyId: agent.companyId,
      agentId: agent.id,
      agentServerId: server.id,
      userId: request.userId,
      ssoCompanyId: request.ssoCompanyId,
      kind,
      viewOnly,
      tokenHash: hashSecret(token),
      tokenExpiresOn,
    });
    const session: WebAccessSession = {
      publicId,
      kind,
      url:
        kind === 'vnc'
          ? vncSocketUrl(request.publicUrl, token)
          : `${sessionOrigin(request.publicUrl, request.webAccessDomain, hostId)}/__fleetgate/start?token=${token}`,
      tokenExpiresOn: tokenExpiresOn.toISOString(),
      viewOnly,
      agent: { publicId: agent.publicId, name: agent.name },
      server: { publicId: server.publicId, name: server.name, type },
      createdOn: createdAt.toISOString(),
      endedOn: null,
    };
    // The trail names who opened what; the URL is a credential and stays out of it.
    const { url: _url, tokenExpiresOn: _expires, ...audited } = session;
    await writeAudit(trx, {
      companyId: agent.companyId,
      actorUserId: request.userId,
      action: 'CREATE',
      rel: 'WebAccessSession',
      publicId,
      after: audited,
      clientAddress: request.clientAddress,
    });
    return session;
  });
}
