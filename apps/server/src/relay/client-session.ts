import type { WebSocket } from 'ws';
import type { Multiplexer, TunnelStream } from '@fleetgate/tunnel-protocol';
import { relayCloseCodes } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import { AccessWatch } from './access-watch.ts';
import { serviceTarget, type RelayServer } from './agent-facts.ts';
import { endClientSession, insertClientSession } from './relay-sessions.repository.ts';
import { UsageCounter } from './usage-counter.ts';
import type { RelayTicket } from './relay-tickets.ts';
import { linkWebSocket, type WsLink } from './ws-link.ts';
import type { RelayOptions } from './relay-options.ts';

export type ClientSessionDeps = {
  db: Db;
  options: RelayOptions;
  /**
   * The multiplexer the session's streams are opened on: the agent's when it is attached here,
   * else the internal link to its process.
   */
  agentMux: Multiplexer;
  /** The stream target for a service on agentMux (an internal link names the agent as well). */
  agentTarget?: (service: string) => string;
  /** This server process's registration, recorded with the session. */
  processId?: number | undefined;
  onChanged: () => void;
  onError: (error: unknown, what: string) => void;
};

/**
 * One user's tunnel to one agent: opened with a redeemed ticket, it lets the client open streams
 * to the services the ticket names, counts their bytes, and lasts only while the access rules
 * keep allowing it.
 */
export class ClientSession {
  readonly ticket: RelayTicket;
  readonly #deps: ClientSessionDeps;
  readonly #link: WsLink;
  readonly #watch: AccessWatch;
  #id: number | undefined;
  readonly #usage = new UsageCounter();
  #endReason = 'client disconnected';
  #starting: Promise<void> | undefined;
  /** Streams are accepted only between a successful start and the close. */
  #admitted = false;
  /** Resolves when the session row is closed and its bytes are written. */
  readonly finished: Promise<void>;

  constructor(ws: WebSocket, ticket: RelayTicket, deps: ClientSessionDeps) {
    this.ticket = ticket;
    this.#deps = deps;
    // Frames that arrive before the session is checked and recorded wait in the socket.
    ws.pause();
    this.#link = linkWebSocket(ws, {
      role: 'acceptor',
      heartbeatMs: deps.options.heartbeatMs,
      maxStreams: deps.options.maxStreamsPerSession,
      onStream: (stream, target) => this.#openStream(stream, target),
    });
    this.#watch = new AccessWatch(ticket, {
      db: deps.db,
      isOpen: () => this.#link.ws.readyState === this.#link.ws.OPEN,
      onDenied: (reason) => this.close(relayCloseCodes.accessEnded, reason),
      onError: deps.onError,
    });
    this.finished = new Promise((resolve) => ws.once('close', () => resolve(this.#finish())));
  }

  get sessionId() {
    return this.#id;
  }

  /** Bytes carried towards the device so far (read by /metrics). */
  get bytesUp() {
    return this.#usage.up;
  }

  /** Bytes carried back from the device so far (read by /metrics). */
  get bytesDown() {
    return this.#usage.down;
  }

  /** Checks access once more (the ticket may be up to a minute old), records the session, lets frames flow. */
  start(): Promise<void> {
    this.#starting ??= this.#start();
    return this.#starting;
  }

  async #start() {
    await this.revalidate();
    if (this.#link.ws.readyState !== this.#link.ws.OPEN) return;
    // The check could not run (it logged why): no session without one.
    if (!this.#watch.facts) return this.close(1011, 'server error');
    this.#id = await insertClientSession(this.#deps.db, {
      ...this.ticket,
      platformServerId: this.#deps.processId,
    });
    this.#deps.onChanged();
    this.#admitted = this.#link.ws.readyState === this.#link.ws.OPEN;
    this.#link.ws.resume();
  }

  close(code: number, reason: string) {
    this.#admitted = false;
    this.#endReason = reason;
    this.#link.close(code, reason);
    // A session refused while starting is still paused; it must read the peer's close reply.
    if (this.#link.ws.isPaused) this.#link.ws.resume();
  }

  /** Re-runs the access rules; a denial closes the session with its reason. Calls coalesce. */
  revalidate(): Promise<void> {
    return this.#watch.revalidate();
  }

  /** Writes the bytes counted since the last flush. */
  async flush(): Promise<void> {
    if (this.#id === undefined) return;
    const { companyId, agentId } = this.ticket;
    await this.#usage.flush(this.#deps.db, { sessionId: this.#id, companyId, agentId });
  }

  /** The client asks for a service by public id or name; only the ticket's services are reachable. */
  #openStream(stream: TunnelStream, target: string) {
    if (!this.#admitted) {
      stream.destroy(new Error('session closed'));
      return;
    }
    const server = this.#resolve(target);
    if (!server) {
      stream.destroy(new Error(`refused: ${target} is not a service of this session`));
      return;
    }
    try {
      // Frames pass straight between client and agent; a refusal by the agent reaches the
      // client with its reason.
      const service = serviceTarget(server);
      const target = this.#deps.agentTarget ? this.#deps.agentTarget(service) : service;
      this.#link.mux.splice(stream, this.#deps.agentMux, target, {
        in: (bytes) => (this.#usage.up += bytes),
        out: (bytes) => (this.#usage.down += bytes),
      });
    } catch {
      stream.destroy(new Error('agent unavailable'));
    }
  }

  #resolve(target: string): RelayServer | undefined {
    const servers = this.#watch.facts?.servers ?? [];
    const allowed = this.ticket.vpn ? servers : servers.filter((s) => this.ticket.serverIds.includes(s.id));
    return (
      allowed.find((s) => s.publicId === target) ??
      allowed.find((s) => s.name.toLowerCase() === target.toLowerCase())
    );
  }

  async #finish() {
    this.#watch.stop();
    await this.#starting?.catch(() => undefined);
    if (this.#id === undefined) return;
    try {
      await this.flush();
      await endClientSession(this.#deps.db, this.#id, this.#endReason);
      this.#deps.onChanged();
    } catch (error) {
      this.#deps.onError(error, 'ending a client session failed');
    }
  }
}
