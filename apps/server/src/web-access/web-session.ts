import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { deviceErrors, relayCloseCodes, webAccessIdleMinutes } from '@fleetgate/contracts';
import type { Multiplexer } from '@fleetgate/tunnel-protocol';
import type { Db } from '../db/client.ts';
import { agentCapabilities } from '../modules/access/access.policy.ts';
import { AccessWatch } from '../relay/access-watch.ts';
import { serviceTarget, type RelayServer } from '../relay/agent-facts.ts';
import type { RelayTicket } from '../relay/relay-tickets.ts';
import { endClientSession, insertClientSession } from '../relay/relay-sessions.repository.ts';
import { UsageCounter } from '../relay/usage-counter.ts';
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

/** Opens tunnel streams to the agent's services: its multiplexer, or the internal link to its process. */
export type StreamOpener = Pick<Multiplexer, 'open'>;

export type WebSessionDeps = {
  db: Db;
  /** Opens streams to the attached agent; undefined while the agent is offline. */
  muxOf: (agentId: number) => StreamOpener | undefined;
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

/** Something the session carries that is cut when it ends. */
type Cuttable = { destroy(): void };

/** A keep-alive agent of one browser connection, and the service settings it was made for. */
type ConnectionAgent = { agent: http.Agent; key: string };

/** Whether a service of this type can still serve a session of this kind. */
const fitsKind = (kind: WebAccessRow['kind'], type: RelayServer['type']) =>
  kind === 'vnc' ? type === 'vnc' : type === 'http' || type === 'https';

/** The settings a tunnel connection depends on: when they change, connections are made anew. */
const serverKey = (server: RelayServer) =>
  JSON.stringify([server.host, server.port, server.type, server.acceptSelfSigned]);

/** About how many bytes a request or status line and its headers took on the wire. */
const headBytes = (line: string, rawHeaders: string[]) =>
  line.length + 2 + rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) + 2;

/**
 * One open web access session in this process: the requests and upgrades it carries and its
 * tunnel streams, its bytes (through its client session row), and its access, checked like a
 * VPN client session's. Browser connections are not the session's: behind a reverse proxy one
 * connection carries other sessions' and the portal's requests too, so bytes are counted per
 * proxied request and an end cuts only what the session carries. When access ends its requests,
 * upgrades and tunnel streams are cut at once and the row says why; the next request on the
 * host gets the 410 page.
 */
export class WebSession {
  readonly row: WebAccessRow;
  /** What the relay's revalidation matches on (company, user). */
  readonly ticket: RelayTicket;
  readonly #deps: WebSessionDeps;
  readonly #watch: AccessWatch;
  /** Keep-alive agents per browser connection: one tunnel stream each, reused across requests. */
  readonly #agents = new Map<Socket, ConnectionAgent>();
  /** Requests and upgrades being carried and viewers' WebSockets: while any runs the session is in use. */
  readonly #active = new Set<Cuttable>();
  /** Tunnel streams (an idle keep-alive one does not keep the session in use). */
  readonly #streams = new Set<Duplex>();
  /** The service settings the agents were made for. */
  #serverKey: string | undefined;
  #clientSessionId: number | undefined;
  readonly #usage = new UsageCounter();
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
      ssoCompanyId: row.ssoCompanyId,
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

  /**
   * The access rules, then whether the service is still the agent's and still of the session's
   * kind, and for a viewer with full control whether its user may still control the device.
   */
  async #check() {
    await this.#watch.revalidate();
    const facts = this.#watch.facts;
    if (this.#ended || !facts) return;
    const server = facts.servers.find((s) => s.id === this.row.agentServerId);
    if (!server) return this.end('service removed', null);
    if (!fitsKind(this.row.kind, server.type)) return this.end('service type changed', null);
    if (this.row.kind === 'vnc' && !this.row.viewOnly) {
      const capabilities = await agentCapabilities(this.#deps.db, this.row.userId, facts);
      if (this.#ended) return;
      if (!capabilities.has('agents.remoteControl'))
        return this.end(deviceErrors.remoteControlNotAllowed, null);
    }
    const key = serverKey(server);
    if (this.#serverKey !== undefined && this.#serverKey !== key) {
      // The service moved or changed how it is reached: connections are made anew.
      for (const { agent } of this.#agents.values()) agent.destroy();
      this.#agents.clear();
    }
    this.#serverKey = key;
  }

  /** Proxies one browser request to the device service, streaming both ways. */
  proxy(request: IncomingMessage, response: ServerResponse) {
    // The browser left while the session was looked up.
    if (response.destroyed) return;
    const server = this.#server();
    const mux = this.#deps.muxOf(this.row.agentId);
    if (!server) return this.#page(response, 410);
    if (!mux) return this.#page(response, 503);
    const origins = this.#origins(server);
    const upstream = http.request({
      agent: this.#agentFor(request.socket, server),
      method: request.method,
      path: request.url,
      headers: deviceRequestHeaders(request, origins, { upgrade: false }),
      setHost: false,
    });
    // Cut with the session: this request only (the browser connection may carry others' requests).
    const carried: Cuttable = {
      destroy: () => {
        upstream.destroy();
        if (!response.writableFinished) response.destroy();
      },
    };
    this.#begin(carried);
    this.#usage.up += headBytes(`${request.method} ${request.url} HTTP/1.1`, request.rawHeaders);
    request.on('data', (chunk: Buffer) => (this.#usage.up += chunk.length));
    /** Set once the browser got a page of ours instead of the device's answer. */
    let answered = false;
    const fail = (status: 502 | 503 | 504) => {
      answered = true;
      upstream.destroy();
      this.#page(response, status);
    };
    const timer = setTimeout(() => upstream.destroy(new GatewayTimeout()), this.#deps.responseTimeoutMs);
    // While the device has not begun its answer the browser connection is not idle, it waits for
    // us: the server's idle timeout would otherwise drop it without a word, before (or racing)
    // the response timeout and its 504 page. It applies again once the answer begins.
    const browser = request.socket;
    const idleTimeout = browser.timeout;
    let waiting = idleTimeout !== undefined && idleTimeout > 0;
    if (waiting) browser.setTimeout(0);
    // Once only: after the answer Node sets the keep-alive timeout itself, which must stay.
    const answering = () => {
      clearTimeout(timer);
      if (waiting && !browser.destroyed) browser.setTimeout(idleTimeout!);
      waiting = false;
    };
    upstream.on('response', (answer) => {
      answering();
      const status = answer.statusCode ?? 0;
      // A status the browser cannot be given (Node accepts 100-999 only) is a device not answering HTTP.
      if (!Number.isInteger(status) || status < 100 || status > 999) return fail(502);
      const headers = browserResponseHeaders(answer.rawHeaders, origins);
      try {
        response.writeHead(status, answer.statusMessage, headers.flat());
      } catch {
        // A status line or header Node refuses to write; our page gets its own status text.
        response.statusMessage = '';
        return fail(502);
      }
      this.#usage.down += headBytes(`HTTP/1.1 ${status} ${answer.statusMessage ?? ''}`, headers.flat());
      answer.on('data', (chunk: Buffer) => (this.#usage.down += chunk.length));
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', (error) => {
      answering();
      if (answered) return;
      if (response.headersSent) return response.destroy();
      fail(error instanceof GatewayTimeout ? 504 : this.#deps.muxOf(this.row.agentId) ? 502 : 503);
    });
    // A browser that goes away mid-answer takes the device request with it.
    response.on('close', () => {
      answering();
      if (!response.writableFinished) upstream.destroy();
      this.#finish(carried);
    });
    request.pipe(upstream);
  }

  /** Carries a WebSocket (or other upgrade) of a device page: the request is passed on, then bytes both ways. */
  proxyUpgrade(request: IncomingMessage, socket: Socket, head: Buffer) {
    if (socket.destroyed) return;
    const server = this.#server();
    const mux = this.#deps.muxOf(this.row.agentId);
    if (!server || !mux) return rawAnswer(socket, server ? 503 : 410);
    const origins = this.#origins(server);
    const upstream = http.request({
      createConnection: () => this.#connect(mux, server),
      method: request.method,
      path: request.url,
      headers: deviceRequestHeaders(request, origins, { upgrade: true }),
      setHost: false,
    });
    let device: Duplex | undefined;
    // After the upgrade the browser connection is this WebSocket's alone: it is cut with the session.
    const carried: Cuttable = {
      destroy: () => {
        upstream.destroy();
        device?.destroy();
        socket.destroy();
      },
    };
    this.#begin(carried);
    this.#usage.up +=
      headBytes(`${request.method} ${request.url} HTTP/1.1`, request.rawHeaders) + head.length;
    const timer = setTimeout(() => upstream.destroy(new GatewayTimeout()), this.#deps.responseTimeoutMs);
    // A browser gone before the upgrade completes takes the device request with it.
    socket.once('close', () => {
      clearTimeout(timer);
      upstream.destroy();
      device?.destroy();
      this.#finish(carried);
    });
    socket.on('error', () => upstream.destroy());
    upstream.on('upgrade', (answer, upgraded: Duplex, deviceHead: Buffer) => {
      clearTimeout(timer);
      device = upgraded;
      if (socket.destroyed) return upgraded.destroy();
      const headers = browserResponseHeaders(answer.rawHeaders, origins, { upgrade: true });
      const head101 =
        `HTTP/1.1 101 ${answer.statusMessage ?? 'Switching Protocols'}\r\n` +
        headers.map(([name, value]) => `${name}: ${value}\r\n`).join('') +
        '\r\n';
      this.#usage.down += head101.length + deviceHead.length;
      socket.write(head101);
      if (deviceHead.length > 0) socket.write(deviceHead);
      if (head.length > 0) upgraded.write(head);
      // The WebSocket's own pings keep it alive; the server's idle timeout is for HTTP.
      socket.setTimeout(0);
      upgraded.on('data', (chunk: Buffer) => (this.#usage.down += chunk.length));
      socket.on('data', (chunk: Buffer) => (this.#usage.up += chunk.length));
      upgraded.pipe(socket);
      socket.pipe(upgraded);
      upgraded.on('error', () => socket.destroy());
      upgraded.on('close', () => socket.destroy());
    });
    upstream.on('response', (answer) => {
      clearTimeout(timer);
      // The device refused the upgrade: its answer goes to the browser as it is.
      const headers = browserResponseHeaders(answer.rawHeaders, origins);
      const status = answer.statusCode ?? 0;
      if (!Number.isInteger(status) || status < 100 || status > 999) {
        upstream.destroy();
        return rawAnswer(socket, 502);
      }
      const text =
        `HTTP/1.1 ${status} ${(answer.statusMessage ?? '').replace(/[\r\n]/g, '')}\r\nConnection: close\r\n` +
        headers
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        '\r\n';
      this.#usage.down += text.length;
      socket.write(text);
      answer.on('data', (chunk: Buffer) => (this.#usage.down += chunk.length));
      answer.pipe(socket);
    });
    upstream.on('error', (error) =>
      rawAnswer(
        socket,
        error instanceof GatewayTimeout ? 504 : this.#deps.muxOf(this.row.agentId) ? 502 : 503,
      ),
    );
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

  /** Bytes carried so far towards the device and back (for /metrics). */
  get bytes() {
    return { up: this.#usage.up, down: this.#usage.down };
  }

  /** Bytes a viewer carried (the RFB bridge counts them). */
  count = {
    up: (bytes: number) => (this.#usage.up += bytes),
    down: (bytes: number) => (this.#usage.down += bytes),
  };

  /** A viewer's WebSocket: closed with the access error when the session ends. */
  holdViewer(ws: WebSocket) {
    const viewer = {
      destroy: () => ws.close(relayCloseCodes.accessEnded, this.#endReason ?? 'ended'),
    };
    this.#begin(viewer);
    ws.once('close', () => {
      this.#finish(viewer);
      void this.end('viewer closed', null);
    });
  }

  /** Writes the bytes counted since the last flush. */
  async flush(): Promise<void> {
    if (this.#clientSessionId === undefined) return;
    const { companyId, agentId } = this.row;
    const moved = await this.#usage.flush(this.#deps.db, {
      sessionId: this.#clientSessionId,
      companyId,
      agentId,
    });
    // In use: bytes moved since the last flush.
    if (moved) await touchWebAccess(this.#deps.db, this.row.id);
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

  /** Cuts what the session carries: its requests, upgrades, viewers and tunnel streams, never a browser connection as such. */
  #cut() {
    for (const { agent } of this.#agents.values()) agent.destroy();
    this.#agents.clear();
    for (const carried of [...this.#active]) carried.destroy();
    for (const stream of [...this.#streams]) stream.destroy();
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

  /** The session's service as of the last check, while access lasts and it is of the session's kind. */
  #server(): RelayServer | undefined {
    if (this.#ended) return undefined;
    const server = this.#watch.facts?.servers.find((s) => s.id === this.row.agentServerId);
    return server && fitsKind(this.row.kind, server.type) ? server : undefined;
  }

  #origins(server: RelayServer): ProxyOrigins {
    const scheme = server.type === 'https' ? 'https' : 'http';
    const defaultPort = scheme === 'https' ? 443 : 80;
    const host = server.host.includes(':') ? `[${server.host}]` : server.host;
    const device = `${scheme}://${host}${server.port === defaultPort ? '' : `:${server.port}`}`;
    return { session: this.#deps.sessionOrigin, device };
  }

  /** A request, upgrade or viewer starts: the session is in use until it finishes. */
  #begin(carried: Cuttable) {
    this.#active.add(carried);
    this.#disarmIdle();
  }

  /** It finished: the last one to finish starts the idle time. */
  #finish(carried: Cuttable) {
    if (!this.#active.delete(carried)) return;
    this.#armIdle();
  }

  /** A tunnel stream of the session: cut when it ends. */
  #hold(stream: Duplex) {
    this.#streams.add(stream);
    stream.once('close', () => this.#streams.delete(stream));
  }

  /**
   * The keep-alive agent of a browser connection: one tunnel stream, opened when the first request
   * needs it, reused while the connection lasts and the service's settings stay as they were.
   */
  #agentFor(socket: Socket, server: RelayServer): http.Agent {
    const key = serverKey(server);
    const existing = this.#agents.get(socket);
    if (existing?.key === key) return existing.agent;
    existing?.agent.destroy();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agent.createConnection = () => {
      const mux = this.#deps.muxOf(this.row.agentId);
      if (!mux) throw new Error('agent offline');
      return this.#connect(mux, server);
    };
    if (!existing)
      socket.once('close', () => {
        this.#agents.get(socket)?.agent.destroy();
        this.#agents.delete(socket);
      });
    this.#agents.set(socket, { agent, key });
    return agent;
  }

  /** A tunnel stream to the service, in TLS for https (the device's certificate checked unless the service accepts a self-signed one). */
  #connect(mux: StreamOpener, server: RelayServer): Socket {
    const stream = mux.open(serviceTarget(server));
    this.#hold(stream);
    return serviceConnection(stream, server, {
      https: server.type === 'https',
      acceptSelfSigned: server.acceptSelfSigned,
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
    if (this.#ended || this.#active.size > 0) return;
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
