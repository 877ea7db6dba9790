import type { TFunction } from 'i18next';
import { parseAccessEndReason, relayCloseCodes } from '@fleetgate/contracts';

/** What the viewer's toolbar says about its connection. */
export type ViewerStatus =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** The device's VNC server asks for its password (the viewer's form sends it). */
  | { kind: 'password'; failed: boolean }
  | { kind: 'revoked'; by: string | null }
  | { kind: 'expired' }
  | { kind: 'ended' }
  | { kind: 'offline' }
  | { kind: 'closed' }
  | { kind: 'error'; message: string };

/** Whether the viewer's connection is over (so it offers to connect again). */
export const isOver = (status: ViewerStatus) =>
  status.kind !== 'connecting' && status.kind !== 'connected' && status.kind !== 'password';

/**
 * The viewer's status once the relay closed its WebSocket: 4001 says access ended (its reason
 * says whether revoked, by whom, or expired), 4002 that the device went away; anything else is
 * a plain disconnect.
 */
export function statusOfClose(code: number, reason: string): ViewerStatus {
  if (code === relayCloseCodes.accessEnded) {
    const ended = parseAccessEndReason(reason);
    if (ended.reason === 'revoked') return { kind: 'revoked', by: ended.by };
    return { kind: ended.reason };
  }
  if (code === relayCloseCodes.agentGone) return { kind: 'offline' };
  return { kind: 'closed' };
}

/** The i18n key and values of a status's text, under `webAccess.viewer.status`. */
export function statusText(status: Exclude<ViewerStatus, { kind: 'error' }>): {
  key:
    | 'connecting'
    | 'connected'
    | 'password'
    | 'passwordFailed'
    | 'revoked'
    | 'revokedUnknown'
    | 'expired'
    | 'ended'
    | 'offline'
    | 'closed';
  name?: string;
} {
  if (status.kind === 'revoked')
    return status.by ? { key: 'revoked', name: status.by } : { key: 'revokedUnknown' };
  if (status.kind === 'password') return { key: status.failed ? 'passwordFailed' : 'password' };
  return { key: status.kind };
}

/** The status in words, as the toolbar and the screen's overlay show it. */
export function describeStatus(t: TFunction, status: ViewerStatus): string {
  if (status.kind === 'error') return status.message;
  const shown = statusText(status);
  return t(`webAccess.viewer.status.${shown.key}`, { name: shown.name });
}
