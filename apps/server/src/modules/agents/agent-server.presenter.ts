import type { AgentServerOfAgent } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { agentServerFields, presentAgentServer } from './agent.presenter.ts';
import type { AgentServerView } from './agent-server.repository.ts';

export const agentServerOfAgentFields: FieldSpec = {
  ...agentServerFields,
  agent: { publicId: true, name: true },
};

export const agentServerFilters: FilterSpec = {
  publicId: { column: 'agent_servers.public_id', type: 'string' },
  name: { column: 'agent_servers.name', type: 'string' },
  host: { column: 'agent_servers.host', type: 'string' },
  port: { column: 'agent_servers.port', type: 'int' },
  requireAccessApproval: { column: 'agent_servers.require_access_approval', type: 'boolean' },
  serviceGroup: { column: 'agent_servers.service_group', type: 'string' },
  type: { column: 'agent_servers.type', type: 'string' },
  acceptSelfSigned: { column: 'agent_servers.accept_self_signed', type: 'boolean' },
  'agent.publicId': { column: 'agents.public_id', type: 'string' },
  'agent.name': { column: 'agents.name', type: 'string' },
};

export function presentAgentServerOfAgent(row: AgentServerView): AgentServerOfAgent {
  return {
    ...presentAgentServer(row),
    agent: { publicId: row.agent_public_id, name: row.agent_name },
  };
}
