import type { Agent, AgentServer } from '@fleetgate/contracts';

/** What the browser can do with a service: open its web page, view its screen, or nothing (tcp). */
export type WebAction = 'open' | 'view';

export function webActionOf(server: Pick<AgentServer, 'type'>): WebAction | null {
  if (server.type === 'http' || server.type === 'https') return 'open';
  if (server.type === 'vnc') return 'view';
  return null;
}

/**
 * Whether to offer web access to one service, from the reader's `myAccess.web`:
 * - `direct`: yes;
 * - `requested`: yes, the user has a request waiting or in effect; the summary does not say
 *   which services an approved one covers, so the server decides (ACCESS_REQUEST_REQUIRED is
 *   shown as a message when the request is still pending or leaves this service out);
 * - `needsApproval`: only for a service that needs no approval itself on an agent without the
 *   web lock (the summary is about the agent's services as a whole);
 * - `notAllowed` or no summary: no.
 */
export function mayUseWeb(
  agent: Pick<Agent, 'myAccess' | 'webAccessLocked'>,
  server: Pick<AgentServer, 'requireAccessApproval'>,
): boolean {
  const web = agent.myAccess?.web;
  if (web === 'direct' || web === 'requested') return true;
  if (web === 'needsApproval') return !agent.webAccessLocked && !server.requireAccessApproval;
  return false;
}
