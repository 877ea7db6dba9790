import net from 'node:net';

/** What a SOCKS5 CONNECT asks for: a host name or an IP address (as text), and a port. */
export type SocksRequest = { host: string; port: number; kind: 'domain' | 'ipv4' | 'ipv6' };

export const socksReplies = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

/** The largest request: 4 header bytes, 1 length byte, 255 name bytes, 2 port bytes. */
const maxRequestBytes = 262;
const handshakeTimeoutMs = 10_000;

class SocksFailure extends Error {
  readonly reply: number | undefined;
  constructor(message: string, reply?: number) {
    super(message);
    this.reply = reply;
  }
}

/**
 * Runs the SOCKS5 handshake on an accepted socket: no authentication, CONNECT only. `accept`
 * decides on the request; with a true answer the client hears "succeeded" and gets the socket
 * back with any bytes it sent early, otherwise a refusal (0x02 not allowed, 0x07 …) and the end.
 */
export async function socksHandshake(
  socket: net.Socket,
  accept: (request: SocksRequest) => boolean,
): Promise<{ request: SocksRequest; rest: Buffer } | undefined> {
  const reader = new HandshakeReader(socket);
  try {
    const greeting = await reader.take(2);
    if (greeting[0] !== 5) throw new SocksFailure('not SOCKS5');
    const methods = await reader.take(greeting[1]!);
    if (!methods.includes(0x00)) {
      socket.end(Buffer.from([5, 0xff]));
      return undefined;
    }
    socket.write(Buffer.from([5, 0x00]));

    const head = await reader.take(4);
    if (head[0] !== 5) throw new SocksFailure('not SOCKS5', socksReplies.generalFailure);
    const request = await readAddress(reader, head[3]!);
    if (head[1] !== 1) throw new SocksFailure('only CONNECT is supported', socksReplies.commandNotSupported);
    if (!accept(request)) throw new SocksFailure('not allowed', socksReplies.notAllowed);
    socket.write(reply(socksReplies.succeeded));
    return { request, rest: reader.finish() };
  } catch (error) {
    reader.finish();
    if (error instanceof SocksFailure && error.reply !== undefined) socket.end(reply(error.reply));
    else socket.destroy();
    return undefined;
  }
}

async function readAddress(reader: HandshakeReader, type: number): Promise<SocksRequest> {
  let host: string;
  let kind: SocksRequest['kind'];
  switch (type) {
    case 1:
      host = [...(await reader.take(4))].join('.');
      kind = 'ipv4';
      break;
    case 3: {
      const [length] = await reader.take(1);
      host = (await reader.take(length!)).toString('latin1');
      kind = 'domain';
      break;
    }
    case 4: {
      const bytes = await reader.take(16);
      const groups: string[] = [];
      for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
      host = canonicalHost(groups.join(':'));
      kind = 'ipv6';
      break;
    }
    default:
      throw new SocksFailure('unknown address type', socksReplies.addressTypeNotSupported);
  }
  const port = (await reader.take(2)).readUInt16BE(0);
  return { host, port, kind };
}

/** Lower case, no trailing dot, IPv6 in its shortest form without brackets: how hosts are compared. */
export function canonicalHost(host: string): string {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  if (net.isIPv6(bare)) return new URL(`http://[${bare}]/`).hostname.replace(/^\[|\]$/g, '');
  return bare;
}

/** A reply with an unspecified bound address: clients of a CONNECT do not use it. */
function reply(code: number): Buffer {
  return Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);
}

/** Reads exact byte counts from a socket during the handshake, with a size and a time limit. */
class HandshakeReader {
  readonly #socket: net.Socket;
  #buffer = Buffer.alloc(0);
  #total = 0;
  #waiting: { size: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | undefined;
  readonly #timer: NodeJS.Timeout;
  #failure: Error | undefined;

  constructor(socket: net.Socket) {
    this.#socket = socket;
    this.#timer = setTimeout(() => this.#fail(new SocksFailure('handshake timed out')), handshakeTimeoutMs);
    socket.on('data', this.#onData);
    socket.on('end', this.#onEnd);
    socket.on('error', this.#onEnd);
  }

  take(size: number): Promise<Buffer> {
    this.#total += size;
    if (this.#total > maxRequestBytes + 257) return Promise.reject(new SocksFailure('request too large'));
    return new Promise((resolve, reject) => {
      this.#waiting = { size, resolve, reject };
      this.#settle();
    });
  }

  /** Stops reading the handshake; returns what the client already sent beyond it. */
  finish(): Buffer {
    clearTimeout(this.#timer);
    this.#socket.off('data', this.#onData);
    this.#socket.off('end', this.#onEnd);
    this.#socket.off('error', this.#onEnd);
    this.#socket.pause();
    return this.#buffer;
  }

  readonly #onData = (chunk: Buffer) => {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    if (this.#buffer.length > maxRequestBytes + 257) this.#fail(new SocksFailure('request too large'));
    else this.#settle();
  };

  readonly #onEnd = () => this.#fail(new SocksFailure('client went away'));

  #fail(error: Error) {
    this.#failure = error;
    this.#settle();
  }

  #settle() {
    const waiting = this.#waiting;
    if (!waiting) return;
    if (this.#buffer.length >= waiting.size) {
      this.#waiting = undefined;
      const taken = this.#buffer.subarray(0, waiting.size);
      this.#buffer = this.#buffer.subarray(waiting.size);
      waiting.resolve(taken);
    } else if (this.#failure) {
      this.#waiting = undefined;
      waiting.reject(this.#failure);
    }
  }
}
