import net from 'node:net';
import {
  cursorRect,
  encodePixels,
  encodingRaw,
  parsePixelFormat,
  pseudoEncodingCursor,
  rectHeader,
  serverPixelFormat,
  writePixelFormat,
} from './rfb-pixels.ts';
import {
  advance,
  drawScreen,
  initialState,
  insideRect,
  pumpButton,
  screenHeight,
  screenWidth,
  type Rect,
} from './rfb-screen.ts';
import {
  changedTiles,
  clip,
  covers,
  intersect,
  mergeTiles,
  tileRect,
  tilesIn,
  tilesX,
  tilesY,
} from './rfb-tiles.ts';

/**
 * A small RFB (VNC) server for the simulator: RFB 3.8 (3.7 and 3.3 clients too), no
 * authentication, Raw encoding, true colour in any 8/16/32-bit layout the viewer asks for. It
 * shows the HMI screen of rfb-screen.ts; a click on the pump button (or the space bar) switches
 * the pump and puts "PUMP ON"/"PUMP OFF" on every viewer's clipboard; text a viewer pastes is
 * shown at the bottom. Several viewers share one screen unless one asks for exclusive access.
 */
export type RfbServerOptions = {
  /** 0 or omitted: a free port. */
  port?: number;
  host?: string;
  /** The desktop name sent to viewers and shown in the header. */
  name?: string;
  /** How often the tank level moves; 0 keeps the screen still (for tests). Default 500 ms. */
  intervalMs?: number;
};

export type RfbServer = {
  port: number;
  /** Whether the pump runs (the button's state). */
  pumpOn: () => boolean;
  close: () => Promise<void>;
};

/** Longest client message accepted (a pasted text); anything longer closes the connection. */
const maxCutText = 256 * 1024;
/** Past this much unsent output, the viewer's requests wait: asking is cheap, screens are not. */
const outputHighWater = 4 * 1024 * 1024;
const keySpace = 0x20;
const keyReturn = 0xff0d;

export async function startRfbServer(options: RfbServerOptions = {}): Promise<RfbServer> {
  const state = initialState(options.name ?? 'Simulated PLC');
  let frame = drawScreen(state);
  const viewers = new Set<Viewer>();

  /** Redraws the screen and tells each viewer which tiles changed. */
  const redraw = () => {
    state.viewers = [...viewers].filter((v) => v.ready).length;
    const next = drawScreen(state);
    const changed = changedTiles(frame, next);
    frame = next;
    if (!changed.includes(1)) return;
    for (const viewer of viewers) viewer.invalidate(changed);
  };

  const screen: Screen = {
    frame: () => frame,
    name: state.name,
    togglePump: () => {
      state.pumpOn = !state.pumpOn;
      redraw();
      for (const viewer of viewers) viewer.sendCutText(state.pumpOn ? 'PUMP ON' : 'PUMP OFF');
    },
    setClipboard: (text) => {
      state.clipboard = text;
      redraw();
    },
    joined: (viewer, shared) => {
      // A viewer that does not share the screen gets it alone (RFB ClientInit).
      if (!shared) for (const other of viewers) if (other !== viewer) other.close();
      redraw();
    },
    left: (viewer) => {
      viewers.delete(viewer);
      redraw();
    },
  };

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    viewers.add(new Viewer(socket, screen));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () =>
      resolve((server.address() as net.AddressInfo).port),
    );
  });
  const interval = options.intervalMs ?? 500;
  const timer =
    interval > 0
      ? setInterval(() => {
          advance(state);
          redraw();
        }, interval)
      : undefined;
  return {
    port,
    pumpOn: () => state.pumpOn,
    close: async () => {
      clearInterval(timer);
      for (const viewer of viewers) viewer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Screen = {
  frame: () => Uint32Array;
  name: string;
  togglePump: () => void;
  setClipboard: (text: string) => void;
  joined: (viewer: Viewer, shared: boolean) => void;
  left: (viewer: Viewer) => void;
};

type Stage = 'version' | 'security' | 'init' | 'messages';

/** One viewer's connection: its handshake, pixel format and the tiles it has not seen yet. */
class Viewer {
  ready = false;
  private stage: Stage = 'version';
  private input: Buffer = Buffer.alloc(0);
  private minor = 8;
  private format = serverPixelFormat;
  private dirty = new Uint8Array(tilesX * tilesY).fill(1);
  /** An incremental request waiting for something to change. */
  private waiting: Rect | undefined;
  private wantsCursor = false;
  private cursorSent = false;
  private buttons = 0;
  private pressedOnButton = false;
  /** Reading waits while the viewer is slow to take what it asked for. */
  private blocked = false;

  private readonly socket: net.Socket;
  private readonly screen: Screen;

  constructor(socket: net.Socket, screen: Screen) {
    this.socket = socket;
    this.screen = screen;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => screen.left(this));
    socket.write('RFB 003.008\n');
  }

  close() {
    this.socket.destroy();
  }

  invalidate(changed: Uint8Array) {
    for (let i = 0; i < changed.length; i += 1) if (changed[i]) this.dirty[i] = 1;
    if (this.waiting) this.sendDirty(this.waiting);
  }

  sendCutText(text: string) {
    if (!this.ready) return;
    const bytes = Buffer.from(text, 'latin1');
    const header = Buffer.alloc(8);
    header[0] = 3;
    header.writeUInt32BE(bytes.length, 4);
    this.socket.write(Buffer.concat([header, bytes]));
  }

  /** Any malformed or unsupported input closes the connection; nothing is thrown to the socket. */
  private receive(chunk: Buffer) {
    this.input = this.input.length ? Buffer.concat([this.input, chunk]) : chunk;
    this.process();
  }

  private process() {
    try {
      let used: number;
      while (!this.socket.destroyed && !this.blocked && this.input.length && (used = this.step()) > 0) {
        this.input = this.input.subarray(used);
        if (this.socket.writableLength > outputHighWater) {
          this.blocked = true;
          this.socket.pause();
          this.socket.once('drain', () => {
            this.blocked = false;
            this.socket.resume();
            this.process();
          });
        }
      }
    } catch {
      this.socket.destroy();
    }
  }

  /** Handles one complete unit of input; returns the bytes used, or 0 to wait for more. */
  private step(): number {
    const input = this.input;
    switch (this.stage) {
      case 'version': {
        if (input.length < 12) return 0;
        const match = /^RFB 003\.(\d{3})\n$/.exec(input.subarray(0, 12).toString('latin1'));
        const minor = Number(match?.[1]);
        if (!match || minor < 3) return this.fail();
        // 3.4-3.6 are 3.3 (RFC 6143 §7.1.1); anything above 3.8 (Apple's 3.889) speaks 3.8.
        this.minor = minor >= 8 ? 8 : minor === 7 ? 7 : 3;
        if (this.minor === 3) {
          this.write([0, 0, 0, 1]); // the server's choice: None
          this.stage = 'init';
        } else {
          this.write([1, 1]); // one security type: None
          this.stage = 'security';
        }
        return 12;
      }
      case 'security': {
        if (input[0] !== 1) {
          if (this.minor === 8) this.write(securityFailure('Only security type None is offered'));
          return this.fail();
        }
        if (this.minor === 8) this.write([0, 0, 0, 0]);
        this.stage = 'init';
        return 1;
      }
      case 'init': {
        this.stage = 'messages';
        this.ready = true;
        this.write(serverInit(this.screen.name));
        this.screen.joined(this, input[0] !== 0);
        return 1;
      }
      case 'messages':
        return this.message(input);
    }
  }

  private message(input: Buffer): number {
    switch (input[0]!) {
      case 0: // SetPixelFormat
        if (input.length < 20) return 0;
        this.format = parsePixelFormat(input.subarray(4, 20));
        // Whatever the viewer has is in the old format: it asks for the whole screen again.
        this.cursorSent = false;
        return 20;
      case 2: {
        // SetEncodings
        if (input.length < 4) return 0;
        const length = 4 + 4 * input.readUInt16BE(2);
        if (input.length < length) return 0;
        const encodings = [];
        for (let offset = 4; offset < length; offset += 4) encodings.push(input.readInt32BE(offset));
        if (!encodings.includes(encodingRaw) && encodings.length > 0) encodings.push(encodingRaw);
        this.wantsCursor = encodings.includes(pseudoEncodingCursor);
        this.cursorSent = false;
        return length;
      }
      case 3: {
        // FramebufferUpdateRequest
        if (input.length < 10) return 0;
        const rect = clip({
          x: input.readUInt16BE(2),
          y: input.readUInt16BE(4),
          w: input.readUInt16BE(6),
          h: input.readUInt16BE(8),
        });
        if (input[1] === 0) this.sendWhole(rect);
        else this.sendDirty(rect);
        return 10;
      }
      case 4: {
        // KeyEvent
        if (input.length < 8) return 0;
        const key = input.readUInt32BE(4);
        if (input[1] && (key === keySpace || key === keyReturn)) this.screen.togglePump();
        return 8;
      }
      case 5: {
        // PointerEvent: button 1 pressed and released on the button switches the pump.
        if (input.length < 6) return 0;
        const mask = input[1]!;
        const x = input.readUInt16BE(2);
        const y = input.readUInt16BE(4);
        const inside = insideRect(pumpButton, x, y);
        if (!(this.buttons & 1) && mask & 1) this.pressedOnButton = inside;
        if (this.buttons & 1 && !(mask & 1)) {
          if (this.pressedOnButton && inside) this.screen.togglePump();
          this.pressedOnButton = false;
        }
        this.buttons = mask;
        return 6;
      }
      case 6: {
        // ClientCutText (Latin-1)
        if (input.length < 8) return 0;
        const length = input.readUInt32BE(4);
        if (length > maxCutText) return this.fail();
        if (input.length < 8 + length) return 0;
        this.screen.setClipboard(input.subarray(8, 8 + length).toString('latin1'));
        return 8 + length;
      }
      case 150: // EnableContinuousUpdates: not offered, so ignored
        return input.length < 10 ? 0 : 10;
      case 248: // ClientFence: not offered, so ignored
        return input.length < 9 ? 0 : input.length < 9 + input[8]! ? 0 : 9 + input[8]!;
      default:
        return this.fail();
    }
  }

  /** Answers a non-incremental request: the whole requested area, at once. */
  private sendWhole(rect: Rect) {
    for (const tile of tilesIn(rect)) if (covers(rect, tileRect(tile))) this.dirty[tile] = 0;
    this.sendUpdate(rect.w && rect.h ? [rect] : []);
  }

  /** Answers an incremental request with what changed in it, or waits until something does. */
  private sendDirty(rect: Rect) {
    const tiles = tilesIn(rect).filter((tile) => this.dirty[tile]);
    const cursor = this.wantsCursor && !this.cursorSent;
    if (tiles.length === 0 && !cursor) {
      this.waiting = rect;
      return;
    }
    // A tile only partly inside a partial request counts as sent: viewers ask for the whole
    // screen (noVNC does), and resending it on every partial request would never settle.
    for (const tile of tiles) this.dirty[tile] = 0;
    this.sendUpdate(mergeTiles(tiles).map((r) => intersect(r, rect)));
  }

  private sendUpdate(rects: Rect[]) {
    this.waiting = undefined;
    const frame = this.screen.frame();
    const parts: Buffer[] = [];
    const cursor = this.wantsCursor && !this.cursorSent;
    const header = Buffer.alloc(4);
    header.writeUInt16BE(rects.length + (cursor ? 1 : 0), 2);
    parts.push(header);
    for (const rect of rects) {
      parts.push(rectHeader(rect, encodingRaw), encodePixels(frame, screenWidth, rect, this.format));
    }
    if (cursor) {
      this.cursorSent = true;
      parts.push(...cursorRect(this.format));
    }
    this.socket.write(Buffer.concat(parts));
  }

  private write(bytes: number[] | Buffer) {
    this.socket.write(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
  }

  private fail(): number {
    this.socket.destroy();
    return 0;
  }
}

function securityFailure(reason: string) {
  const text = Buffer.from(reason);
  const bytes = Buffer.alloc(8 + text.length);
  bytes.writeUInt32BE(1, 0);
  bytes.writeUInt32BE(text.length, 4);
  text.copy(bytes, 8);
  return bytes;
}

function serverInit(name: string) {
  const text = Buffer.from(name);
  const bytes = Buffer.alloc(24 + text.length);
  bytes.writeUInt16BE(screenWidth, 0);
  bytes.writeUInt16BE(screenHeight, 2);
  writePixelFormat(serverPixelFormat).copy(bytes, 4);
  bytes.writeUInt32BE(text.length, 20);
  text.copy(bytes, 24);
  return bytes;
}
