import type { AgentAccessFacts } from '../modules/access/access.policy.ts';
import type { ServiceType } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';

export type RelayServer = {
  id: number;
  publicId: string;
  name: string;
  host: string;
  port: number;
  requireAccessApproval: boolean;
  /** How the service is reached in the browser (web access follows changes to it). */
  type: ServiceType;
  /** For an https service: whether the device's self-signed certificate is accepted. */
  acceptSelfSigned: boolean;
};

/** The access facts of an agent plus where its services are, which the relay needs to open streams. */
export type RelayAgentFacts = Omit<AgentAccessFacts, 'servers'> & {
  publicId: string;
  name: string;
  servers: RelayServer[];
};

/** Loads an agent's access facts by id; undefined when the agent was deleted. */
export async function loadAgentFacts(db: Db, agentId: number): Promise<RelayAgentFacts | undefined> {
  const agent = await db
    .selectFrom('agents')
    .select([
      'id',
      'public_id',
      'name',
      'company_id',
      'vpn_locked',
      'web_access_locked',
      'vpn_require_access_approval',
    ])
    .where('id', '=', agentId)
    .executeTakeFirst();
  if (!agent) return undefined;
  const servers = await db
    .selectFrom('agent_servers')
    .select([
      'id',
      'public_id',
      'name',
      'host',
      'port',
      'require_access_approval',
      'type',
      'accept_self_signed',
    ])
    .where('agent_id', '=', agentId)
    .orderBy('id')
    .execute();
  return {
    id: agent.id,
    publicId: agent.public_id,
    name: agent.name,
    companyId: agent.company_id,
    vpnLocked: agent.vpn_locked,
    webAccessLocked: agent.web_access_locked,
    vpnRequireAccessApproval: agent.vpn_require_access_approval,
    servers: servers.map((s) => ({
      id: s.id,
      publicId: s.public_id,
      name: s.name,
      host: s.host,
      port: s.port,
      requireAccessApproval: s.require_access_approval,
      type: s.type,
      acceptSelfSigned: s.accept_self_signed,
    })),
  };
}

/** An agent's facts by its publicId, only within the company acted in; undefined otherwise. */
export async function loadCompanyAgentFacts(
  db: Db,
  companyId: number,
  agentPublicId: string,
): Promise<RelayAgentFacts | undefined> {
  const row = await db
    .selectFrom('agents')
    .select('id')
    .where('public_id', '=', agentPublicId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row && loadAgentFacts(db, row.id);
}

/** `host:port` as the agent's allow-list reads it (IPv6 hosts in brackets). */
export function serviceTarget(server: { host: string; port: number }): string {
  return server.host.includes(':') ? `[${server.host}]:${server.port}` : `${server.host}:${server.port}`;
}
