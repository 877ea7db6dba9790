import { z } from 'zod';
import { limits } from './limits.ts';
import { patchSchemaOf } from './patch-schema.ts';
import type { AgentAppState } from './licences.ts';
import type { AgentLoggingState } from './data-logging.ts';

/** Stable error messages of agents, the relay and tunnels; the web app translates them. */
export const deviceErrors = {
  enrolmentTokenInvalid: 'ENROLMENT_TOKEN_INVALID',
  agentOffline: 'AGENT_OFFLINE',
  accessRequestRequired: 'ACCESS_REQUEST_REQUIRED',
  connectNotAllowed: 'CONNECT_NOT_ALLOWED',
  serviceNotOnAgent: 'SERVICE_NOT_ON_AGENT',
  rateLimited: 'AGENT_RATE_LIMITED',
  /** Web access asked for a service that is reached only through the connector (type tcp). */
  serviceNotWeb: 'SERVICE_NOT_WEB',
  /** Full control of a device screen (VNC) needs agents.remoteControl for the agent. */
  remoteControlNotAllowed: 'REMOTE_CONTROL_NOT_ALLOWED',
  /** The user has as many open web access sessions as allowed: end one first. */
  webAccessSessionLimit: 'WEB_ACCESS_SESSION_LIMIT',
} as const;

/**
 * How a service is reached in the browser: `http`/`https` through its own session host, `vnc`
 * in the portal's viewer, `tcp` only through the connector's local ports.
 */
export const serviceTypes = ['http', 'https', 'vnc', 'tcp'] as const;
export type ServiceType = (typeof serviceTypes)[number];

/** A service's type when none is declared: by its port (migration 0022 applies the same rule). */
export function defaultServiceType(port: number): ServiceType {
  if ([80, 8000, 8008, 8080, 8081, 8888].includes(port)) return 'http';
  if (port === 443 || port === 8443) return 'https';
  if (port >= 5900 && port <= 5999) return 'vnc';
  return 'tcp';
}

/** The relay's close codes (WebSocket application range) with the reason text sent alongside. */
export const relayCloseCodes = {
  accessEnded: 4001,
  agentGone: 4002,
  agentReplaced: 4003,
  ticketInvalid: 4004,
  rateLimited: 4029,
  protocolError: 4400,
} as const;

/**
 * Why the relay ended a session's access (close 4001), as its close reason: `ACCESS_REVOKED:<name
 * of who revoked it>`, `ACCESS_EXPIRED`, or the access rules' own message (rights removed, device
 * locked). A WebSocket close reason holds at most 123 bytes, so a long name is cut.
 */
export const accessEndReasons = { revoked: 'ACCESS_REVOKED', expired: 'ACCESS_EXPIRED' } as const;
const closeReasonMaxBytes = 123;

export function formatAccessEndReason(
  ended: { reason: 'revoked'; by: string | null } | { reason: 'expired' },
) {
  if (ended.reason === 'expired') return accessEndReasons.expired;
  const prefix = `${accessEndReasons.revoked}:`;
  let by = ended.by ?? '';
  // Cut by code points, so no character is split.
  while (new TextEncoder().encode(prefix + by).length > closeReasonMaxBytes)
    by = [...by].slice(0, -1).join('');
  return by ? prefix + by : accessEndReasons.revoked;
}

export function parseAccessEndReason(reason: string): {
  reason: 'revoked' | 'expired' | 'ended';
  by: string | null;
} {
  if (reason === accessEndReasons.expired) return { reason: 'expired', by: null };
  if (reason === accessEndReasons.revoked) return { reason: 'revoked', by: null };
  if (reason.startsWith(`${accessEndReasons.revoked}:`))
    return { reason: 'revoked', by: reason.slice(accessEndReasons.revoked.length + 1) || null };
  return { reason: 'ended', by: null };
}

/** Connection-attempt limiting of agents (ARCHITECTURE: soft 30 s up to 10 attempts, then 5 min; hard until reset). */
export const agentRateLimit = {
  softCounterThreshold: 10,
  softRetrySeconds: 30,
  softRetryLongSeconds: 300,
} as const;

export const relayTicketSeconds = 60;
export const enrolmentTokenSeconds = 24 * 3600;

const publicId = z.string().regex(/^[0-9a-z]{12}$/);
const reference = z.strictObject({ publicId });
const name = z.string().trim().min(1).max(limits.nameMaxLength);
/** A LAN host: a name or an IPv4/IPv6 address, no scheme, no port. */
const host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9_.:-]+$/);
const port = z.number().int().min(1).max(65535);

export const agentServerInput = z.strictObject({
  name,
  host,
  port,
  requireAccessApproval: z.boolean().optional(),
  serviceGroup: z.string().trim().max(limits.nameMaxLength).nullable().optional(),
  /** Omitted on create: the default by port (`defaultServiceType`). */
  type: z.enum(serviceTypes).optional(),
  /** https only: accept the device's self-signed certificate. */
  acceptSelfSigned: z.boolean().optional(),
});
export const agentServerPatchInput = patchSchemaOf(agentServerInput);
/** `POST AgentServerList`: a service on the named agent. */
export const agentServerCreateInput = agentServerInput.extend({ agent: reference });

export const agentCreateInput = z.strictObject({
  name,
  vpnLocked: z.boolean().optional(),
  webAccessLocked: z.boolean().optional(),
  vpnRequireAccessApproval: z.boolean().optional(),
  useStunnel: z.boolean().optional(),
  /** A gateway with a display, which shows the company's screensaver. */
  hasDisplay: z.boolean().optional(),
  controlledBy: reference.nullable().optional(),
  memberships: z
    .array(z.strictObject({ group: reference }))
    .max(1000)
    .optional(),
  servers: z.array(agentServerInput).max(1000).optional(),
});
export const agentPatchInput = patchSchemaOf(agentCreateInput.omit({ servers: true }));

/** The agent's first call: the one-time token from the console and the LAN services it is set up with. */
export const agentEnrolInput = z.strictObject({
  token: z.string().min(20).max(200),
  services: z
    .array(z.strictObject({ name, host, port, type: z.enum(serviceTypes).optional() }))
    .max(1000)
    .optional(),
});

export const tunnelTicketInput = z.strictObject({
  /** true: the whole agent (VPN); false: only the listed servers (web access). */
  vpn: z.boolean(),
  servers: z.array(reference).max(1000).optional(),
});

export type RateLimiting = {
  configOpenvpnLimit: 'soft' | 'hard' | null;
  configOpenvpnCounter: number;
  configOpenvpnLastHit: string | null;
};

export type AgentServer = {
  publicId: string;
  name: string;
  host: string;
  port: number;
  requireAccessApproval: boolean;
  serviceGroup: string | null;
  type: ServiceType;
  acceptSelfSigned: boolean;
};

/** `AgentServerList` / `AgentServer`: a service with the agent it belongs to. */
export type AgentServerOfAgent = AgentServer & { agent: { publicId: string; name: string } };

export type PlatformServer = {
  publicId: string;
  name: string;
  type: 'rsc' | 'mdr';
  location: string;
  vpnRange: string | null;
};

export type Agent = {
  publicId: string;
  name: string;
  status: 'online' | 'offline';
  servers: AgentServer[];
  vpnLocked: boolean;
  webAccessLocked: boolean;
  vpnRequireAccessApproval: boolean;
  controlledBy: { publicId: string } | null;
  memberships: { publicId: string; group: { publicId: string; name: string } }[];
  assets: { publicId: string; name: string }[];
  activeVpnSession: {
    publicId: string;
    rscServer: { publicId: string; name: string };
    /** The data relay (mdr) of the session, and the one its logging data goes through. */
    mdrServer: { publicId: string; name: string } | null;
    loggingMdrServer: { publicId: string; name: string } | null;
    vpnAddress: string;
  } | null;
  connectedUsers: { publicId: string; name: string }[];
  useStunnel: boolean;
  hasDisplay: boolean;
  /** The screensaver its display shows (`GET RouterDisplayScreensaver/{publicId}`), if any. */
  routerDisplayScreensaver: { publicId: string } | null;
  rateLimiting: RateLimiting;
  enrolled: boolean;
  lastSeenOn: string | null;
  createdOn: string;
  /**
   * The reader's own VPN access to the agent under the access rules (portal spec §4), worked
   * out by the server for whoever reads it; null in the answers to changes (create, patch).
   */
  myAccess: AgentMyAccess | null;
  /** Data logging and alarming on the agent (licences). */
  logging: AgentAppState;
  alarming: AgentAppState;
  /** What data logging collected on the agent (data-logging). */
  dataLogging?: AgentLoggingState;
};

/**
 * A user's VPN access to one agent:
 * - `direct`: no approval needed (no VPN lock or approval requirement, or the user bypasses
 *   approval: cannot use access requests, or manages them for the agent);
 * - `approved`: an approved VPN request is valid now, `until` its end;
 * - `scheduled`: an approved VPN request starts later, `from` its start `until` its end;
 * - `pending`: a VPN request awaits a decision;
 * - `needsApproval`: the agent is locked or requires approval and nothing above applies;
 * - `notAllowed`: the user may not connect to the agent at all.
 */
export const agentVpnAccessStates = [
  'direct',
  'approved',
  'scheduled',
  'pending',
  'needsApproval',
  'notAllowed',
] as const;
export type AgentVpnAccess = (typeof agentVpnAccessStates)[number];

/**
 * A user's web access to an agent's services, as far as it decides whether to ask for it:
 * - `direct`: nothing needs approval (no web lock and no service requiring approval, or the
 *   user bypasses approval);
 * - `requested`: some of it needs approval and the user has a request for the agent waiting
 *   or in effect (a VPN one covers every service);
 * - `needsApproval`: some of it needs approval and the user has no such request;
 * - `notAllowed`: the user may not connect to the agent at all.
 */
export const agentWebAccessStates = ['direct', 'requested', 'needsApproval', 'notAllowed'] as const;
export type AgentWebAccess = (typeof agentWebAccessStates)[number];

export type AgentMyAccess = {
  vpn: AgentVpnAccess;
  web: AgentWebAccess;
  from: string | null;
  until: string | null;
  /** Whether the user may request access to the agent (accessRequests.use for it). */
  canRequest: boolean;
  /**
   * The services the user may reach by web (or through the connector without VPN) now: all of
   * them when web access is direct, else those an approved request valid now covers.
   */
  webServers: { publicId: string }[];
};

/** What the console shows once after creating an enrolment token. */
export type AgentEnrolmentToken = { token: string; expiresOn: string; command: string };

/** What the agent keeps after enrolling: its id, its credential and where to attach. */
export type AgentEnrolment = { agentId: string; credential: string; relayUrl: string };

export type TunnelTicket = {
  ticket: string;
  expiresOn: string;
  relayUrl: string;
  vpn: boolean;
  servers: { publicId: string; name: string }[];
};
