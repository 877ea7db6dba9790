import http from 'node:http';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';

/** A device that did not begin its answer in time. */
export class GatewayTimeout extends Error {}

/**
 * A tunnel stream to a device service as Node's HTTP client uses it: in TLS for an https
 * service (the device's certificate checked, unless the service accepts a self-signed one),
 * else the stream itself.
 */
export function serviceConnection(
  stream: Duplex,
  server: { host: string },
  options: { https: boolean; acceptSelfSigned: boolean },
): Socket {
  const socket = asSocket(stream);
  if (!options.https) return socket;
  const secured = tls.connect({
    socket,
    host: server.host,
    // SNI takes names only; an address is checked against the certificate's IP entries.
    servername: isIP(server.host) ? undefined : server.host,
    rejectUnauthorized: !options.acceptSelfSigned,
    ALPNProtocols: ['http/1.1'],
  });
  secured.once('close', () => stream.destroy());
  return secured;
}

/**
 * Node's HTTP client and agent treat their connection as a net.Socket (keep-alive, timeouts,
 * ref counting); a tunnel stream has no such options, so they are accepted and ignored.
 */
function asSocket(stream: Duplex): Socket {
  const socket = stream as Duplex & Partial<Socket>;
  const self = () => socket;
  socket.setKeepAlive ??= self as Socket['setKeepAlive'];
  socket.setNoDelay ??= self as Socket['setNoDelay'];
  socket.setTimeout ??= self as Socket['setTimeout'];
  socket.ref ??= self as Socket['ref'];
  socket.unref ??= self as Socket['unref'];
  return socket as Socket;
}

/** A plain answer on a raw socket (an upgrade that cannot go on), then the connection closes. */
export function rawAnswer(socket: Duplex, status: number, text = http.STATUS_CODES[status] ?? 'Error') {
  if (!socket.writable) return socket.destroy();
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\n` +
      `Cache-Control: no-store\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}
