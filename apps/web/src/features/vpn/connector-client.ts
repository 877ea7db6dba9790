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
};

/** The connector answered with an error status (401 token, 403 controller, 409 busy…). */
export class ConnectorRefused extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The VPN client answered ${status}`);
    this.status = status;
  }
}

function headers(token: string | undefined, json = false): Headers {
  const result = new Headers({ 'VPN-Client-Controller-Identifier': browserId() });
  if (token) result.set('Api-Access-Token', token);
  if (json) result.set('Content-Type', 'application/json');
  return result;
}

async function call(path: string, init: RequestInit): Promise<ConnectorStatus> {
  // A network error (nothing listening) rejects with a TypeError: the caller treats it as missing.
  const response = await fetch(`${connectorUrl()}${path}`, { ...init, cache: 'no-store' });
  if (!response.ok) throw new ConnectorRefused(response.status);
  return (await response.json()) as ConnectorStatus;
}

export function fetchConnectorStatus(token: string): Promise<ConnectorStatus> {
  return call('/status', { headers: headers(token) });
}

export function connectorConnect(
  token: string,
  request: ActiveRequest & { forceProtocol?: ForceProtocol },
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
