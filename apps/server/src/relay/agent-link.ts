import type { WebSocket } from 'ws';
import type { TunnelStream } from '@fleetgate/tunnel-protocol';
import type { CredentialAgent } from '../modules/agents/agent-credential.ts';
import type { ClientSession } from './client-session.ts';
import { linkWebSocket, type WsLink } from './ws-link.ts';

/** What the relay keeps of an attached agent. */
export type AttachingAgent = Pick<CredentialAgent, 'id' | 'publicId' | 'companyId'>;

/**
 * An agent attached to this relay, with its VPN session. The relay opens streams on it
 * (initiator); the agent only accepts.
 */
export class AgentLink {
  readonly agent: AttachingAgent;
  readonly sessionId: number;
  readonly link: WsLink;
  readonly connectedAt = Date.now();
  readonly clients = new Set<ClientSession>();
  /** Other processes' forwarded clients watching this attachment: reset when it ends. */
  readonly watchers = new Set<TunnelStream>();
  /** Settles when the connection closed and the agent is recorded as detached. */
  finished: Promise<void> = Promise.resolve();

  constructor(agent: AttachingAgent, ws: WebSocket, sessionId: number, heartbeatMs: number) {
    this.agent = agent;
    this.sessionId = sessionId;
    this.link = linkWebSocket(ws, { role: 'initiator', heartbeatMs });
  }

  get mux() {
    return this.link.mux;
  }

  get open() {
    return this.link.ws.readyState === this.link.ws.OPEN;
  }

  close(code: number, reason: string) {
    this.link.close(code, reason);
  }
}
