import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config.ts';
import { failure } from './envelope.ts';

/**
 * The most a request's headers may take. Node's default (16 KiB) answered 431 before any code
 * ran once a page of a sibling host had filled the browser with cookies for a shared parent
 * domain (30 cookies of 3.9 KiB are 117 KiB). The portal drops every cookie unread (app.ts),
 * so a larger, still bounded header keeps it usable.
 */
export const maxHeaderBytes = 128 * 1024;

/**
 * Fastify's server options for the limits. Fastify turns Node's request timeout off by default,
 * so a client trickling a body one byte at a time held its connection for ever; with these a
 * request has `headersTimeoutMs` for its headers and `requestTimeoutMs` for everything, and is
 * answered 408 and closed after that.
 */
export function serverTimeouts(limits: ConnectionLimits) {
  return {
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      maxHeaderSize: maxHeaderBytes,
      requestTimeout: limits.requestTimeoutMs,
      // Node enforces both timeouts only when it sweeps its connections (every 30 s by default),
      // which would let a slow request live up to twice its limit.
      connectionsCheckingInterval: Math.max(
        50,
        Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 5),
      ),
    },
    clientErrorHandler: answerClientError,
  };
}

/**
 * Requests Node refuses before Fastify sees them (timeouts, oversized or malformed headers) get
 * the same error shape as every other answer, then the connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers too large']
        : [400, 'Malformed request'];
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify(failure([{ message }]));
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** How long a refused client is told to wait before it connects again. */
export const refusedConnectionRetryAfterSeconds = 5;

const refusedConnectionBody = JSON.stringify(
  failure([{ message: 'Too many connections from this address' }]),
);

/**
 * The whole answer to a connection beyond the cap, fixed: it is written before anything of the
 * request is read, so nothing the client sends is parsed or reaches a route.
 */
const refusedConnectionAnswer =
  `HTTP/1.1 503 ${STATUS_CODES[503]}\r\nConnection: close\r\n` +
  `Retry-After: ${refusedConnectionRetryAfterSeconds}\r\nCache-Control: no-store\r\n` +
  `Content-Type: application/json; charset=utf-8\r\n` +
  `Content-Length: ${Buffer.byteLength(refusedConnectionBody)}\r\n\r\n${refusedConnectionBody}`;

/** A refused connection lingers at most this long for its answer to leave. */
const refusedLingerMs = 1000;

/**
 * Closes connections beyond `max` open ones per client address as soon as they arrive, so one
 * address cannot take all the server's sockets. Counted on the TCP peer: behind a reverse proxy
 * every client shares the proxy's address, so there the cap must be raised or set to 0.
 * WebSocket connections (agents, connectors) count like any other, one each.
 *
 * A refused connection gets a fixed 503 with Retry-After (a bare reset reads as a network
 * failure, and clients retry at once). Node's HTTP server starts parsing a socket in its own
 * 'connection' listener, so the listeners registered so far (the HTTP server's) are only run
 * for connections within the cap.
 */
export function capConnectionsPerAddress(server: Server, max: number) {
  if (max === 0) return;
  const open = new Map<string, number>();
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return socket.destroy(); // Already gone.
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) return refuseConnection(socket);
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
    for (const listener of serve) listener.call(server, socket);
  });
}

function refuseConnection(socket: Socket) {
  socket.on('error', () => socket.destroy());
  // What the client sent is discarded unread: closing with unread bytes would reset the
  // connection, and the client could lose the answer.
  socket.resume();
  socket.end(refusedConnectionAnswer);
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), refusedLingerMs).unref();
}
