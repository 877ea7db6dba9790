import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeFrame, encodeFrame, ProtocolError, type Frame } from './frames.ts';

const streamId = fc.integer({ min: 1, max: 2 ** 32 - 1 });
const frame: fc.Arbitrary<Frame> = fc.oneof(
  fc.record({
    type: fc.constant('open' as const),
    streamId,
    target: fc.string({ minLength: 1, maxLength: 200 }),
  }),
  fc.record({
    type: fc.constant('data' as const),
    streamId,
    payload: fc.uint8Array({ minLength: 1, maxLength: 2000 }),
  }),
  fc.record({ type: fc.constant('close' as const), streamId }),
  fc.record({ type: fc.constant('reset' as const), streamId, reason: fc.string({ maxLength: 200 }) }),
  fc.record({
    type: fc.constant('credit' as const),
    streamId,
    bytes: fc.integer({ min: 1, max: 2 ** 32 - 1 }),
  }),
);

describe('frames', () => {
  it('decode(encode(frame)) is the frame', () => {
    fc.assert(
      fc.property(frame, (f) => {
        const decoded = decodeFrame(encodeFrame(f));
        if (f.type === 'data' && decoded.type === 'data')
          expect([...decoded.payload]).toEqual([...f.payload]);
        else expect(decoded).toEqual(f);
      }),
      { numRuns: 2000 },
    );
  });

  it('any bytes decode to a frame or a ProtocolError, nothing else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.integer({ min: 1, max: 6 }), (bytes, type) => {
        const message = bytes.length > 0 && type < 6 ? Uint8Array.of(type, ...bytes) : bytes;
        try {
          decodeFrame(message, 64);
        } catch (error) {
          expect(error).toBeInstanceOf(ProtocolError);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['a short frame', [1, 0, 0]],
    ['stream 0', [2, 0, 0, 0, 0, 1]],
    ['an unknown type', [9, 0, 0, 0, 1]],
    ['an empty data frame', [2, 0, 0, 0, 1]],
    ['a close with payload', [3, 0, 0, 0, 1, 7]],
    ['a credit of 0', [5, 0, 0, 0, 1, 0, 0, 0, 0]],
    ['a short credit', [5, 0, 0, 0, 1, 0, 1]],
    ['an empty open', [1, 0, 0, 0, 1]],
    ['an open that is not UTF-8', [1, 0, 0, 0, 1, 0xff, 0xfe]],
  ])('refuses %s', (_name, bytes) => {
    expect(() => decodeFrame(Uint8Array.from(bytes))).toThrow(ProtocolError);
  });

  it('refuses payloads over the limit', () => {
    expect(() =>
      decodeFrame(encodeFrame({ type: 'data', streamId: 1, payload: new Uint8Array(65) }), 64),
    ).toThrow(/over 64 bytes/);
  });
});
