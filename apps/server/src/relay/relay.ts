import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import {
  defaultMaxPayload,
  headerLength,
  type Multiplexer,
  type TunnelStream,
} from '@fleetgate/tunnel-protocol';
import { deviceErrors, errorMessages, relayCloseCodes, type LiveEvent } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import type { EventBus, Published } from '../events/event-bus.ts';
import { findAgentByCredential } from '../modules/agents/agent-credential.ts';
import { AgentLink, type AttachingAgent } from './agent-link.ts';
import { pushDataConfig } from './data-config-push.ts';
import { clearRateLimit, recordAttempt } from './agent-rate-limit.ts';
import { ClientSession } from './client-session.ts';
import { defaultRelayOptions, type RelayOptions } from './relay-options.ts';
import {
  endVpnSession,
  startVpnSession,
  sweepStaleSessions,
  touchAgents,
} from './relay-sessions.repository.ts';
import { redeemTicket, type RelayTicket } from './relay-tickets.ts';
import {
  beat,
  deregisterProcess,
  findAgentProcess,
  registerProcess,
  sweepStaleProcesses,
  type EndedAgent,
  type ProcessRegistration,
} from './relay-processes.repository.ts';
import {
  internalMaxStreams,
  internalPath,
  internalTarget,
  PeerLinks,
  verifyInternalCredential,
} from './internal-link.ts';
import { linkWebSocket, type WsLink } from './ws-link.ts';
import { rejectUpgrade } from './upgrade-response.ts';
import { bearerSecret } from '../auth/bearer.ts';
import { WebAccessGateway } from '../web-access/gateway.ts';
import { sessionHostIdOf } from '../web-access/session-host.ts';

/** Where web access reaches an agent attached to another process. */
type Route = { link: WsLink; vpnSessionId: number };

export type RelayDeps = {
  db: Db;
  events: EventBus;
  log: FastifyBaseLogger;
  /** Whether an upgrade request names a host this instance serves (http/host-check.ts). */
  servesHost: (request: IncomingMessage) => boolean;
  /** Web access: session hosts live under this domain; links are built from the public URL. */
  webAccess: { domain: string; publicUrl: () => string; responseTimeoutMs: number };
  /**
   * This process as a platform server (SERVER_NAME, SERVER_LOCATION, INTERNAL_URL) and the key of
   * its internal links; without it the relay neither registers nor forwards (one process alone).
   */
  process?: {
    name: string | undefined;
    location: string;
    internalUrl: string | undefined;
    key: () => Buffer;
  };
};

/** How long closing connections may take at shutdown before they are cut. */
const shutdownGraceMs = 2000;
/**
 * Sessions of agents not seen for this long belong to a process that died. Other processes may
 * beat at other intervals, so never less than two minutes.
 */
const staleAfterMs = (heartbeatMs: number) => Math.max(3 * heartbeatMs, 120_000);

/**
 * The tunnel relay inside the server (ARCHITECTURE "Processes"): agents attach on
 * `/relay/agent` with their credential, users' clients on `/relay/client` with a ticket, and
 * the relay carries each client stream to the agent's stream for the same service.
 *
 * - `/relay/agent`, `Authorization: Bearer <credential>`: 401 unknown credential, 429 rate
 *   limited (Retry-After while soft). The agent is the multiplexer's acceptor; the relay opens
 *   streams with target `host:port`.
 * - `/relay/client?ticket=<ticket>` (or `Authorization: Bearer <ticket>`): 401 for a used,
 *   expired or unknown ticket. The client is the initiator and opens streams whose target is a
 *   service's publicId or name from the ticket; others are reset with a reason.
 * - Close codes (`relayCloseCodes`): 4001 access ended (reason: the access error), 4002 agent
 *   gone, 4003 agent replaced, 4400 protocol error, 1001 server shutting down.
 */
export class Relay {
  readonly #deps: RelayDeps;
  readonly #options: RelayOptions;
  readonly #wss: WebSocketServer;
  readonly #agents = new Map<number, AgentLink>();
  /** The data config version each attached agent acknowledged on its link. */
  readonly #dataConfigVersions = new WeakMap<AgentLink, string>();
  readonly #dataConfigPushes = new WeakMap<AgentLink, Promise<void>>();
  readonly #links = new Set<AgentLink>();
  readonly #clients = new Set<ClientSession>();
  readonly #pending = new Set<Promise<unknown>>();
  readonly #timers: NodeJS.Timeout[] = [];
  #stopListening: (() => void) | undefined;
  #server: Server | undefined;
  #closing = false;
  /** Bytes of client sessions that ended, so /metrics can report totals that never go down. */
  readonly #endedBytes = { up: 0, down: 0 };
  /** crashForTests: a dead process writes nothing more. */
  #crashed = false;
  /** This process's registration as a platform server, once made. */
  #registration: ProcessRegistration | undefined;
  /** The last registration attempt (attaching agents wait for it), and the one still running. */
  #registering: Promise<void> | undefined;
  #registerRunning: Promise<void> | undefined;
  readonly #peers: PeerLinks;
  /**
   * Web access to agents attached to other processes: the internal link and attachment each
   * one's streams go to, known while a watch stream on that attachment stays open.
   */
  readonly #routes = new Map<number, Route>();
  readonly #routing = new Map<number, Promise<void>>();
  /** Web access sessions: their runtime is the relay's, so they end when access ends like client sessions. */
  readonly webAccess: WebAccessGateway;

  constructor(deps: RelayDeps, options: Partial<RelayOptions> = {}) {
    this.#deps = deps;
    this.#options = { ...defaultRelayOptions, ...options };
    this.#wss = new WebSocketServer({ noServer: true, maxPayload: headerLength + defaultMaxPayload });
    this.#peers = new PeerLinks({
      key: () => this.#internalKey(),
      self: () => this.#registration?.id,
      heartbeatMs: this.#options.heartbeatMs,
    });
    this.webAccess = new WebAccessGateway({
      db: deps.db,
      log: deps.log,
      publicUrl: deps.webAccess.publicUrl,
      domain: deps.webAccess.domain,
      responseTimeoutMs: deps.webAccess.responseTimeoutMs,
      idleMs: this.#options.webAccessIdleMs,
      muxOf: (agentId) => {
        const link = this.#agents.get(agentId);
        if (link?.open) return link.mux;
        const route = this.#routes.get(agentId);
        if (!route || route.link.ws.readyState !== route.link.ws.OPEN) return undefined;
        return {
          open: (service) =>
            route.link.mux.open(internalTarget.service(agentId, route.vpnSessionId, service)),
        };
      },
      reach: (agentId) => this.#reach(agentId),
      onChanged: (agentId) => {
        const link = this.#agents.get(agentId);
        if (link) this.#track(this.#publishSessions(link.agent), 'publishing failed');
      },
    });
  }

  /** The session host a request is for (its host id), if any: such requests are web access's alone. */
  sessionHostOf(request: IncomingMessage): string | undefined {
    return sessionHostIdOf(request.headers.host, this.#deps.webAccess.domain);
  }

  /** Starts handling upgrades on the HTTP server, the periodic checks, and the event listener. */
  attach(server: Server) {
    this.#server = server;
    server.on('upgrade', this.#onUpgrade);
    const every = (ms: number, task: () => Promise<unknown>, what: string) => {
      const timer = setInterval(() => this.#track(task(), what), ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(this.#options.revalidateMs, () => this.#revalidateAll(() => true), 'access check failed');
    every(this.#options.usageFlushMs, () => this.#flushAll(), 'usage flush failed');
    every(this.#options.heartbeatMs, () => this.#housekeeping(), 'relay housekeeping failed');
    this.#stopListening = this.#deps.events.listen((published) => this.#onEvent(published));
    this.#track(this.#housekeeping(), 'relay housekeeping failed');
    if (this.#deps.process) {
      const register = () => this.#track(this.#registerOnce(), 'relay registration failed');
      if (server.listening) register();
      else server.once('listening', register);
      every(this.#options.processHeartbeatMs, () => this.#beat(), 'relay heartbeat failed');
    }
  }

  /** This process's registration as a platform server (issue 18), once it listens. */
  get registration(): ProcessRegistration | undefined {
    return this.#registration;
  }

  #internalKey(): Buffer {
    if (!this.#deps.process) throw new Error('relay has no process identity');
    return this.#deps.process.key();
  }

  /** Registers unless a registration is already being made (one row per process). */
  #registerOnce(): Promise<void> {
    if (this.#registerRunning) return this.#registerRunning;
    const running = this.#register().finally(() => {
      if (this.#registerRunning === running) this.#registerRunning = undefined;
    });
    this.#registerRunning = running;
    this.#registering = running;
    return running;
  }

  async #register() {
    const identity = this.#deps.process;
    if (!identity || this.#closing) return;
    const address = this.#server?.address() as AddressInfo | null;
    const internalUrl = identity.internalUrl ?? internalUrlOf(address);
    // Dead processes' rows go first, so a restart with the same SERVER_NAME takes its row back.
    await this.#sweepProcesses();
    this.#registration = await registerProcess(this.#deps.db, {
      name: identity.name ?? defaultServerName(address),
      location: identity.location,
      internalUrl,
      staleMs: this.#options.processStaleMs,
    });
    this.#deps.log.info(
      { server: this.#registration.name, internalUrl },
      'relay registered as a platform server',
    );
  }

  /** Beats the heartbeat and ends the sessions of processes whose heartbeat stopped. */
  async #beat() {
    const registration = this.#registration;
    if (this.#closing) return;
    if (!registration) {
      // The registration at start failed (the database was away): until it is made, agents
      // attach under the built-in relay and clients cannot be forwarded here.
      if (this.#server?.listening) await this.#registerOnce();
      return;
    }
    if (!(await beat(this.#deps.db, registration.id, this.#options.processStaleMs))) {
      // Another process took this one for dead and ended its agents' sessions: the agents
      // attached here are offline for everyone, so they are sent away to attach again.
      this.#deps.log.error({ server: registration.name }, 'relay registration was swept; registering again');
      for (const link of [...this.#links]) link.close(1012, 'server restarting');
      this.#registration = undefined;
      await this.#registerOnce();
      return;
    }
    await this.#sweepProcesses();
  }

  async #sweepProcesses() {
    const ended = await sweepStaleProcesses(this.#deps.db);
    await this.#announceEnded(ended);
  }

  /** The device-offline path for agents whose sessions a sweep or the deregistration ended. */
  async #announceEnded(ended: EndedAgent[]) {
    for (const agent of ended) {
      const attachedHere = this.#agents.get(agent.agentId);
      if (attachedHere) attachedHere.close(1012, 'server restarting');
      await this.#publishAgent(
        { id: agent.agentId, publicId: agent.publicId, companyId: agent.companyId },
        agent.stillAttached ? 'online' : 'offline',
      );
    }
  }

  /** Whether agents and clients can attach: the server listens and is not shutting down (/readyz). */
  get accepting(): boolean {
    return this.#server?.listening === true && !this.#closing;
  }

  /** Forgets an ended client session, keeping its bytes so the relayed-bytes total never goes down. */
  #clientEnded(session: ClientSession) {
    this.#clients.delete(session);
    this.#endedBytes.up += session.bytesUp;
    this.#endedBytes.down += session.bytesDown;
  }

  /** Figures for /metrics, counted when scraped so the data path does no extra work. */
  stats() {
    let openStreams = 0;
    for (const link of this.#links) openStreams += link.mux.streamCount;
    // Web access (HTTP pages and VNC screens in the browser) is relayed traffic too.
    let { up, down } = this.webAccess.bytes();
    up += this.#endedBytes.up;
    down += this.#endedBytes.down;
    for (const client of this.#clients) {
      up += client.bytesUp;
      down += client.bytesDown;
    }
    return {
      attachedAgents: this.#agents.size,
      clientSessions: this.#clients.size,
      openStreams,
      bytesUp: up,
      bytesDown: down,
    };
  }

  /** Closes every session and connection and waits until their rows are written. */
  async close() {
    if (this.#closing) return;
    this.#closing = true;
    this.#server?.off('upgrade', this.#onUpgrade);
    for (const timer of this.#timers) clearInterval(timer);
    this.#stopListening?.();
    const clients = [...this.#clients];
    const links = [...this.#links];
    for (const client of clients) client.close(1001, 'server shutting down');
    for (const link of links) link.close(1001, 'server shutting down');
    const done = Promise.all([
      ...clients.map((c) => c.finished),
      ...links.map((l) => l.finished),
      this.webAccess.close(),
    ]);
    const grace = new Promise((resolve) => setTimeout(resolve, shutdownGraceMs).unref());
    await Promise.race([done, grace]);
    // Peers that do not answer the close handshake are cut; their rows are still written.
    for (const ws of this.#wss.clients) ws.terminate();
    await this.#peers.close();
    await done;
    await this.#registering?.catch(() => undefined);
    const registration = this.#registration;
    if (registration) {
      // Whatever this process still had open ends with it, announced like a disconnect.
      const ended = await deregisterProcess(this.#deps.db, registration.id).catch((error: unknown) => {
        this.#deps.log.error({ err: error }, 'relay deregistration failed');
        return [];
      });
      await this.#announceEnded(ended).catch((error: unknown) =>
        this.#deps.log.error({ err: error }, 'publishing failed'),
      );
    }
    await Promise.all(this.#pending);
    this.#wss.close();
  }

  /**
   * Simulates a crash (tests): no more heartbeats, every connection cut, nothing deregistered.
   * Other processes find the registration stale and end its sessions.
   */
  crashForTests() {
    this.#closing = true;
    this.#crashed = true;
    this.#server?.off('upgrade', this.#onUpgrade);
    for (const timer of this.#timers) clearInterval(timer);
    this.#stopListening?.();
    for (const ws of this.#wss.clients) ws.terminate();
    void this.#peers.close();
  }

  readonly #onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (this.#closing) return rejectUpgrade(socket, 503, 'server shutting down');
    // Node accepts request targets that URL does not (`//[x`); an exception here would be
    // thrown from the 'upgrade' event and end the process.
    const url = parseTarget(request.url);
    if (!url) return rejectUpgrade(socket, 400, 'Malformed request');
    // A device page's WebSocket on its session host: never the portal's endpoints.
    const hostId = this.sessionHostOf(request);
    if (hostId) return this.webAccess.handleUpgrade(request, socket, head, hostId);
    // Other server processes reach this one at its internal address, which need not be a host
    // users use: the credential, not the Host, says who may come in.
    if (url.pathname === internalPath) return this.#upgradeInternal(request, socket, head);
    // Upgrades skip Fastify's hooks, so the Host check every other request passes is made here.
    if (!this.#deps.servesHost(request)) return rejectUpgrade(socket, 421, errorMessages.misdirected);
    if (url.pathname === '/relay/vnc') {
      const token = url.searchParams.get('token') ?? '';
      return this.#track(
        this.webAccess.upgradeVnc(request, socket, head, token, this.#wss),
        'viewer upgrade failed',
        socket,
      );
    }
    if (url.pathname === '/relay/agent') {
      return this.#track(this.#upgradeAgent(request, socket, head), 'agent upgrade failed', socket);
    }
    if (url.pathname === '/relay/client') {
      const secret = url.searchParams.get('ticket') ?? bearerSecret(request);
      return this.#track(this.#upgradeClient(secret, request, socket, head), 'client upgrade failed', socket);
    }
    // Nobody else takes upgrades on this server: do not leave the socket hanging.
    if (this.#server?.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404, errorMessages.notFound);
  };

  async #upgradeAgent(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const credential = bearerSecret(request);
    const agent = credential ? await findAgentByCredential(this.#deps.db, credential) : undefined;
    if (!agent) return rejectUpgrade(socket, 401, errorMessages.unauthenticated);
    const decision = await recordAttempt(this.#deps.db, {
      agentId: agent.id,
      limits: this.#options,
      seen: { limit: agent.rateLimit, counter: agent.rateLimitCounter, lastHit: agent.rateLimitLastHit },
    });
    if (!decision.allowed) {
      const retry = decision.retryAfterSeconds;
      this.#deps.log.info({ agent: agent.publicId, retryAfter: retry }, 'agent connection rate limited');
      return rejectUpgrade(
        socket,
        429,
        deviceErrors.rateLimited,
        retry === null ? {} : { 'Retry-After': String(retry) },
      );
    }
    if (this.#closing) return rejectUpgrade(socket, 503, 'server shutting down');
    // Upgrades skip Fastify's hooks, so the Host check every other request passes is made here.
    if (!this.#deps.servesHost(request)) return rejectUpgrade(socket, 421, errorMessages.misdirected);
    // The VPN session is recorded before the upgrade completes: once the agent sees its
    // connection open, it is online for everyone (tickets, the console).
    // The session names this process as the agent's relay (its rscServer), so clients that land
    // on another process find it here.
    await this.#registering?.catch(() => undefined);
    const sessionId = await startVpnSession(this.#deps.db, {
      agentId: agent.id,
      processId: this.#registration?.id,
    });
    let upgraded = false;
    socket.once('close', () => {
      if (!upgraded)
        this.#track(
          endVpnSession(this.#deps.db, { agentId: agent.id, sessionId }),
          'ending a VPN session failed',
        );
    });
    if (this.#closing) return rejectUpgrade(socket, 503, 'server shutting down');
    // Upgrades skip Fastify's hooks, so the Host check every other request passes is made here.
    if (!this.#deps.servesHost(request)) return rejectUpgrade(socket, 421, errorMessages.misdirected);
    this.#wss.handleUpgrade(request, socket, head, (ws) => {
      upgraded = true;
      this.#attachAgent(agent, ws, sessionId);
    });
  }

  #attachAgent(agent: AttachingAgent, ws: WebSocket, sessionId: number) {
    const link = new AgentLink(agent, ws, sessionId, this.#options.heartbeatMs);
    const previous = this.#agents.get(agent.id);
    this.#agents.set(agent.id, link);
    this.#links.add(link);
    previous?.close(relayCloseCodes.agentReplaced, 'replaced by a newer connection of the agent');
    this.#deps.log.info({ agent: agent.publicId }, 'agent attached');
    this.#track(this.#publishAgent(agent, 'online'), 'publishing failed');
    this.#track(this.#pushDataConfig(link, true), 'data config push failed');
    link.finished = new Promise((resolve) =>
      ws.once('close', () =>
        resolve(
          this.#detachAgent(link).catch((error: unknown) =>
            this.#deps.log.error({ err: error, agent: agent.publicId }, 'agent detach failed'),
          ),
        ),
      ),
    );
  }

  /**
   * Sends the agent its data logging configuration; a failure is logged and the next attach or
   * change sends it again. On attach it is always sent; after that only when it differs from the
   * version the agent acknowledged on this link.
   */
  #pushDataConfig(link: AgentLink, always = false): Promise<void> {
    // One push at a time per link, each reading the config when its turn comes, so the version
    // remembered is the one the agent applied last.
    const next = (this.#dataConfigPushes.get(link) ?? Promise.resolve()).then(() =>
      this.#pushDataConfigNow(link, always),
    );
    this.#dataConfigPushes.set(link, next);
    return next;
  }

  async #pushDataConfigNow(link: AgentLink, always: boolean) {
    if (!link.open) return;
    try {
      const acknowledged = always ? undefined : this.#dataConfigVersions.get(link);
      const { version, pushed } = await pushDataConfig(this.#deps.db, link.mux, link.agent.id, acknowledged);
      this.#dataConfigVersions.set(link, version);
      if (pushed) this.#deps.log.debug({ agent: link.agent.publicId, version }, 'data config acknowledged');
    } catch (error) {
      this.#dataConfigVersions.delete(link);
      if (link.open)
        this.#deps.log.warn({ err: error, agent: link.agent.publicId }, 'data config not delivered');
    }
  }

  /**
   * Checks the data config of every agent of the company attached here (one after the other, so
   * a large company does not take every database connection at once); only those whose config
   * changed are sent it.
   */
  async #pushCompanyDataConfigs(companyId: number) {
    const links = [...this.#agents.values()].filter((l) => l.agent.companyId === companyId);
    for (const link of links) await this.#pushDataConfig(link);
  }

  async #detachAgent(link: AgentLink) {
    const { agent, sessionId } = link;
    this.#links.delete(link);
    const current = this.#agents.get(agent.id) === link;
    if (current) this.#agents.delete(agent.id);
    for (const client of link.clients) client.close(relayCloseCodes.agentGone, 'agent disconnected');
    for (const watcher of link.watchers) watcher.destroy(new Error('agent disconnected'));
    if (this.#crashed) return;
    const stillAttached = await endVpnSession(this.#deps.db, { agentId: agent.id, sessionId });
    if (Date.now() - link.connectedAt > this.#options.windowSeconds * 1000)
      await clearRateLimit(this.#deps.db, agent.id);
    this.#deps.log.info({ agent: agent.publicId }, 'agent detached');
    await this.#publishAgent(agent, stillAttached ? 'online' : 'offline');
  }

  async #upgradeClient(
    secret: string | null | undefined,
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) {
    const ticket = secret ? await redeemTicket(this.#deps.db, secret) : undefined;
    if (!ticket) return rejectUpgrade(socket, 401, errorMessages.unauthenticated);
    if (this.#closing) return rejectUpgrade(socket, 503, 'server shutting down');
    // Upgrades skip Fastify's hooks, so the Host check every other request passes is made here.
    if (!this.#deps.servesHost(request)) return rejectUpgrade(socket, 421, errorMessages.misdirected);
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#attachClient(ticket, ws));
  }

  #attachClient(ticket: RelayTicket, ws: WebSocket) {
    const agentLink = this.#agents.get(ticket.agentId);
    if (!agentLink?.open) {
      if (!this.#deps.process) return ws.close(relayCloseCodes.agentGone, 'agent is not connected');
      // Frames wait in the socket while the agent's process is looked up.
      ws.pause();
      return this.#track(this.#attachForwarded(ticket, ws), 'forwarding a client failed');
    }
    const session = new ClientSession(ws, ticket, {
      db: this.#deps.db,
      options: this.#options,
      processId: this.#registration?.id,
      agentMux: agentLink.mux,
      onChanged: () => this.#track(this.#publishSessions(agentLink.agent), 'publishing failed'),
      onError: (error, what) => this.#deps.log.error({ err: error }, what),
    });
    agentLink.clients.add(session);
    this.#clients.add(session);
    void session.finished.then(() => {
      agentLink.clients.delete(session);
      this.#clientEnded(session);
    });
    this.#track(session.start(), 'starting a client session failed');
  }

  /**
   * A client whose agent is attached to another process: its streams are spliced onto the
   * internal link to that process, which splices them onto the agent's link. The ticket and
   * the access rules are checked here as for a local agent; the other process only opens
   * streams to the named attachment. A watch stream on the link ends the session when that
   * attachment ends.
   */
  async #attachForwarded(ticket: RelayTicket, ws: WebSocket) {
    const refuse = () => {
      if (ws.isPaused) ws.resume();
      ws.close(relayCloseCodes.agentGone, 'agent is not connected');
    };
    const owner = await findAgentProcess(this.#deps.db, ticket.agentId);
    if (!owner || owner.id === this.#registration?.id) return refuse();
    let peer;
    try {
      peer = await this.#peers.get(owner);
    } catch (error) {
      this.#deps.log.warn({ err: error, server: owner.id }, 'internal link failed');
      return refuse();
    }
    if (ws.readyState !== ws.OPEN) return;
    let watch: TunnelStream;
    try {
      watch = peer.mux.open(internalTarget.watch(ticket.agentId, owner.vpnSessionId));
    } catch {
      return refuse();
    }
    const agent = { id: ticket.agentId, publicId: owner.agentPublicId, companyId: ticket.companyId };
    const session = new ClientSession(ws, ticket, {
      db: this.#deps.db,
      options: this.#options,
      processId: this.#registration?.id,
      agentMux: peer.mux,
      agentTarget: (service) => internalTarget.service(ticket.agentId, owner.vpnSessionId, service),
      onChanged: () => this.#track(this.#publishSessions(agent), 'publishing failed'),
      onError: (error, what) => this.#deps.log.error({ err: error }, what),
    });
    watch.on('error', () => undefined);
    watch.once('close', () => session.close(relayCloseCodes.agentGone, 'agent disconnected'));
    this.#clients.add(session);
    void session.finished.then(() => {
      watch.destroy();
      this.#clientEnded(session);
    });
    this.#track(session.start(), 'starting a client session failed');
  }

  /** Looks up (once, until the attachment ends) where web access reaches an agent of another process. */
  #reach(agentId: number): Promise<void> {
    if (!this.#deps.process || this.#agents.get(agentId)?.open || this.#routes.has(agentId))
      return Promise.resolve();
    const pending = this.#routing.get(agentId);
    if (pending) return pending;
    const routing = this.#route(agentId)
      .catch((error: unknown) => this.#deps.log.warn({ err: error }, 'internal link failed'))
      .finally(() => this.#routing.delete(agentId));
    this.#routing.set(agentId, routing);
    return routing;
  }

  async #route(agentId: number) {
    const owner = await findAgentProcess(this.#deps.db, agentId);
    if (!owner || owner.id === this.#registration?.id) return;
    const link = await this.#peers.get(owner);
    const watch = link.mux.open(internalTarget.watch(agentId, owner.vpnSessionId));
    const route = { link, vpnSessionId: owner.vpnSessionId };
    watch.on('error', () => undefined);
    // The attachment ended (or the link did): the next request looks the agent up again.
    watch.once('close', () => {
      if (this.#routes.get(agentId) === route) this.#routes.delete(agentId);
    });
    this.#routes.set(agentId, route);
  }

  /** Another server process's internal link: it may open streams to agents attached here, nothing else. */
  #upgradeInternal(request: IncomingMessage, socket: Duplex, head: Buffer) {
    let from: number | undefined;
    try {
      from = this.#deps.process
        ? verifyInternalCredential(this.#internalKey(), request, this.#registration?.id)
        : undefined;
    } catch (error) {
      this.#deps.log.error({ err: error }, 'internal key unavailable');
    }
    if (from === undefined) return rejectUpgrade(socket, 401, errorMessages.unauthenticated);
    this.#wss.handleUpgrade(request, socket, head, (ws) => {
      const internal: WsLink = linkWebSocket(ws, {
        role: 'acceptor',
        heartbeatMs: this.#options.heartbeatMs,
        maxStreams: internalMaxStreams,
        onStream: (stream, target) => this.#openInternalStream(internal.mux, stream, target),
      });
    });
  }

  #openInternalStream(mux: Multiplexer, stream: TunnelStream, target: string) {
    const parsed = internalTarget.parse(target);
    const link = parsed && this.#agents.get(parsed.agentId);
    // Only the attachment the other process looked up: after a reconnect it looks up again.
    if (!parsed || !link?.open || link.sessionId !== parsed.vpnSessionId) {
      stream.destroy(new Error('agent is not attached here'));
      return;
    }
    if (parsed.kind === 'watch') {
      link.watchers.add(stream);
      stream.on('error', () => undefined);
      stream.once('close', () => link.watchers.delete(stream));
      return;
    }
    try {
      mux.splice(stream, link.mux, parsed.service);
    } catch {
      stream.destroy(new Error('agent unavailable'));
    }
  }

  #onEvent({ audience, event }: Published) {
    // An agent's logging configuration changed (in any process): sent again if it is attached here.
    // So did the agent's activations (logging runs only while activated; an activation that ran
    // out is announced by the activation-end job).
    const configOf =
      event.type === 'DataConfigChanged' || (event.type === 'LicencesChanged' && event.data.agent)
        ? event.data.agent?.publicId
        : undefined;
    if (configOf !== undefined) {
      const link = [...this.#agents.values()].find((l) => l.agent.publicId === configOf);
      if (link) this.#track(this.#pushDataConfig(link), 'data config push failed');
    }
    // The company's apps changed (Data logging uninstalled or installed again) or one of its
    // licences did: every agent of the company attached here gets its config if it changed.
    if (
      'companyId' in audience &&
      (event.type === 'AppsChanged' || (event.type === 'LicencesChanged' && !event.data.agent))
    )
      this.#track(this.#pushCompanyDataConfigs(audience.companyId), 'data config push failed');
    if (event.type === 'DataConfigChanged') return;
    // Session changes are the relay's own news, and so are logged values; everything else may change someone's access.
    if (
      event.type === 'VpnSessionChanged' ||
      event.type === 'MessageCreated' ||
      event.type === 'TagValuesChanged'
    )
      return;
    this.#track(
      this.#revalidateAll((ticket) =>
        'companyId' in audience
          ? ticket.companyId === audience.companyId
          : audience.userIds.includes(ticket.userId),
      ),
      'access check failed',
    );
  }

  async #revalidateAll(which: (ticket: RelayTicket) => boolean) {
    await Promise.all([
      ...[...this.#clients].filter((c) => which(c.ticket)).map((c) => c.revalidate()),
      this.webAccess.revalidate(which),
    ]);
  }

  /** Writes every open session's counted bytes now (tests, instead of waiting for the interval). */
  flushUsage(): Promise<void> {
    return this.#flushAll();
  }

  async #flushAll() {
    await Promise.all([...[...this.#clients].map((c) => c.flush()), this.webAccess.flush()]);
  }

  /** Marks attached agents as seen and ends sessions that dead processes left open. */
  async #housekeeping() {
    await touchAgents(this.#deps.db, [...this.#agents.keys()]);
    const staleBefore = new Date(Date.now() - staleAfterMs(this.#options.heartbeatMs));
    const live = [
      ...[...this.#clients].flatMap((c) => (c.sessionId === undefined ? [] : [c.sessionId])),
      ...this.webAccess.liveClientSessionIds(),
    ];
    await sweepStaleSessions(this.#deps.db, staleBefore, live);
    await this.webAccess.sweep();
  }

  async #publishAgent(agent: AttachingAgent, status: 'online' | 'offline') {
    // Its status and its sessions changed: both go to the other processes in one statement.
    await this.#deps.events.publish(
      { companyId: agent.companyId },
      { type: 'AgentStatusChanged', data: { publicId: agent.publicId, status } },
      sessionsChanged(agent),
    );
    this.#deps.events.domain.emit({
      type: 'AgentStatusChanged',
      companyId: agent.companyId,
      agent: { publicId: agent.publicId },
      status,
    });
  }

  async #publishSessions(agent: AttachingAgent) {
    await this.#deps.events.publish({ companyId: agent.companyId }, sessionsChanged(agent));
  }

  /** Runs a background task: failures are logged (and an upgrade answered), never unhandled. */
  #track(task: Promise<unknown>, what: string, socket?: Duplex) {
    const tracked = task
      .catch((error: unknown) => {
        this.#deps.log.error({ err: error }, what);
        if (socket) rejectUpgrade(socket, 500, 'Internal server error');
      })
      .finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }
}

function sessionsChanged(agent: AttachingAgent): LiveEvent {
  return { type: 'VpnSessionChanged', data: { agent: { publicId: agent.publicId } } };
}

/** The request target as a URL, or undefined when it is not one. */
function parseTarget(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? '/', 'http://relay');
  } catch {
    return undefined;
  }
}

/**
 * SERVER_NAME's default: the host name and listen port. Two live processes on one host cannot
 * share a port, and a process restarted on its port takes its stopped row back instead of adding
 * one per restart (as a process id would).
 */
function defaultServerName(address: AddressInfo | null): string {
  return `${hostname()}-${address?.port ?? process.pid}`;
}

/** INTERNAL_URL's default: the listen address; a wildcard one is reached by this host's name. */
function internalUrlOf(address: AddressInfo | null): string {
  if (!address) throw new Error('the relay registers only once the server listens');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? hostname() : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
