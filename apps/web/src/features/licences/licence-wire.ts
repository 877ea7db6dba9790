import type { AgentAppState, PerAgentApp } from '@fleetgate/contracts';

export type { ActivationSource, AgentAppState, Licence } from '@fleetgate/contracts';

/** A reference on the wire: an object's publicId and its name. */
export type NamedRef = { publicId: string; name: string };

/** The agent's field holding each per-agent app's state. */
export const agentAppField = { dataLogging: 'logging', alarming: 'alarming' } as const satisfies Record<
  PerAgentApp,
  string
>;

/** What the screens read of an agent: its name and, when the server sends them, the apps' states. */
export type AgentWithApps = NamedRef & { logging?: AgentAppState; alarming?: AgentAppState };
