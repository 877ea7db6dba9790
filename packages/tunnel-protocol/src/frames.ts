/**
 * Tunnel frames: one frame per WebSocket message, `[type u8][streamId u32 BE][payload]`.
 * OPEN carries the target (UTF-8), DATA bytes, CLOSE nothing (the sender finished writing),
 * RESET a reason (UTF-8, both directions abort), CREDIT a u32 number of bytes the receiver
 * allows more.
 */
export const FrameType = { open: 1, data: 2, close: 3, reset: 4, credit: 5 } as const;
export type FrameTypeName = keyof typeof FrameType;

export type Frame =
  | { type: 'open'; streamId: number; target: string }
  | { type: 'data'; streamId: number; payload: Uint8Array }
  | { type: 'close'; streamId: number }
  | { type: 'reset'; streamId: number; reason: string }
  | { type: 'credit'; streamId: number; bytes: number };

export const headerLength = 5;
export const maxTextLength = 1024;
export const defaultMaxPayload = 64 * 1024;

/** A peer broke the protocol; the connection is closed with this reason. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Encodes `frame` into `into` when it is given (and large enough: a pooled buffer), else into a new
 * buffer; returns the encoded bytes.
 */
export function encodeFrame(frame: Frame, into?: Buffer): Uint8Array {
  const payload = payloadOf(frame);
  // Every byte is written below, so no zero-filling (data frames are up to 64 KB each).
  const out = into
    ? into.subarray(0, headerLength + payload.length)
    : Buffer.allocUnsafe(headerLength + payload.length);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint8(0, FrameType[frame.type]);
  view.setUint32(1, frame.streamId);
  out.set(payload, headerLength);
  return out;
}

function payloadOf(frame: Frame): Uint8Array {
  switch (frame.type) {
    case 'open':
      return encoder.encode(frame.target);
    case 'data':
      return frame.payload;
    case 'close':
      return new Uint8Array(0);
    case 'reset':
      return encoder.encode(frame.reason.slice(0, maxTextLength / 4));
    case 'credit': {
      const bytes = new Uint8Array(4);
      new DataView(bytes.buffer).setUint32(0, frame.bytes);
      return bytes;
    }
  }
}

/** Reads one frame; anything malformed is a ProtocolError, never another exception. */
export function decodeFrame(message: Uint8Array, maxPayload = defaultMaxPayload): Frame {
  if (message.length < headerLength) throw new ProtocolError('frame shorter than its header');
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  const type = view.getUint8(0);
  const streamId = view.getUint32(1);
  const payload = message.subarray(headerLength);
  if (streamId === 0) throw new ProtocolError('stream id 0 is reserved');
  if (payload.length > maxPayload) throw new ProtocolError(`frame payload over ${maxPayload} bytes`);
  switch (type) {
    case FrameType.open:
      return { type: 'open', streamId, target: text(payload, 'open target', false) };
    case FrameType.data:
      if (payload.length === 0) throw new ProtocolError('empty data frame');
      return { type: 'data', streamId, payload };
    case FrameType.close:
      if (payload.length !== 0) throw new ProtocolError('close frame with a payload');
      return { type: 'close', streamId };
    case FrameType.reset:
      return { type: 'reset', streamId, reason: text(payload, 'reset reason', true) };
    case FrameType.credit: {
      if (payload.length !== 4) throw new ProtocolError('credit frame needs 4 bytes');
      const bytes = new DataView(payload.buffer, payload.byteOffset, 4).getUint32(0);
      if (bytes === 0) throw new ProtocolError('credit of 0 bytes');
      return { type: 'credit', streamId, bytes };
    }
    default:
      throw new ProtocolError(`unknown frame type ${type}`);
  }
}

function text(payload: Uint8Array, what: string, mayBeEmpty: boolean): string {
  if (payload.length > maxTextLength) throw new ProtocolError(`${what} too long`);
  if (!mayBeEmpty && payload.length === 0) throw new ProtocolError(`${what} is empty`);
  try {
    return decoder.decode(payload);
  } catch {
    throw new ProtocolError(`${what} is not UTF-8`);
  }
}
