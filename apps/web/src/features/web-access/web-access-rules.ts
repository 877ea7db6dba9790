import type { Agent, AgentServer } from '@fleetgate/contracts';

/** What the browser can do with a service: open its web page, view its screen, or nothing (tcp). */
export type WebAction = 'open' | 'view';

export function webActionOf(server: Pick<AgentServer, 'type'>): WebAction | null {
  if (server.type === 'http' || server.type === 'https') return 'open';
  if (server.type === 'vnc') return 'view';
  return null;
}

/**
 * Whether to offer web access to one service: when the server says the reader may reach it by
 * web now (`myAccess.webServers`: every service when nothing needs approval or the user bypasses
 * it, else those an approved request in effect covers). Others get Request access instead.
 */
export function mayUseWeb(agent: Pick<Agent, 'myAccess'>, server: Pick<AgentServer, 'publicId'>): boolean {
  return agent.myAccess?.webServers.some((s) => s.publicId === server.publicId) ?? false;
}
