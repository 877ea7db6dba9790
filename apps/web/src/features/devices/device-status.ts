import type { AccessRequest, Agent, AgentMyAccess, AgentVpnAccess } from '@fleetgate/contracts';

/** The spec's status colours: green (active VPN session), blue (active request), grey otherwise. */
export type StatusColour = 'active' | 'requested' | 'idle';

export const statusColours: readonly StatusColour[] = ['active', 'requested', 'idle'];

/** Colour values: success green, a clear blue, and the spec's neutral grey (#a0a0a0). */
export const statusColourValues: Record<StatusColour, string> = {
  active: '#2e7d32',
  requested: '#1e88e5',
  idle: '#a0a0a0',
};

/**
 * A request still "active": pending and not yet over (it may still be approved in time), or
 * approved and valid now.
 */
export function isRequestActive(request: Pick<AccessRequest, 'status' | 'start' | 'end'>, now: Date) {
  const end = Date.parse(request.end);
  if (end <= now.getTime()) return false;
  if (request.status === 'pending') return true;
  return request.status === 'approved' && Date.parse(request.start) <= now.getTime();
}

/** An approved request whose end has passed is shown as expired rather than approved. */
export function displayedRequestStatus(
  request: Pick<AccessRequest, 'status' | 'end'>,
  now: Date,
): AccessRequest['status'] | 'expired' {
  if (
    (request.status === 'approved' || request.status === 'pending') &&
    Date.parse(request.end) <= now.getTime()
  )
    return 'expired';
  return request.status;
}

/** Green wins over blue: a device with a VPN session is reachable whatever the user's requests. */
export function statusColourOf(
  agent: Pick<Agent, 'publicId' | 'activeVpnSession'>,
  myRequests: readonly Pick<AccessRequest, 'agent' | 'status' | 'start' | 'end'>[],
  now: Date,
): StatusColour {
  if (agent.activeVpnSession) return 'active';
  const requested = myRequests.some(
    (request) => request.agent.publicId === agent.publicId && isRequestActive(request, now),
  );
  return requested ? 'requested' : 'idle';
}

/** Whether a VPN request can be made: only when the device restricts VPN access. */
export function hasVpnRestriction(agent: Pick<Agent, 'vpnLocked' | 'vpnRequireAccessApproval'>): boolean {
  return agent.vpnLocked || agent.vpnRequireAccessApproval;
}

/** What a row says about the user's VPN access; `unknown` while the server has not said. */
export type ShownVpnAccess = AgentVpnAccess | 'unknown';

/**
 * The server's summary of the user's VPN access, moved on by the clock: an approval whose end
 * has passed needs approval again, and a scheduled one that has started is in effect. The list
 * is also read again at those moments (`nextAccessChange`); this keeps the row right meanwhile.
 */
export function shownVpnAccess(access: AgentMyAccess | null, now: Date): ShownVpnAccess {
  if (!access) return 'unknown';
  const passed = (iso: string | null) => iso !== null && Date.parse(iso) <= now.getTime();
  if ((access.vpn === 'approved' || access.vpn === 'scheduled') && passed(access.until))
    return 'needsApproval';
  if (access.vpn === 'scheduled' && passed(access.from)) return 'approved';
  return access.vpn;
}

/** VPN connections are allowed now: directly, or with an approved request in effect. */
export function mayConnect(shown: ShownVpnAccess): boolean {
  return shown === 'direct' || shown === 'approved';
}

/**
 * Request access is offered only where it is needed and nothing is pending or approved: VPN
 * access needing approval, or web access to services needing approval with no request made.
 */
export function mayRequestAccess(access: AgentMyAccess | null, shown: ShownVpnAccess): boolean {
  if (!access?.canRequest) return false;
  return shown === 'needsApproval' || access.web === 'needsApproval';
}

/**
 * The device's assets the user may ask access for, each on its own (the request names the asset):
 * all of them when the user may request access to the device, none otherwise.
 */
export function requestableAssets(agent: Pick<Agent, 'assets' | 'myAccess'>): Agent['assets'] {
  return agent.myAccess?.canRequest ? agent.assets : [];
}

/**
 * The device page also lets a user with a web request ask for more (other services), as long
 * as VPN access, which covers every service, is not approved or pending.
 */
export function mayRequestMoreAccess(access: AgentMyAccess | null, shown: ShownVpnAccess): boolean {
  if (mayRequestAccess(access, shown)) return true;
  if (!access?.canRequest || access.web !== 'requested') return false;
  return shown !== 'approved' && shown !== 'scheduled' && shown !== 'pending';
}

/** The earliest future moment at which one of these summaries changes by itself, if any. */
export function nextAccessChange(accesses: readonly (AgentMyAccess | null)[], now: Date): number | null {
  let next: number | null = null;
  for (const access of accesses) {
    if (!access || (access.vpn !== 'approved' && access.vpn !== 'scheduled')) continue;
    for (const iso of [access.from, access.until]) {
      const at = iso === null ? NaN : Date.parse(iso);
      if (at > now.getTime() && (next === null || at < next)) next = at;
    }
  }
  return next;
}
