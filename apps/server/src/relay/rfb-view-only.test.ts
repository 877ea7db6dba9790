import { describe, expect, it } from 'vitest';
import { RfbViewOnlyFilter } from './rfb-view-only.ts';

const version = (minor: string) => Buffer.from(`RFB 003.${minor}\n`);
const bytes = (...values: number[]) => Buffer.from(values);
const u16 = (n: number) => [n >> 8, n & 0xff];
const s32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return [...b];
};

/** A filter past a 3.8 handshake with security None. */
function ready() {
  const filter = new RfbViewOnlyFilter();
  filter.fromDevice(version('008'));
  expect(Buffer.concat(filter.fromViewer(Buffer.concat([version('008'), bytes(1, 1)]))!)).toEqual(
    Buffer.concat([version('008'), bytes(1, 1)]),
  );
  return filter;
}

const forwarded = (filter: RfbViewOnlyFilter, input: Buffer) => {
  const out = filter.fromViewer(input);
  return out && Buffer.concat(out);
};

describe('RFB view-only filter', () => {
  it('passes the extensions that only shape the picture and drops those that act on the device', () => {
    const filter = ready();
    const continuous = bytes(150, 1, 0, 0, 0, 0, ...u16(400), ...u16(240));
    const fence = bytes(248, 0, 0, 0, 0, 0, 0, 3, 2, 0xaa, 0xbb);
    const audio = bytes(255, 1, ...u16(2), 0, 2, 0, 0, 0xac, 0x44);
    const qemuKey = bytes(255, 0, ...u16(1), 0, 0, 0, 0x20, 0, 0, 0, 0x39);
    const desktopSize = bytes(251, 0, ...u16(800), ...u16(600), 1, 0, ...new Array(16).fill(7));
    const xvp = bytes(250, 0, 1, 3);
    const extendedPaste = bytes(6, 0, 0, 0, ...s32(-5), 1, 2, 3, 4, 5);
    const input = Buffer.concat([continuous, qemuKey, fence, desktopSize, audio, xvp, extendedPaste]);
    expect(forwarded(filter, input)).toEqual(Buffer.concat([continuous, fence, audio]));
  });

  it('takes ExtendedMouseButtons out of SetEncodings, so every pointer event stays 6 bytes', () => {
    const filter = ready();
    const encodings = bytes(2, 0, ...u16(3), ...s32(0), ...s32(-316), ...s32(-239));
    const update = bytes(3, 1, 0, 0, 0, 0, ...u16(400), ...u16(240));
    const pointer = bytes(5, 0x80, 0, 10, 0, 10);
    expect(forwarded(filter, Buffer.concat([encodings.subarray(0, 7)]))).toEqual(Buffer.alloc(0));
    expect(forwarded(filter, Buffer.concat([encodings.subarray(7), pointer, update]))).toEqual(
      Buffer.concat([bytes(2, 0, ...u16(2), ...s32(0), ...s32(-239)), update]),
    );
  });

  it('follows VNC authentication chosen by a 3.8 viewer or by a 3.3 device', () => {
    const response = Buffer.alloc(16, 9);
    const modern = new RfbViewOnlyFilter();
    const choice = Buffer.concat([
      version('008'),
      bytes(2),
      response,
      bytes(1),
      bytes(4, 1, 0, 0, 0, 0, 0, 0x20),
    ]);
    expect(forwarded(modern, choice)).toEqual(choice.subarray(0, 12 + 1 + 16 + 1));

    const old = new RfbViewOnlyFilter();
    old.fromDevice(version('003'));
    expect(forwarded(old, version('003'))).toEqual(version('003'));
    old.fromDevice(bytes(0, 0, 0, 2));
    old.fromDevice(Buffer.alloc(16, 1)); // the challenge
    expect(forwarded(old, Buffer.concat([response, bytes(1), bytes(5, 1, 0, 0, 0, 0)]))).toEqual(
      Buffer.concat([response, bytes(1)]),
    );
  });

  it.each([
    ['a security type it cannot follow', [version('008'), bytes(16)]],
    ['a 3.3 answer before the device chose', [version('003'), bytes(1)]],
    ['an unknown QEMU message', [version('008'), bytes(1, 1), bytes(255, 9)]],
    ['an unknown QEMU audio operation', [version('008'), bytes(1, 1), bytes(255, 1, 0, 7)]],
    ['a version of another protocol', [Buffer.from('SSH-2.0-OpenSSH\r\n')]],
    ['RFB 2.x', [Buffer.from('RFB 003.002\n')]],
  ])('gives up on %s', (_, parts) => {
    const filter = new RfbViewOnlyFilter();
    filter.fromDevice(version('008'));
    const results = parts.map((part) => filter.fromViewer(part));
    expect(results.at(-1)).toBeUndefined();
  });
});
