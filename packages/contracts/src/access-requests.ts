import { z } from 'zod';
import type { Alarm } from './alarms.ts';
import type { ReportJob } from './reports.ts';

export const accessRequestErrors = {
  required: 'REQUIRED',
  invalidDateTime: 'INVALID_DATE_AND_TIME',
  approverNotAllowed: 'APPROVER_NOT_ALLOWED',
  vpnNotOffered: 'VPN_NOT_OFFERED',
  notPending: 'ACCESS_REQUEST_NOT_PENDING',
  notApproved: 'ACCESS_REQUEST_NOT_APPROVED',
  ownRequest: 'CANNOT_DECIDE_OWN_REQUEST',
  durationNotOffered: 'DURATION_NOT_OFFERED',
  /** Approving a request whose end has passed. */
  expired: 'ACCESS_REQUEST_EXPIRED',
  /** A request for an asset that is reached through no agent (spec: "No Agent reference"). */
  noAgentReference: 'NO_AGENT_REFERENCE',
} as const;

/** The durations the request dialog offers, in minutes: 30, 60, 90 minutes and 2 to 8 hours. */
export const accessRequestDurations = [30, 60, 90, 120, 180, 240, 300, 360, 420, 480] as const;
export const accessRequestTimeStepMinutes = 5;
export const accessRequestReasonMaxLength = 1000;

export const accessRequestStatuses = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type AccessRequestStatus = (typeof accessRequestStatuses)[number];

const publicId = z.string().regex(/^[0-9a-z]{12}$/);
const reference = z.strictObject({ publicId });
const isoDate = z.iso.datetime({ offset: true });

/**
 * Create payload of `POST AgentAccessRequestList/{agentPublicId}` and of
 * `POST AssetAccessRequestList/{assetPublicId}` (a request for the asset's agent). The server also checks that
 * start is not before the current minute, that end − start is one of the offered durations,
 * and that every approver may approve every selected service.
 */
export const accessRequestCreateInput = z.strictObject({
  allowedApprovers: z.array(reference).min(1).max(100),
  servers: z.array(reference).max(1000),
  vpn: z.boolean(),
  reason: z.string().trim().min(1).max(accessRequestReasonMaxLength),
  start: isoDate,
  end: isoDate,
});

export type AccessRequest = {
  publicId: string;
  user: { publicId: string; name: string };
  agent: { publicId: string; name: string };
  /** The asset the request was made for; its agent is `agent`. */
  asset: { publicId: string; name: string } | null;
  servers: { publicId: string; name: string }[];
  vpn: boolean;
  start: string;
  end: string;
  reason: string;
  allowedApprovers: { publicId: string; name: string }[];
  status: AccessRequestStatus;
  approver: { publicId: string; name: string } | null;
  decidedOn: string | null;
  createdOn: string;
};

/** `GET AgentAccessRequestApproverList/{agentPublicId}` (and `AssetAccessRequestApproverList/{assetPublicId}`): who may approve, and which services each may approve. */
export type AccessRequestApprover = { publicId: string; name: string; servers: { publicId: string }[] };

/** Pushed on `/api/events` (server-sent events, `event:` is the type, `data:` the JSON). */
export type LiveEvent =
  | { type: 'AccessRequestChanged'; data: AccessRequest }
  | { type: 'AgentStatusChanged'; data: { publicId: string; status: 'online' | 'offline' } }
  | { type: 'VpnSessionChanged'; data: { agent: { publicId: string } } }
  | { type: 'MessageCreated'; data: { publicId: string } }
  /** The company's translations changed (created, changed or deleted): clients load them again. */
  | { type: 'TranslationsChanged'; data: { company: { publicId: string } } }
  /** Licences or an agent's app activations changed: licence lists and agents load again. */
  | { type: 'LicencesChanged'; data: { agent: { publicId: string } | null } }
  /** The company's menu links changed: the left menu loads them again. */
  | { type: 'MenuItemsChanged'; data: { company: { publicId: string } } }
  /** The company's terms of use changed: members must accept the new policy version. */
  | { type: 'TermsOfUseChanged'; data: { publicId: string } }
  /** An app was installed, uninstalled or configured in the company: menus and screens follow. */
  | { type: 'AppsChanged'; data: { company: { publicId: string } } }
  /** The user's temporary membership or group membership in this company ended: read rights and lists again. */
  | { type: 'AccessEnded'; data: { company: { publicId: string } } }
  /** New samples were stored: the newest value of each tag of the batch (to users who see the agent). */
  | {
      type: 'TagValuesChanged';
      data: { agent: { publicId: string }; tags: { publicId: string; time: string; value: number }[] };
    }
  /** An alarm was raised, acknowledged or cleared (to users who see the agent). */
  | { type: 'AlarmChanged'; data: Alarm }
  /** The agent's data sources, tags or alarm conditions changed. */
  | { type: 'DataConfigChanged'; data: { agent: { publicId: string } } }
  /** A page or its versions changed. */
  | { type: 'PageChanged'; data: { publicId: string } }
  /** A report job changed state or progress (to its requester). */
  | { type: 'ReportJobChanged'; data: ReportJob };
