import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { failure } from '../http/envelope.ts';

/** Answers a WebSocket upgrade with a plain HTTP error in the API's wire format, then hangs up. */
export function rejectUpgrade(
  socket: Duplex,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify(failure([{ message }]));
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.once('finish', () => socket.destroy());
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
