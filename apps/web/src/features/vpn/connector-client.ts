import { getSession } from '../../auth/session.ts';
import { browserId, connectorUrl } from './local-values.ts';
import type { ActiveRequest, ForceProtocol, VpnStatus } from './vpn-rules.ts';

/** What the connector's `GET /status` answers and its WebSocket pushes. */
export type ConnectorStatus = {
  status: VpnStatus;
  activeRequest: ActiveRequest | null;
  code: number;
  message: string;
  version: string;
  /** `movedFrom`: the service's remembered port, held by another program at this connect. */
  services: { publicId: string; name: string; localPort: number; movedFrom?: number }[];
  socksPort: number | null;
  /** Whose session it is (only in the owner's own view). */
  owner?: { publicId: string; name: string } | null;
  /** Why the server ended the access of the session that just closed (owner's view only). */
  accessEnded?: AccessEnded | null;
  /** Another user's session holds the connector on this computer. */
  inUseBy?: { name: string } | null;
};

export type AccessEnded = { agentId: string; reason: 'revoked' | 'expired' | 'ended'; by: string | null };

/** The connector answered with an error status (401 token, 403 another user's session, 409 busy…). */
export class ConnectorRefused extends Error {
  readonly status: number;
  /** The first error message of its answer ("VPN_CLIENT_IN_USE" …). */
  readonly reason: string | undefined;
  constructor(status: number, reason?: string) {
    super(`The VPN client answered ${status}`);
    this.status = status;
    this.reason = reason;
  }
}

/** The connector refuses a user while another user's session holds it. */
export const inUseMessage = 'VPN_CLIENT_IN_USE';

function headers(token: string | undefined, json = false): Headers {
  const result = new Headers({ 'VPN-Client-Controller-Identifier': browserId() });
  if (token) result.set('Api-Access-Token', token);
  if (json) result.set('Content-Type', 'application/json');
  return result;
}

async function call(path: string, init: RequestInit): Promise<ConnectorStatus> {
  // A network error (nothing listening) rejects with a TypeError: the caller treats it as missing.
  const response = await fetch(`${connectorUrl()}${path}`, { ...init, cache: 'no-store' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { data?: { message?: string }[] } | null;
    throw new ConnectorRefused(response.status, body?.data?.[0]?.message);
  }
  return (await response.json()) as ConnectorStatus;
}

export function fetchConnectorStatus(token: string): Promise<ConnectorStatus> {
  return call('/status', { headers: headers(token) });
}

export function connectorConnect(
  token: string,
  request: ActiveRequest & { userId: string; forceProtocol?: ForceProtocol },
): Promise<ConnectorStatus> {
  return call('/connect', { method: 'POST', headers: headers(token, true), body: JSON.stringify(request) });
}

export function connectorDisconnect(token: string | undefined): Promise<ConnectorStatus> {
  return call('/disconnect', { method: 'POST', headers: headers(token) });
}

/** The status WebSocket; browsers cannot set headers on it, so the token rides in the query. */
export function openStatusSocket(token: string): WebSocket {
  const url = new URL(connectorUrl());
  url.protocol = 'ws:';
  url.pathname = '/';
  url.searchParams.set('token', token);
  return new WebSocket(url);
}

const probeGraceMs = 500;
const probeTimeoutMs = 5000;

/**
 * Whether a connector runs on this computer, and its version (null when none answered). It loads
 * the connector's probe page in a hidden frame, which posts its version to this origin: a frame
 * that cannot load prints nothing, where a refused fetch or WebSocket puts a network error on the
 * console of every user without a connector. Only then do the fetch and the status socket follow.
 */
export function probeConnector(): Promise<string | null> {
  const base = new URL(connectorUrl());
  const src = new URL('/probe', base);
  src.searchParams.set('origin', window.location.origin);
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    let timer: ReturnType<typeof setTimeout>;
    const finish = (version: string | null) => {
      clearTimeout(timer);
      window.removeEventListener('message', handleMessage);
      frame.remove();
      resolve(version);
    };
    const handleMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.origin !== base.origin) return;
      const data = event.data as { type?: unknown; version?: unknown } | null;
      if (data?.type === 'fleetgate-connector' && typeof data.version === 'string') finish(data.version);
    };
    window.addEventListener('message', handleMessage);
    // The probe page posts while it loads; a frame that loaded without a word found nothing.
    frame.addEventListener('load', () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(null), probeGraceMs);
    });
    timer = setTimeout(() => finish(null), probeTimeoutMs);
    frame.title = 'VPN client check';
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.src = src.href;
    document.body.append(frame);
  });
}

/** The settings page of the local connector (opened in a new tab from the info dialog). */
export const connectorSettingsUrl = () => `${connectorUrl()}/`;

/**
 * Logging out ends this browser's VPN session first; a connector that is not running, or a
 * session another browser controls, must not hold up the logout.
 */
export async function disconnectOnLogOut(): Promise<void> {
  const token = getSession()?.secretId;
  try {
    await connectorDisconnect(token);
  } catch {
    // Nothing to disconnect.
  }
}
