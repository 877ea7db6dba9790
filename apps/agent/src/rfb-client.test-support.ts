import net from 'node:net';
import { serverPixelFormat, writePixelFormat, type PixelFormat } from './rfb-pixels.ts';
import type { Rect } from './rfb-screen.ts';

/**
 * A minimal RFB viewer for tests: speaks the handshake, keeps the screen as 0xRRGGBB pixels
 * (Raw rectangles decoded from the pixel format it chose) and records clipboard texts. It
 * works on bytes, so it can sit on a TCP socket or on a WebSocket through the relay's bridge.
 */
export type RfbClientOptions = {
  version?: '003.008' | '003.007' | '003.003';
  shared?: boolean;
  /** Sent as SetPixelFormat after ServerInit; omitted: the server's own format. */
  format?: PixelFormat;
  encodings?: number[];
};

type Stage = 'version' | 'security-types' | 'security-3.3' | 'security-result' | 'server-init' | 'messages';

export class RfbTestClient {
  width = 0;
  height = 0;
  name = '';
  pixels = new Uint32Array(0);
  readonly cutTexts: string[] = [];
  /** The Raw rectangles of each FramebufferUpdate, in order. */
  readonly updates: Rect[][] = [];
  cursorUpdates = 0;
  closed = false;
  private stage: Stage = 'version';
  private input: Buffer = Buffer.alloc(0);
  private format: PixelFormat = serverPixelFormat;
  private waiters: { check: () => boolean; resolve: () => void }[] = [];
  private readonly send: (bytes: Buffer) => void;
  private readonly options: RfbClientOptions;

  constructor(send: (bytes: Buffer) => void, options: RfbClientOptions = {}) {
    this.send = send;
    this.options = options;
  }

  receive(chunk: Buffer) {
    this.input = Buffer.concat([this.input, chunk]);
    let used: number;
    while (this.input.length && (used = this.step()) > 0) this.input = this.input.subarray(used);
    this.settle();
  }

  markClosed() {
    this.closed = true;
    this.settle();
  }

  /** Resolves once `check` holds (checked after every message received). */
  until(check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ check, resolve }));
  }

  ready() {
    return this.until(() => this.stage === 'messages');
  }

  /** Asks for an update and resolves with its rectangles. */
  async update(incremental: boolean, rect: Rect = { x: 0, y: 0, w: this.width, h: this.height }) {
    const count = this.updates.length;
    const bytes = Buffer.alloc(10);
    bytes[0] = 3;
    bytes[1] = incremental ? 1 : 0;
    bytes.writeUInt16BE(rect.x, 2);
    bytes.writeUInt16BE(rect.y, 4);
    bytes.writeUInt16BE(rect.w, 6);
    bytes.writeUInt16BE(rect.h, 8);
    this.send(bytes);
    await this.until(() => this.updates.length > count);
    return this.updates[count]!;
  }

  pointer(mask: number, x: number, y: number) {
    const bytes = Buffer.alloc(6);
    bytes[0] = 5;
    bytes[1] = mask;
    bytes.writeUInt16BE(x, 2);
    bytes.writeUInt16BE(y, 4);
    this.send(bytes);
  }

  click(x: number, y: number) {
    this.pointer(0, x, y);
    this.pointer(1, x, y);
    this.pointer(0, x, y);
  }

  key(keysym: number, down: boolean) {
    const bytes = Buffer.alloc(8);
    bytes[0] = 4;
    bytes[1] = down ? 1 : 0;
    bytes.writeUInt32BE(keysym, 4);
    this.send(bytes);
  }

  cutText(text: string) {
    const body = Buffer.from(text, 'latin1');
    const bytes = Buffer.alloc(8 + body.length);
    bytes[0] = 6;
    bytes.writeUInt32BE(body.length, 4);
    body.copy(bytes, 8);
    this.send(bytes);
  }

  pixel(x: number, y: number) {
    return this.pixels[y * this.width + x]!;
  }

  private settle() {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.check() || this.closed) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }

  private step(): number {
    const input = this.input;
    switch (this.stage) {
      case 'version': {
        if (input.length < 12) return 0;
        const version = this.options.version ?? '003.008';
        this.send(Buffer.from(`RFB ${version}\n`, 'latin1'));
        this.stage = version === '003.003' ? 'security-3.3' : 'security-types';
        return 12;
      }
      case 'security-3.3':
        if (input.length < 4) return 0;
        if (input.readUInt32BE(0) !== 1) throw new Error('security type is not None');
        this.clientInit();
        return 4;
      case 'security-types': {
        if (input.length < 1 + input[0]!) return 0;
        if (![...input.subarray(1, 1 + input[0]!)].includes(1)) throw new Error('None is not offered');
        this.send(Buffer.from([1]));
        if (this.options.version === '003.007') this.clientInit();
        else this.stage = 'security-result';
        return 1 + input[0]!;
      }
      case 'security-result':
        if (input.length < 4) return 0;
        if (input.readUInt32BE(0) !== 0) throw new Error('security failed');
        this.clientInit();
        return 4;
      case 'server-init': {
        if (input.length < 24 || input.length < 24 + input.readUInt32BE(20)) return 0;
        this.width = input.readUInt16BE(0);
        this.height = input.readUInt16BE(2);
        this.pixels = new Uint32Array(this.width * this.height);
        this.name = input.subarray(24, 24 + input.readUInt32BE(20)).toString();
        if (this.options.format) {
          this.format = this.options.format;
          this.send(Buffer.concat([Buffer.from([0, 0, 0, 0]), writePixelFormat(this.format)]));
        }
        const encodings = this.options.encodings ?? [0];
        const bytes = Buffer.alloc(4 + 4 * encodings.length);
        bytes[0] = 2;
        bytes.writeUInt16BE(encodings.length, 2);
        encodings.forEach((encoding, i) => bytes.writeInt32BE(encoding, 4 + 4 * i));
        this.send(bytes);
        this.stage = 'messages';
        return 24 + input.readUInt32BE(20);
      }
      case 'messages':
        return this.message(input);
    }
  }

  private clientInit() {
    this.send(Buffer.from([this.options.shared === false ? 0 : 1]));
    this.stage = 'server-init';
  }

  private message(input: Buffer): number {
    switch (input[0]!) {
      case 0:
        return this.framebufferUpdate(input);
      case 2: // Bell
        return 1;
      case 3: {
        if (input.length < 8 || input.length < 8 + input.readUInt32BE(4)) return 0;
        const length = input.readUInt32BE(4);
        this.cutTexts.push(input.subarray(8, 8 + length).toString('latin1'));
        return 8 + length;
      }
      default:
        throw new Error(`unexpected server message ${input[0]}`);
    }
  }

  /** Decodes a whole FramebufferUpdate once all of it has arrived. */
  private framebufferUpdate(input: Buffer): number {
    if (input.length < 4) return 0;
    const size = this.format.bitsPerPixel / 8;
    const rects: Rect[] = [];
    let offset = 4;
    for (let i = 0; i < input.readUInt16BE(2); i += 1) {
      if (input.length < offset + 12) return 0;
      const rect = {
        x: input.readUInt16BE(offset),
        y: input.readUInt16BE(offset + 2),
        w: input.readUInt16BE(offset + 4),
        h: input.readUInt16BE(offset + 6),
      };
      const encoding = input.readInt32BE(offset + 8);
      offset += 12;
      const length =
        encoding === 0
          ? rect.w * rect.h * size
          : encoding === -239
            ? rect.w * rect.h * size + Math.ceil(rect.w / 8) * rect.h
            : 0;
      if (input.length < offset + length) return 0;
      if (encoding === 0) rects.push(rect);
      if (encoding === -239) this.cursorUpdates += 1;
      if (encoding !== 0 && encoding !== -239) throw new Error(`unexpected encoding ${encoding}`);
      if (encoding === 0) this.paint(rect, input.subarray(offset, offset + length));
      offset += length;
    }
    this.updates.push(rects);
    return offset;
  }

  private paint(rect: Rect, data: Buffer) {
    const f = this.format;
    const size = f.bitsPerPixel / 8;
    const channel = (value: number, shift: number, max: number) =>
      Math.round(((Math.floor(value / 2 ** shift) & max) * 255) / max);
    let offset = 0;
    for (let y = rect.y; y < rect.y + rect.h; y += 1)
      for (let x = rect.x; x < rect.x + rect.w; x += 1) {
        const value =
          size === 4
            ? f.bigEndian
              ? data.readUInt32BE(offset)
              : data.readUInt32LE(offset)
            : size === 2
              ? f.bigEndian
                ? data.readUInt16BE(offset)
                : data.readUInt16LE(offset)
              : data[offset]!;
        offset += size;
        this.pixels[y * this.width + x] =
          (channel(value, f.redShift, f.redMax) << 16) |
          (channel(value, f.greenShift, f.greenMax) << 8) |
          channel(value, f.blueShift, f.blueMax);
      }
  }
}

/** A test viewer on a TCP connection to `port`. */
export async function connectRfb(port: number, options: RfbClientOptions = {}) {
  const socket = net.connect(port, '127.0.0.1');
  const client = new RfbTestClient((bytes) => socket.write(bytes), options);
  socket.on('data', (chunk: Buffer) => client.receive(chunk));
  socket.on('close', () => client.markClosed());
  socket.on('error', () => socket.destroy());
  await client.ready();
  return { client, socket, close: () => socket.destroy() };
}
