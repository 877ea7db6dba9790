import type { WebSocket } from 'ws';
import type { Multiplexer, TunnelStream } from '@fleetgate/tunnel-protocol';
import { formatAccessEndReason, relayCloseCodes } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import { evaluateAccess } from '../modules/access/access.policy.ts';
import { accessEndReason } from './access-end.ts';
import { loadAgentFacts, serviceTarget, type RelayAgentFacts, type RelayServer } from './agent-facts.ts';
import { endClientSession, insertClientSession, recordUsage } from './relay-sessions.repository.ts';
import type { RelayTicket } from './relay-tickets.ts';
import { linkWebSocket, type WsLink } from './ws-link.ts';
import type { RelayOptions } from './relay-options.ts';

export type ClientSessionDeps = {
  db: Db;
  options: RelayOptions;
  /** The agent's multiplexer the session's streams are opened on. */
  agentMux: Multiplexer;
  onChanged: () => void;
  onError: (error: unknown, what: string) => void;
};

/** setTimeout takes at most a 32-bit delay. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * One user's tunnel to one agent: opened with a redeemed ticket, it lets the client open streams
 * to the services the ticket names, counts their bytes, and lasts only while the access rules
 * keep allowing it.
 */
export class ClientSession {
  readonly ticket: RelayTicket;
  readonly #deps: ClientSessionDeps;
  readonly #link: WsLink;
  #facts: RelayAgentFacts | undefined;
  /** The approved request the last check relied on, to say what became of it when access ends. */
  #accessRequestId: number | null = null;
  /** When the last allowing check said access would end (an approved request or a temporary membership). */
  #until: Date | null = null;
  #id: number | undefined;
  #up = 0;
  #down = 0;
  #flushedUp = 0;
  #flushedDown = 0;
  #endReason = 'client disconnected';
  #untilTimer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  #checkAgain = false;
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
    this.finished = new Promise((resolve) => ws.once('close', () => resolve(this.#finish())));
  }

  get sessionId() {
    return this.#id;
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
    if (!this.#facts) return this.close(1011, 'server error');
    this.#id = await insertClientSession(this.#deps.db, this.ticket);
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
    if (this.#checking) {
      this.#checkAgain = true;
      return this.#checking;
    }
    this.#checking = this.#check()
      .catch((error: unknown) => this.#deps.onError(error, 'access check failed'))
      .finally(() => {
        this.#checking = undefined;
        if (this.#checkAgain) {
          this.#checkAgain = false;
          void this.revalidate();
        }
      });
    return this.#checking;
  }

  /** Writes the bytes counted since the last flush. */
  async flush(): Promise<void> {
    const up = this.#up - this.#flushedUp;
    const down = this.#down - this.#flushedDown;
    if (this.#id === undefined || up + down === 0) return;
    this.#flushedUp += up;
    this.#flushedDown += down;
    try {
      await recordUsage(this.#deps.db, {
        sessionId: this.#id,
        companyId: this.ticket.companyId,
        agentId: this.ticket.agentId,
        up,
        down,
      });
    } catch (error) {
      // Counted again at the next flush.
      this.#flushedUp -= up;
      this.#flushedDown -= down;
      throw error;
    }
  }

  async #check() {
    if (this.#link.ws.readyState !== this.#link.ws.OPEN) return;
    const facts = await loadAgentFacts(this.#deps.db, this.ticket.agentId);
    if (!facts) return this.close(relayCloseCodes.accessEnded, 'agent deleted');
    const existing = new Set(facts.servers.map((s) => s.id));
    const decision = await evaluateAccess(this.#deps.db, {
      userId: this.ticket.userId,
      agent: facts,
      vpn: this.ticket.vpn,
      serverIds: this.ticket.vpn ? [] : this.ticket.serverIds.filter((id) => existing.has(id)),
    });
    if (!decision.allowed) {
      const reason = await accessEndReason(this.#deps.db, this.#accessRequestId, decision.message);
      // Access that was to end by now (a temporary membership reached its end) expired.
      const expired = reason === decision.message && this.#until !== null && this.#until <= new Date();
      return this.close(
        relayCloseCodes.accessEnded,
        expired ? formatAccessEndReason({ reason: 'expired' }) : reason,
      );
    }
    this.#facts = facts;
    this.#accessRequestId = decision.accessRequestId;
    this.#until = decision.until;
    clearTimeout(this.#untilTimer);
    this.#untilTimer = undefined;
    if (decision.until) {
      // The approved request or a temporary membership ends: check again right then instead
      // of up to one interval later.
      const delay = Math.min(Math.max(decision.until.getTime() - Date.now() + 10, 0), maxTimerMs);
      this.#untilTimer = setTimeout(() => void this.revalidate(), delay);
      this.#untilTimer.unref();
    }
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
      this.#link.mux.splice(stream, this.#deps.agentMux, serviceTarget(server), {
        in: (bytes) => (this.#up += bytes),
        out: (bytes) => (this.#down += bytes),
      });
    } catch {
      stream.destroy(new Error('agent unavailable'));
    }
  }

  #resolve(target: string): RelayServer | undefined {
    const servers = this.#facts?.servers ?? [];
    const allowed = this.ticket.vpn ? servers : servers.filter((s) => this.ticket.serverIds.includes(s.id));
    return (
      allowed.find((s) => s.publicId === target) ??
      allowed.find((s) => s.name.toLowerCase() === target.toLowerCase())
    );
  }

  async #finish() {
    clearTimeout(this.#untilTimer);
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
