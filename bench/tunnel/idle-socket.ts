import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';

/** An attached idle agent's connection: it answers the relay's pings and ignores everything else. */
export type IdleSocket = { readonly open: boolean; destroy: () => void };

const websocketGuid = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const opcodes = { close: 0x8, ping: 0x9, pong: 0xa };

/**
 * Opens a WebSocket to the relay as an agent does (RFC 6455 client handshake with the agent's
 * Authorization header): the connection once the relay accepted it (101 with the right
 * Sec-WebSocket-Accept), else the status it answered, or 'failed' (no answer in `timeoutMs`,
 * connection error).
 */
export function attachIdleSocket(
  relayUrl: string,
  credential: string,
  timeoutMs: number,
): Promise<IdleSocket | number | 'failed'> {
  const url = new URL(relayUrl);
  const key = randomBytes(16).toString('base64');
  const socket = net.connect({ host: url.hostname, port: Number(url.port) });
  socket.setNoDelay(true);
  socket.write(
    `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer ${credential}\r\n\r\n`,
  );
  return new Promise((resolve) => {
    let head = Buffer.alloc(0);
    const timer = setTimeout(() => finish('failed'), timeoutMs);
    const finish = (outcome: IdleSocket | number | 'failed') => {
      clearTimeout(timer);
      socket.off('data', onHead);
      if (typeof outcome !== 'object') socket.destroy();
      resolve(outcome);
    };
    const onHead = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = head.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      if (status !== 101) return finish(status);
      const accept = createHash('sha1')
        .update(key + websocketGuid)
        .digest('base64');
      if (!lines.some((line) => line.toLowerCase() === `sec-websocket-accept: ${accept.toLowerCase()}`))
        return finish('failed');
      const frames = new FrameReader(socket);
      finish({
        get open() {
          return !socket.destroyed;
        },
        destroy: () => socket.destroy(),
      });
      frames.push(head.subarray(end + 4));
      socket.on('data', (data: Buffer) => frames.push(data));
    };
    socket.on('data', onHead);
    socket.on('error', () => finish('failed'));
    socket.on('close', () => finish('failed'));
  });
}

/** Reads the relay's frames (never masked): answers pings, ends at a close, ignores the rest. */
class FrameReader {
  readonly #socket: net.Socket;
  #buffered: Buffer = Buffer.alloc(0);

  constructor(socket: net.Socket) {
    this.#socket = socket;
  }

  push(data: Buffer) {
    this.#buffered = this.#buffered.length === 0 ? data : Buffer.concat([this.#buffered, data]);
    for (;;) {
      const frame = this.#next();
      if (!frame) return;
      if (frame.opcode === opcodes.ping) this.#socket.write(maskedFrame(opcodes.pong, frame.payload));
      if (frame.opcode === opcodes.close) this.#socket.destroy();
    }
  }

  #next(): { opcode: number; payload: Buffer } | undefined {
    const b = this.#buffered;
    if (b.length < 2) return undefined;
    let length = b[1]! & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (b.length < 4) return undefined;
      length = b.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (b.length < 10) return undefined;
      length = Number(b.readBigUInt64BE(2));
      offset = 10;
    }
    if (b.length < offset + length) return undefined;
    this.#buffered = b.subarray(offset + length);
    return { opcode: b[0]! & 0x0f, payload: b.subarray(offset, offset + length) };
  }
}

/** A client frame: always masked (here with a zero key, as the agent sends, so the payload is as is). */
function maskedFrame(opcode: number, payload: Buffer): Buffer {
  // Control frames carry at most 125 bytes.
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}
