import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { relayCloseCodes } from '@fleetgate/contracts';
import type { StreamOpener } from './web-session.ts';
import { hashSecret, newSecret } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import type { RelayTicket } from '../relay/relay-tickets.ts';
import {
  endUnopenedWebAccess,
  findWebAccessByHost,
  redeemWebAccessToken,
  type WebAccessRow,
} from '../modules/web-access/web-access.repository.ts';
import { bridgeRfb } from '../relay/rfb-bridge.ts';
import { endedText, sendPage } from './pages.ts';
import { sessionCookieName, sessionCookies } from './proxy-headers.ts';
import { sessionOrigin } from './session-host.ts';
import { rawAnswer } from './device-connection.ts';
import { WebSession, type EndActor } from './web-session.ts';

export type WebAccessGatewayDeps = {
  db: Db;
  log: FastifyBaseLogger;
  /** Read per use: tests learn their public URL only once the server listens. */
  publicUrl: () => string;
  domain: string;
  muxOf: (agentId: number) => StreamOpener | undefined;
  /**
   * Makes muxOf answer for an agent attached to another server process (the internal link to
   * it); called before each use, a no-op when the agent is here or its route is known.
   */
  reach?: (agentId: number) => Promise<void>;
  onChanged: (agentId: number) => void;
  responseTimeoutMs: number;
  idleMs?: number;
};

const startPath = '/__fleetgate/start';

/**
 * Web access in this process: the session hosts' HTTP requests and upgrades (dispatched here
 * before Fastify, so they never reach the API or the web app) and the VNC viewers' WebSockets.
 * Each open session is a WebSession; the relay includes them in its revalidation, usage flush
 * and shutdown.
 */
export class WebAccessGateway {
  readonly #deps: WebAccessGatewayDeps;
  readonly #sessions = new Map<number, WebSession>();
  /** Running HTTP sessions by host: a request with their cookie needs no database read. */
  readonly #byHost = new Map<string, WebSession>();
  /** Sessions being started, so concurrent first requests of one host share one. */
  readonly #starting = new Map<number, Promise<WebSession>>();
  /** Bytes of the sessions that ended, so the relayed-bytes total never goes down. */
  readonly #endedBytes = { up: 0, down: 0 };
  #closing = false;

  constructor(deps: WebAccessGatewayDeps) {
    this.#deps = deps;
  }

  get sessions(): WebSession[] {
    return [...this.#sessions.values()];
  }

  /** Bytes carried by this process's web-access sessions, ended and open (for /metrics). */
  bytes(): { up: number; down: number } {
    let { up, down } = this.#endedBytes;
    for (const session of this.#sessions.values()) {
      up += session.bytes.up;
      down += session.bytes.down;
    }
    return { up, down };
  }

  /** Every request on a session host. */
  handleRequest(request: IncomingMessage, response: ServerResponse, hostId: string) {
    this.#handle(request, response, hostId).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (this.#closing)
        return this.#page(
          response,
          503,
          'Server restarting',
          'The server is restarting. Reload the page in a moment.',
        );
      this.#deps.log.error({ err: error }, 'web access request failed');
      this.#page(response, 500, 'Something went wrong', 'The server could not handle this request.');
    });
  }

  /** An upgrade (a device page's WebSocket) on a session host. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, hostId: string) {
    this.#upgrade(request, socket as Socket, head, hostId).catch((error: unknown) => {
      this.#deps.log.error({ err: error }, 'web access upgrade failed');
      rawAnswer(socket, 500);
    });
  }

  /** `/relay/vnc?token=` on the portal's host: the viewer's WebSocket, bridged to the VNC service. */
  async upgradeVnc(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    token: string,
    wss: WebSocketServer,
  ) {
    const row = token ? await redeemWebAccessToken(this.#deps.db, token, { kind: 'vnc' }) : undefined;
    if (!row)
      return rawAnswer(socket, 401, 'This viewer link was used or has expired: open the viewer again.');
    const session = await this.#open(row);
    if (session.ended) return rawAnswer(socket, 403, endedText(session.endReason));
    await this.#deps.reach?.(row.agentId);
    const stream = session.openStream();
    if (!stream) {
      await session.end('agent disconnected', null);
      return rawAnswer(socket, 503, 'The agent is not connected.');
    }
    // A viewer gone before its upgrade completes leaves no stream or session behind.
    let upgraded = false;
    socket.once('close', () => {
      if (!upgraded) void session.end('viewer closed', null);
    });
    wss.handleUpgrade(request, socket, head, (ws) => {
      upgraded = true;
      if (session.ended) {
        stream.destroy();
        return ws.close(relayCloseCodes.accessEnded, session.endReason ?? 'ended');
      }
      session.holdViewer(ws);
      bridgeRfb(ws, stream, { viewOnly: row.viewOnly, count: session.count });
    });
  }

  /** Ends a session (DELETE by its user): here when it runs here, else in the row for its process to notice. */
  async end(row: WebAccessRow, reason: string, actor: EndActor): Promise<void> {
    const running = this.#sessions.get(row.id) ?? (await this.#starting.get(row.id)?.catch(() => undefined));
    if (running) return running.end(reason, actor);
    const session = new WebSession(row, this.#sessionDeps(row));
    await session.end(reason, actor);
  }

  async revalidate(which: (ticket: RelayTicket) => boolean) {
    await Promise.all(this.sessions.filter((s) => which(s.ticket)).map((s) => s.revalidate()));
  }

  async flush() {
    await Promise.all(this.sessions.map((s) => s.flush()));
  }

  async close() {
    this.#closing = true;
    await Promise.all([...this.#starting.values()].map((p) => p.catch(() => undefined)));
    await Promise.all(this.sessions.map((s) => s.close()));
  }

  /** Housekeeping: sessions never opened end when their token expired. */
  async sweep() {
    await endUnopenedWebAccess(this.#deps.db);
  }

  /** Client session ids of running sessions (housekeeping must not sweep them). */
  liveClientSessionIds(): number[] {
    return this.sessions.flatMap((s) => (s.clientSessionId === undefined ? [] : [s.clientSessionId]));
  }

  async #handle(request: IncomingMessage, response: ServerResponse, hostId: string) {
    // Only origin-form targets: an absolute URL or `*` would reach the device as a proxy request.
    if (!request.url?.startsWith('/'))
      return this.#page(response, 400, 'Bad request', 'This address cannot be opened through web access.');
    // A target that is no URL (`//[x`) is the browser's mistake, not the server's.
    const url = URL.parse(request.url, 'http://session');
    if (!url)
      return this.#page(response, 400, 'Bad request', 'This address cannot be opened through web access.');
    if (url.pathname === startPath) return this.#start(request, response, hostId, url);
    const found = await this.#admit(request, hostId);
    if (found.kind === 'refused') return this.#refusal(response, found.status, found.reason);
    await this.#deps.reach?.(found.session.row.agentId);
    found.session.proxy(request, response);
  }

  async #upgrade(request: IncomingMessage, socket: Socket, head: Buffer, hostId: string) {
    if (!request.url?.startsWith('/')) return rawAnswer(socket, 400);
    // WebSockets only: another protocol (h2c) is nothing a device page needs through the relay.
    if (request.headers.upgrade?.trim().toLowerCase() !== 'websocket') return rawAnswer(socket, 400);
    const found = await this.#admit(request, hostId);
    if (found.kind === 'refused') {
      const text = found.status === 410 ? endedText(found.reason) : undefined;
      return rawAnswer(socket, found.status, text);
    }
    await this.#deps.reach?.(found.session.row.agentId);
    found.session.proxyUpgrade(request, socket, head);
  }

  /** The token of the first URL for the cookie; then to the device's start page. */
  async #start(request: IncomingMessage, response: ServerResponse, hostId: string, url: URL) {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return this.#page(response, 405, 'Not allowed', 'Open the link from the portal.');
    const token = url.searchParams.get('token') ?? '';
    const cookie = newSecret();
    const row = /^[A-Za-z0-9_-]{20,200}$/.test(token)
      ? await redeemWebAccessToken(this.#deps.db, token, {
          kind: 'http',
          hostId,
          cookieHash: hashSecret(cookie),
        })
      : undefined;
    if (!row)
      return this.#page(
        response,
        401,
        'This link was already used or has expired',
        'Each link opens the device once, within a minute. Open the device again from the portal.',
      );
    const session = await this.#open(row);
    if (session.ended) return this.#refusal(response, 410, session.endReason);
    const secure = this.#secure(hostId);
    response.writeHead(303, {
      Location: '/',
      'Set-Cookie': `${sessionCookieName(secure)}=${cookie}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'Content-Length': '0',
    });
    response.end();
  }

  /** The session a request may use: the host's, with its cookie, not ended. */
  async #admit(
    request: IncomingMessage,
    hostId: string,
  ): Promise<
    { kind: 'ok'; session: WebSession } | { kind: 'refused'; status: 401 | 404 | 410; reason: string | null }
  > {
    const presented = sessionCookies(request.headers.cookie, this.#secure(hostId)).map(hashSecret);
    const running = this.#byHost.get(hostId);
    if (running && !running.ended && running.row.cookieHash && presented.includes(running.row.cookieHash))
      return { kind: 'ok', session: running };
    const row = await findWebAccessByHost(this.#deps.db, hostId);
    if (!row || row.kind !== 'http') return { kind: 'refused', status: 404, reason: null };
    if (!row.cookieHash || !presented.includes(row.cookieHash))
      return { kind: 'refused', status: 401, reason: null };
    if (row.endedAt) return { kind: 'refused', status: 410, reason: row.endReason };
    const session = await this.#open(row);
    if (session.ended) return { kind: 'refused', status: 410, reason: session.endReason };
    return { kind: 'ok', session };
  }

  /**
   * The running session of a row, started (access checked, usage recorded) when it is not yet;
   * an ended one when access was refused.
   */
  async #open(row: WebAccessRow): Promise<WebSession> {
    const running = this.#sessions.get(row.id);
    if (running && !running.ended) return running;
    if (this.#closing) throw new Error('server shutting down');
    let starting = this.#starting.get(row.id);
    if (!starting) {
      starting = this.#startSession(row).finally(() => this.#starting.delete(row.id));
      this.#starting.set(row.id, starting);
    }
    return starting;
  }

  async #startSession(row: WebAccessRow): Promise<WebSession> {
    const session = new WebSession(row, this.#sessionDeps(row));
    if (await session.start()) {
      this.#sessions.set(row.id, session);
      if (row.kind === 'http') this.#byHost.set(row.hostId, session);
      return session;
    }
    // Refused: the check ended it (and said why). A check that could not run ends nothing.
    if (!session.ended) throw new Error('the access check could not run');
    await session.end(session.endReason ?? 'ended', null);
    return session;
  }

  #sessionDeps(row: WebAccessRow) {
    return {
      db: this.#deps.db,
      muxOf: this.#deps.muxOf,
      sessionOrigin: this.#origin(row.hostId),
      portalUrl: this.#deps.publicUrl(),
      responseTimeoutMs: this.#deps.responseTimeoutMs,
      idleMs: this.#deps.idleMs,
      onChanged: this.#deps.onChanged,
      onEnded: (session: WebSession) => {
        if (this.#sessions.get(session.row.id) === session) {
          this.#sessions.delete(session.row.id);
          this.#endedBytes.up += session.bytes.up;
          this.#endedBytes.down += session.bytes.down;
        }
        if (this.#byHost.get(session.row.hostId) === session) this.#byHost.delete(session.row.hostId);
      },
      onError: (error: unknown, what: string) => this.#deps.log.error({ err: error }, what),
    };
  }

  #origin(hostId: string) {
    return sessionOrigin(this.#deps.publicUrl(), this.#deps.domain, hostId);
  }

  /** Whether the session host is served over https (its cookie is then a `__Host-` one). */
  #secure(hostId: string) {
    return this.#origin(hostId).startsWith('https:');
  }

  #refusal(response: ServerResponse, status: 401 | 404 | 410, reason: string | null) {
    if (status === 404)
      return this.#page(
        response,
        404,
        'No such web session',
        'This address does not belong to a web session.',
      );
    if (status === 401)
      return this.#page(
        response,
        401,
        'Not signed in to this device',
        'This tab has no session for this device. Open it again from the portal.',
      );
    return this.#page(response, 410, 'Access ended', endedText(reason));
  }

  #page(response: ServerResponse, status: number, title: string, text: string) {
    sendPage(response, { status, title, text, portalUrl: this.#deps.publicUrl() });
  }
}
