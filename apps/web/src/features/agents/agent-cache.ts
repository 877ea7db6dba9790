import type { Agent } from '@fleetgate/contracts';
import type { AgentInput, AgentServerInput } from './agent-form.ts';

export type AgentChange = { publicId: string | undefined; input: AgentInput };
export type ServerChange = { agentId: string; publicId: string | undefined; input: AgentServerInput };

/**
 * How the cached agent list looks once a change has gone through, for the optimistic updates
 * (portal spec §7). Creations are left to the reload: an item without the server's id could
 * not be edited or deleted.
 */
export function withAgentChanged(agents: Agent[], { publicId, input }: AgentChange): Agent[] {
  if (!publicId) return agents;
  return agents.map((agent) => {
    if (agent.publicId !== publicId) return agent;
    const { memberships, ...fields } = input;
    // Memberships are sent as ids; the names of groups the agent already had are known.
    const known = new Map(agent.memberships.map((membership) => [membership.group.publicId, membership]));
    const kept = memberships.flatMap(({ group }) => known.get(group.publicId) ?? []);
    return {
      ...agent,
      ...fields,
      memberships: kept.length === memberships.length ? kept : agent.memberships,
    };
  });
}

export function withAgentRemoved(agents: Agent[], publicId: string): Agent[] {
  return agents.filter((agent) => agent.publicId !== publicId);
}

export function withServerChanged(agents: Agent[], { agentId, publicId, input }: ServerChange): Agent[] {
  if (!publicId) return agents;
  return agents.map((agent) =>
    agent.publicId === agentId
      ? {
          ...agent,
          servers: agent.servers.map((server) =>
            server.publicId === publicId ? { ...server, ...input } : server,
          ),
        }
      : agent,
  );
}

export function withServerRemoved(agents: Agent[], publicId: string): Agent[] {
  return agents.map((agent) =>
    agent.servers.some((server) => server.publicId === publicId)
      ? { ...agent, servers: agent.servers.filter((server) => server.publicId !== publicId) }
      : agent,
  );
}
