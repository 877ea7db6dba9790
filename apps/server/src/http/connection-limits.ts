import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config.ts';
import { failure } from './envelope.ts';

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

/**
 * Closes connections beyond `max` open ones per client address as soon as they arrive, so one
 * address cannot take all the server's sockets. Counted on the TCP peer: behind a reverse proxy
 * every client shares the proxy's address, so there the cap must be raised or set to 0.
 * WebSocket connections (agents, connectors) count like any other, one each.
 */
export function capConnectionsPerAddress(server: Server, max: number) {
  if (max === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // Already gone.
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
