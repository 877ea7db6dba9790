import type { Rect } from './rfb-screen.ts';

/* RFB pixel formats and the Raw encoding of the simulator's 0xRRGGBB screen (RFC 6143 §7.4, §7.7). */

export const encodingRaw = 0;
export const pseudoEncodingCursor = -239;

export type PixelFormat = {
  bitsPerPixel: 8 | 16 | 32;
  depth: number;
  bigEndian: boolean;
  redMax: number;
  greenMax: number;
  blueMax: number;
  redShift: number;
  greenShift: number;
  blueShift: number;
};

/** What ServerInit offers: 32 bits, depth 24, little-endian 0x00RRGGBB. */
export const serverPixelFormat: PixelFormat = {
  bitsPerPixel: 32,
  depth: 24,
  bigEndian: false,
  redMax: 255,
  greenMax: 255,
  blueMax: 255,
  redShift: 16,
  greenShift: 8,
  blueShift: 0,
};

export function writePixelFormat(format: PixelFormat): Buffer {
  const bytes = Buffer.alloc(16);
  bytes[0] = format.bitsPerPixel;
  bytes[1] = format.depth;
  bytes[2] = format.bigEndian ? 1 : 0;
  bytes[3] = 1; // true colour
  bytes.writeUInt16BE(format.redMax, 4);
  bytes.writeUInt16BE(format.greenMax, 6);
  bytes.writeUInt16BE(format.blueMax, 8);
  bytes[10] = format.redShift;
  bytes[11] = format.greenShift;
  bytes[12] = format.blueShift;
  return bytes;
}

/** Reads a viewer's pixel format; colour maps and odd sizes are refused (the connection closes). */
export function parsePixelFormat(bytes: Buffer): PixelFormat {
  const bitsPerPixel = bytes[0]!;
  const format = {
    bitsPerPixel,
    depth: bytes[1]!,
    bigEndian: bytes[2] !== 0,
    redMax: bytes.readUInt16BE(4),
    greenMax: bytes.readUInt16BE(6),
    blueMax: bytes.readUInt16BE(8),
    redShift: bytes[10]!,
    greenShift: bytes[11]!,
    blueShift: bytes[12]!,
  };
  const fits = (max: number, shift: number) => max > 0 && shift + Math.log2(max + 1) <= bitsPerPixel;
  if (
    (bitsPerPixel !== 8 && bitsPerPixel !== 16 && bitsPerPixel !== 32) ||
    bytes[3] === 0 ||
    !fits(format.redMax, format.redShift) ||
    !fits(format.greenMax, format.greenShift) ||
    !fits(format.blueMax, format.blueShift)
  )
    throw new Error('unsupported pixel format');
  return format as PixelFormat;
}

/** Converts 0xRRGGBB pixels of one rectangle to the viewer's format (Raw encoding). */
export function encodePixels(pixels: Uint32Array, width: number, rect: Rect, format: PixelFormat): Buffer {
  const size = format.bitsPerPixel / 8;
  const out = Buffer.allocUnsafe(rect.w * rect.h * size);
  const values = new Map<number, number>();
  const scale = (value: number, max: number) => Math.round((value * max) / 255);
  let offset = 0;
  for (let y = rect.y; y < rect.y + rect.h; y += 1)
    for (let x = rect.x; x < rect.x + rect.w; x += 1) {
      const rgb = pixels[y * width + x]!;
      let value = values.get(rgb);
      if (value === undefined) {
        value =
          (scale(rgb >>> 16, format.redMax) * 2 ** format.redShift +
            scale((rgb >>> 8) & 0xff, format.greenMax) * 2 ** format.greenShift +
            scale(rgb & 0xff, format.blueMax) * 2 ** format.blueShift) >>>
          0;
        values.set(rgb, value);
      }
      if (size === 4)
        offset = format.bigEndian ? out.writeUInt32BE(value, offset) : out.writeUInt32LE(value, offset);
      else if (size === 2)
        offset = format.bigEndian ? out.writeUInt16BE(value, offset) : out.writeUInt16LE(value, offset);
      else offset = out.writeUInt8(value, offset);
    }
  return out;
}

export function rectHeader(rect: Rect, encoding: number) {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt16BE(rect.x, 0);
  bytes.writeUInt16BE(rect.y, 2);
  bytes.writeUInt16BE(rect.w, 4);
  bytes.writeUInt16BE(rect.h, 6);
  bytes.writeInt32BE(encoding, 8);
  return bytes;
}

/** An arrow pointer (Cursor pseudo-encoding): without one, noVNC shows no pointer over the screen. */
const arrow = [
  'X          ',
  'XX         ',
  'X.X        ',
  'X..X       ',
  'X...X      ',
  'X....X     ',
  'X.....X    ',
  'X......X   ',
  'X.......X  ',
  'X........X ',
  'X.....XXXXX',
  'X..X..X    ',
  'X.X X..X   ',
  'XX  X..X   ',
  'X    X..X  ',
  '     XXXX  ',
];

export function cursorRect(format: PixelFormat): Buffer[] {
  const w = arrow[0]!.length;
  const h = arrow.length;
  const pixels = new Uint32Array(w * h);
  const mask = Buffer.alloc(Math.ceil(w / 8) * h);
  arrow.forEach((row, y) =>
    [...row].forEach((cell, x) => {
      pixels[y * w + x] = cell === '.' ? 0xffffff : 0;
      if (cell !== ' ') mask[y * Math.ceil(w / 8) + (x >> 3)]! |= 0x80 >> (x & 7);
    }),
  );
  const rect = { x: 0, y: 0, w, h };
  return [rectHeader(rect, pseudoEncodingCursor), encodePixels(pixels, w, rect, format), mask];
}
