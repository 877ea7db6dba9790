import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { relayCloseCodes, webAccessIdleMinutes } from '@fleetgate/contracts';
import type { Multiplexer } from '@fleetgate/tunnel-protocol';
import type { Db } from '../db/client.ts';
import { AccessWatch } from '../relay/access-watch.ts';
import { serviceTarget, type RelayServer } from '../relay/agent-facts.ts';
import type { RelayTicket } from '../relay/relay-tickets.ts';
import { endClientSession, insertClientSession, recordUsage } from '../relay/relay-sessions.repository.ts';
import { writeAudit } from '../modules/audit/audit.writer.ts';
import {
  clientSessionBytes,
  endWebAccessSession,
  setWebAccessClientSession,
  touchWebAccess,
  webAccessEnded,
  type WebAccessRow,
} from '../modules/web-access/web-access.repository.ts';
import { browserResponseHeaders, deviceRequestHeaders, type ProxyOrigins } from './proxy-headers.ts';
import { endedText, sendPage } from './pages.ts';
import { GatewayTimeout, rawAnswer, serviceConnection } from './device-connection.ts';

export type WebSessionDeps = {
  db: Db;
  /** The attached agent's multiplexer; undefined while the agent is offline. */
  muxOf: (agentId: number) => Multiplexer | undefined;
  sessionOrigin: string;
  portalUrl: string;
  /** How long a device may take to answer a request's headers. */
  responseTimeoutMs: number;
  idleMs?: number;
  onChanged: (agentId: number) => void;
  onEnded: (session: WebSession) => void;
  onError: (error: unknown, what: string) => void;
};

/** Who ended a session, for its audit entry (null: the rules or the relay did). */
export type EndActor = { userId: number; clientAddress: string } | null;

/** A browser socket's byte counters when last counted. */
type Counted = { read: number; written: number };

/**
 * One open web access session in this process: its browser connections and tunnel streams, its
 * bytes (through its client session row), and its access, checked like a VPN client session's.
 * When access ends every connection is cut at once and the row says why; the next request on
 * the host gets the 410 page.
 */
export class WebSession {
  readonly row: WebAccessRow;
  /** What the relay's revalidation matches on (company, user). */
  readonly ticket: RelayTicket;
  readonly #deps: WebSessionDeps;
  readonly #watch: AccessWatch;
  readonly #sockets = new Map<Socket, Counted>();
  /** Keep-alive agents per browser connection: one tunnel stream each, reused across requests. */
  readonly #agents = new Map<Socket, http.Agent>();
  /** Tunnel streams and viewers' WebSockets, cut when the session ends. */
  readonly #others = new Set<{ destroy(): void }>();
  #clientSessionId: number | undefined;
  #up = 0;
  #down = 0;
  #flushedUp = 0;
  #flushedDown = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  #ended = false;
  #endReason: string | null = null;
  #ending: Promise<void> | undefined;

  constructor(row: WebAccessRow, deps: WebSessionDeps) {
    this.row = row;
    this.#deps = deps;
    this.ticket = {
      companyId: row.companyId,
      agentId: row.agentId,
      userId: row.userId,
      vpn: false,
      serverIds: [row.agentServerId],
    };
    this.#watch = new AccessWatch(this.ticket, {
      db: deps.db,
      isOpen: () => !this.#ended,
      onDenied: (reason) => void this.end(reason, null),
      onError: deps.onError,
    });
  }

  get ended() {
    return this.#ended;
  }

  get endReason() {
    return this.#endReason;
  }

  get clientSessionId() {
    return this.#clientSessionId;
  }

  /** Checks access, records the client session (usage, connected users); false when refused. */
  async start(): Promise<boolean> {
    await this.#check();
    if (this.#ended || !this.#watch.facts) return false;
    this.#clientSessionId = await insertClientSession(this.#deps.db, this.ticket);
    await setWebAccessClientSession(this.#deps.db, this.row.id, this.#clientSessionId);
    this.#deps.onChanged(this.row.agentId);
    this.#armIdle();
    return true;
  }

  /** Re-runs the access rules, and notices an end written by the API or another process. */
  async revalidate(): Promise<void> {
    if (this.#ended) return;
    const state = await webAccessEnded(this.#deps.db, this.row.id);
    if (!state || state.endedAt) return this.end(state?.endReason ?? 'ended', null);
    await this.#check();
  }

  /** The access rules, then whether the service is still the agent's. */
  async #check() {
    await this.#watch.revalidate();
    const facts = this.#watch.facts;
    if (!this.#ended && facts && !facts.servers.some((s) => s.id === this.row.agentServerId))
      await this.end('service removed', null);
  }

  /** Proxies one browser request to the device service, streaming both ways. */
  proxy(request: IncomingMessage, response: ServerResponse) {
    const server = this.#server();
    const mux = this.#deps.muxOf(this.row.agentId);
    if (!server) return this.#page(response, 410);
    if (!mux) return this.#page(response, 503);
    this.#adopt(request.socket);
    const origins = this.#origins(server);
    const upstream = http.request({
      agent: this.#agentFor(request.socket, server),
      method: request.method,
      path: request.url,
      headers: deviceRequestHeaders(request, origins, { upgrade: false }),
      setHost: false,
    });
    const timer = setTimeout(() => upstream.destroy(new GatewayTimeout()), this.#deps.responseTimeoutMs);
    upstream.on('response', (answer) => {
      clearTimeout(timer);
      const headers = browserResponseHeaders(answer.rawHeaders, origins);
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers.flat());
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', (error) => {
      clearTimeout(timer);
      if (response.headersSent) return response.destroy();
      this.#page(
        response,
        error instanceof GatewayTimeout ? 504 : this.#deps.muxOf(this.row.agentId) ? 502 : 503,
      );
    });
    // A browser that goes away mid-answer takes the device request with it.
    response.on('close', () => {
      clearTimeout(timer);
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  }

  /** Carries a WebSocket (or other upgrade) of a device page: the request is passed on, then bytes both ways. */
  proxyUpgrade(request: IncomingMessage, socket: Socket, head: Buffer) {
    const server = this.#server();
    const mux = this.#deps.muxOf(this.row.agentId);
    if (!server || !mux) return rawAnswer(socket, server ? 503 : 410);
    this.#adopt(socket);
    const origins = this.#origins(server);
    const upstream = http.request({
      createConnection: () => this.#connect(mux, server),
      method: request.method,
      path: request.url,
      headers: deviceRequestHeaders(request, origins, { upgrade: true }),
      setHost: false,
    });
    upstream.on('upgrade', (answer, device: Duplex, deviceHead: Buffer) => {
      const headers = browserResponseHeaders(answer.rawHeaders, origins, { upgrade: true });
      socket.write(
        `HTTP/1.1 101 ${answer.statusMessage ?? 'Switching Protocols'}\r\n` +
          headers.map(([name, value]) => `${name}: ${value}\r\n`).join('') +
          '\r\n',
      );
      if (deviceHead.length > 0) socket.write(deviceHead);
      if (head.length > 0) device.write(head);
      // The WebSocket's own pings keep it alive; the server's idle timeout is for HTTP.
      socket.setTimeout(0);
      device.pipe(socket);
      socket.pipe(device);
      device.on('error', () => socket.destroy());
      device.on('close', () => socket.destroy());
      socket.on('close', () => device.destroy());
    });
    upstream.on('response', (answer) => {
      // The device refused the upgrade: its answer goes to the browser as it is.
      const headers = browserResponseHeaders(answer.rawHeaders, origins);
      socket.write(
        `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ''}\r\nConnection: close\r\n` +
          headers
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          '\r\n',
      );
      answer.pipe(socket);
    });
    upstream.on('error', () => rawAnswer(socket, this.#deps.muxOf(this.row.agentId) ? 502 : 503));
    socket.on('error', () => upstream.destroy());
    upstream.end();
  }

  /** A VNC viewer: its WebSocket is bridged to a tunnel stream by the caller; the session ends with it. */
  openStream(): Duplex | undefined {
    const server = this.#server();
    const mux = this.#deps.muxOf(this.row.agentId);
    if (!server || !mux) return undefined;
    const stream = mux.open(serviceTarget(server));
    this.#hold(stream);
    return stream;
  }

  /** Bytes a viewer carried (the RFB bridge counts them). */
  count = {
    up: (bytes: number) => (this.#up += bytes),
    down: (bytes: number) => (this.#down += bytes),
  };

  /** A viewer's WebSocket: closed with the access error when the session ends. */
  holdViewer(ws: WebSocket) {
    const viewer = {
      destroy: () => ws.close(relayCloseCodes.accessEnded, this.#endReason ?? 'ended'),
    };
    this.#others.add(viewer);
    this.#disarmIdle();
    ws.once('close', () => {
      this.#others.delete(viewer);
      void this.end('viewer closed', null);
    });
  }

  /** Writes the bytes counted since the last flush. */
  async flush(): Promise<void> {
    for (const [socket, counted] of this.#sockets) this.#countSocket(socket, counted);
    const up = this.#up - this.#flushedUp;
    const down = this.#down - this.#flushedDown;
    if (this.#clientSessionId === undefined || up + down === 0) return;
    this.#flushedUp += up;
    this.#flushedDown += down;
    try {
      await recordUsage(this.#deps.db, {
        sessionId: this.#clientSessionId,
        companyId: this.row.companyId,
        agentId: this.row.agentId,
        up,
        down,
      });
    } catch (error) {
      // Counted again at the next flush.
      this.#flushedUp -= up;
      this.#flushedDown -= down;
      throw error;
    }
    // In use: bytes moved since the last flush.
    await touchWebAccess(this.#deps.db, this.row.id);
  }

  /**
   * Ends the session: every connection is cut, the row says why, the bytes are written and the
   * end is audited with them. Once only; later calls wait for the first.
   */
  end(reason: string, actor: EndActor): Promise<void> {
    this.#ending ??= this.#end(reason, actor);
    return this.#ending;
  }

  /** The server stops: connections are cut and usage written, but an HTTP session lives on for its cookie. */
  async close(): Promise<void> {
    if (this.row.kind === 'vnc') return this.end('server shutting down', null);
    this.#ended = true;
    this.#endReason = 'server shutting down';
    this.#cut();
    await this.#finishUsage('server shutting down');
  }

  async #end(reason: string, actor: EndActor) {
    this.#ended = true;
    this.#endReason = reason;
    this.#watch.stop();
    this.#disarmIdle();
    const endedAt = await endWebAccessSession(this.#deps.db, this.row.id, reason).catch((error: unknown) => {
      this.#deps.onError(error, 'ending a web access session failed');
      return undefined;
    });
    this.#cut();
    await this.#finishUsage(reason);
    this.#deps.onEnded(this);
    if (!endedAt) return;
    try {
      const bytes = await clientSessionBytes(
        this.#deps.db,
        this.#clientSessionId ?? this.row.clientSessionId,
      );
      await writeAudit(this.#deps.db, {
        companyId: this.row.companyId,
        actorUserId: actor?.userId ?? null,
        action: 'UPDATE',
        rel: 'WebAccessSession',
        publicId: this.row.publicId,
        before: { endedOn: null },
        after: { endedOn: endedAt.toISOString(), endReason: reason, ...bytes },
        clientAddress: actor?.clientAddress ?? null,
      });
    } catch (error) {
      this.#deps.onError(error, 'auditing a web access session failed');
    }
  }

  #cut() {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
    for (const socket of this.#sockets.keys()) socket.destroy();
    for (const other of [...this.#others]) other.destroy();
  }

  async #finishUsage(reason: string) {
    if (this.#clientSessionId === undefined) return;
    try {
      await this.flush();
      await endClientSession(this.#deps.db, this.#clientSessionId, reason);
      this.#deps.onChanged(this.row.agentId);
    } catch (error) {
      this.#deps.onError(error, 'ending a client session failed');
    }
  }

  /** The session's service as of the last check, while access lasts. */
  #server(): RelayServer | undefined {
    if (this.#ended) return undefined;
    return this.#watch.facts?.servers.find((s) => s.id === this.row.agentServerId);
  }

  #origins(server: RelayServer): ProxyOrigins {
    const scheme = this.row.serverType === 'https' ? 'https' : 'http';
    const defaultPort = scheme === 'https' ? 443 : 80;
    const host = server.host.includes(':') ? `[${server.host}]` : server.host;
    const device = `${scheme}://${host}${server.port === defaultPort ? '' : `:${server.port}`}`;
    return { session: this.#deps.sessionOrigin, device };
  }

  /** Follows a browser connection: its bytes count, and it is cut when the session ends. */
  #adopt(socket: Socket) {
    if (this.#sockets.has(socket)) return;
    // A browser connection belongs to one session host: all its bytes are this session's.
    this.#sockets.set(socket, { read: 0, written: 0 });
    this.#disarmIdle();
    socket.once('close', () => {
      const counted = this.#sockets.get(socket);
      if (counted) this.#countSocket(socket, counted);
      this.#sockets.delete(socket);
      this.#agents.get(socket)?.destroy();
      this.#agents.delete(socket);
      this.#armIdle();
    });
  }

  /** A tunnel stream of the session: cut when it ends; the last one closing may start the idle time. */
  #hold(stream: Duplex) {
    this.#others.add(stream);
    this.#disarmIdle();
    stream.once('close', () => {
      this.#others.delete(stream);
      this.#armIdle();
    });
  }

  #countSocket(socket: Socket, counted: Counted) {
    this.#up += socket.bytesRead - counted.read;
    this.#down += socket.bytesWritten - counted.written;
    counted.read = socket.bytesRead;
    counted.written = socket.bytesWritten;
  }

  #agentFor(socket: Socket, server: RelayServer): http.Agent {
    let agent = this.#agents.get(socket);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // One tunnel stream per browser connection, opened when the first request needs it.
      agent.createConnection = () => {
        const mux = this.#deps.muxOf(this.row.agentId);
        if (!mux) throw new Error('agent offline');
        return this.#connect(mux, server);
      };
      this.#agents.set(socket, agent);
    }
    return agent;
  }

  /** A tunnel stream to the service, in TLS for https (the device's certificate checked unless the service accepts a self-signed one). */
  #connect(mux: Multiplexer, server: RelayServer): Socket {
    const stream = mux.open(serviceTarget(server));
    this.#hold(stream);
    return serviceConnection(stream, server, {
      https: this.row.serverType === 'https',
      acceptSelfSigned: this.row.acceptSelfSigned,
    });
  }

  #page(response: ServerResponse, status: 410 | 502 | 503 | 504) {
    const portalUrl = this.#deps.portalUrl;
    const pages = {
      410: { title: 'Access ended', text: endedText(this.#endReason) },
      502: {
        title: 'Device not reachable',
        text: 'The device did not answer through its agent. Try again in a moment.',
      },
      503: {
        title: 'Agent offline',
        text: 'The agent of this device is not connected. Try again when it is online.',
      },
      504: { title: 'Device too slow', text: 'The device did not answer in time.' },
    };
    sendPage(response, { status, ...pages[status], portalUrl });
  }

  #armIdle() {
    if (this.#ended || this.#sockets.size > 0 || this.#others.size > 0) return;
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(
      () => void this.end('idle', null),
      this.#deps.idleMs ?? webAccessIdleMinutes * 60_000,
    );
    this.#idleTimer.unref();
  }

  #disarmIdle() {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
  }
}
