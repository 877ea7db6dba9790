import type { Agent, AgentServer } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { AgentServerDetail } from './agent-details.repository.ts';
import type { AgentView } from './agent.repository.ts';
import { agentAppStateFields } from '../licences/app-activation.ts';

const named = { publicId: true, name: true } as const;

export const agentServerFields = {
  publicId: true,
  name: true,
  host: true,
  port: true,
  requireAccessApproval: true,
  serviceGroup: true,
  type: true,
  acceptSelfSigned: true,
} as const satisfies FieldSpec;

export const agentFields: FieldSpec = {
  publicId: true,
  name: true,
  status: true,
  servers: agentServerFields,
  vpnLocked: true,
  webAccessLocked: true,
  vpnRequireAccessApproval: true,
  controlledBy: { publicId: true },
  memberships: { publicId: true, group: named },
  assets: named,
  activeVpnSession: {
    publicId: true,
    rscServer: named,
    mdrServer: named,
    loggingMdrServer: named,
    vpnAddress: true,
  },
  connectedUsers: named,
  useStunnel: true,
  hasDisplay: true,
  routerDisplayScreensaver: { publicId: true },
  rateLimiting: { configOpenvpnLimit: true, configOpenvpnCounter: true, configOpenvpnLastHit: true },
  enrolled: true,
  lastSeenOn: true,
  createdOn: true,
  myAccess: {
    vpn: true,
    web: true,
    from: true,
    until: true,
    canRequest: true,
    webServers: { publicId: true },
  },
  logging: agentAppStateFields,
  alarming: agentAppStateFields,
  dataLogging: { collecting: true, lastSampleOn: true, samplesStored: true, samplesDropped: true },
};

/** Columns of the derived table `a` and its group join (agent.repository.ts `agentKeys`). */
export const agentFilters: FilterSpec = {
  publicId: { column: 'a.public_id', type: 'string' },
  name: { column: 'a.name', type: 'string' },
  status: { column: 'a.status', type: 'string' },
  vpnLocked: { column: 'a.vpn_locked', type: 'boolean' },
  webAccessLocked: { column: 'a.web_access_locked', type: 'boolean' },
  vpnRequireAccessApproval: { column: 'a.vpn_require_access_approval', type: 'boolean' },
  useStunnel: { column: 'a.use_stunnel', type: 'boolean' },
  hasDisplay: { column: 'a.has_display', type: 'boolean' },
  enrolled: { column: 'a.enrolled', type: 'boolean' },
  lastSeenOn: { column: 'a.last_seen_at', type: 'date' },
  createdOn: { column: 'a.created_at', type: 'date' },
  'memberships.group.publicId': { column: 'groups.public_id', type: 'string' },
  'memberships.group.name': { column: 'groups.name', type: 'string' },
};

export function presentAgentServer(row: AgentServerDetail): AgentServer {
  return {
    publicId: row.public_id,
    name: row.name,
    host: row.host,
    port: row.port,
    requireAccessApproval: row.require_access_approval,
    serviceGroup: row.service_group,
    type: row.type,
    acceptSelfSigned: row.accept_self_signed,
  };
}

const reference = (row: { public_id: string; name: string }) => ({ publicId: row.public_id, name: row.name });
const optionalReference = (publicId: string | null, name: string | null) =>
  publicId === null || name === null ? null : { publicId, name };

export function presentAgent(row: AgentView): Agent {
  return {
    publicId: row.public_id,
    name: row.name,
    status: row.vpn_address === null ? 'offline' : 'online',
    servers: row.servers.map(presentAgentServer),
    vpnLocked: row.vpn_locked,
    webAccessLocked: row.web_access_locked,
    vpnRequireAccessApproval: row.vpn_require_access_approval,
    controlledBy: row.controlled_by_public_id === null ? null : { publicId: row.controlled_by_public_id },
    memberships: row.groups.map((group) => ({
      publicId: group.membership_public_id,
      group: reference(group),
    })),
    assets: row.assets.map(reference),
    activeVpnSession:
      row.vpn_session_public_id === null ||
      row.vpn_address === null ||
      row.rsc_public_id === null ||
      row.rsc_name === null
        ? null
        : {
            publicId: row.vpn_session_public_id,
            rscServer: { publicId: row.rsc_public_id, name: row.rsc_name },
            mdrServer: optionalReference(row.mdr_public_id, row.mdr_name),
            loggingMdrServer: optionalReference(row.logging_mdr_public_id, row.logging_mdr_name),
            vpnAddress: row.vpn_address,
          },
    connectedUsers: row.connectedUsers.map(reference),
    useStunnel: row.use_stunnel,
    hasDisplay: row.has_display,
    routerDisplayScreensaver:
      row.screensaver_public_id === null ? null : { publicId: row.screensaver_public_id },
    rateLimiting: {
      configOpenvpnLimit: row.rate_limit,
      configOpenvpnCounter: row.rate_limit_counter,
      configOpenvpnLastHit: row.rate_limit_last_hit?.toISOString() ?? null,
    },
    enrolled: row.credential_hash !== null,
    lastSeenOn: row.last_seen_at?.toISOString() ?? null,
    createdOn: row.created_at.toISOString(),
    myAccess: row.my_access ?? null,
    logging: row.appStates.logging,
    alarming: row.appStates.alarming,
    dataLogging: {
      collecting: row.appStates.logging.active,
      lastSampleOn: row.loggingState?.last_sample_at?.toISOString() ?? null,
      samplesStored: Number(row.loggingState?.samples_stored ?? 0),
      samplesDropped: Number(row.loggingState?.samples_dropped ?? 0),
    },
  };
}
