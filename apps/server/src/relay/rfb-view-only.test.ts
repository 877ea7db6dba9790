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
const ok = bytes(0, 0, 0, 0);
const failed = bytes(0, 0, 0, 1);
const challenge = Buffer.alloc(16, 1);
const response = Buffer.alloc(16, 9);
const key = bytes(4, 1, 0, 0, 0, 0, 0, 0x20);
const pointer = bytes(5, 1, 0, 10, 0, 10);
const update = bytes(3, 1, 0, 0, 0, 0, ...u16(400), ...u16(240));

const forwarded = (filter: RfbViewOnlyFilter, input: Buffer) => {
  const out = filter.fromViewer(input);
  return out && Buffer.concat(out);
};

/** Plays a handshake turn by turn: each device part reaches the filter before the viewer's answer. */
function play(turns: [device: Buffer | undefined, viewer: Buffer][]) {
  const filter = new RfbViewOnlyFilter();
  const out: Buffer[] = [];
  for (const [device, viewer] of turns) {
    if (device) filter.fromDevice(device);
    const parts = filter.fromViewer(viewer);
    if (!parts) return { filter, out: Buffer.concat(out), closed: true };
    out.push(...parts);
  }
  return { filter, out: Buffer.concat(out), closed: false };
}

/** A filter past a 3.8 handshake with security None. */
function ready() {
  const { filter, out, closed } = play([
    [Buffer.concat([version('008'), bytes(1, 1)]), Buffer.concat([version('008'), bytes(1)])],
    [ok, bytes(1)],
  ]);
  expect(closed).toBe(false);
  expect(out).toEqual(Buffer.concat([version('008'), bytes(1, 1)]));
  return filter;
}

/** What a device reading `sent` with an RFB 3.3 handshake and security None takes as input events. */
function eventsSeenBy33Device(sent: Buffer) {
  const events: string[] = [];
  let offset = 12 + 1; // its version, ClientInit
  while (offset < sent.length) {
    const type = sent[offset]!;
    if (type === 4) events.push('key');
    else if (type === 5) events.push('pointer');
    else break;
    offset += type === 4 ? 8 : 6;
  }
  return events;
}

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
    const pointer = bytes(5, 0x80, 0, 10, 0, 10);
    expect(forwarded(filter, Buffer.concat([encodings.subarray(0, 7)]))).toEqual(Buffer.alloc(0));
    expect(forwarded(filter, Buffer.concat([encodings.subarray(7), pointer, update]))).toEqual(
      Buffer.concat([bytes(2, 0, ...u16(2), ...s32(0), ...s32(-239)), update]),
    );
  });

  it.each([
    // device version, viewer version, [device, viewer] turns after the versions
    ['003', '003', [[bytes(0, 0, 0, 1), bytes(1)]]],
    [
      '003',
      '003',
      [
        [bytes(0, 0, 0, 2), Buffer.alloc(0)],
        [challenge, response],
        [ok, bytes(1)],
      ],
    ],
    ['007', '007', [[bytes(1, 1), bytes(1, 1)]]],
    ['007', '003', [[bytes(0, 0, 0, 1), bytes(1)]]],
    [
      '008',
      '008',
      [
        [bytes(2, 2, 1), bytes(1)],
        [ok, bytes(0)],
      ],
    ],
    [
      '008',
      '008',
      [
        [bytes(2, 16, 2), bytes(2)],
        [challenge, response],
        [ok, bytes(1)],
      ],
    ],
    [
      '008',
      '007',
      [
        [bytes(2, 1, 2), bytes(2)],
        [challenge, response],
        [ok, bytes(1)],
      ],
    ],
    ['008', '007', [[bytes(1, 1), bytes(1, 1)]]],
    ['008', '003', [[bytes(0, 0, 0, 1), bytes(1)]]],
    [
      '889',
      '008',
      [
        [bytes(1, 1), bytes(1)],
        [ok, bytes(1)],
      ],
    ],
    ['005', '003', [[bytes(0, 0, 0, 1), bytes(1)]]],
  ] as [string, string, [Buffer, Buffer][]][])(
    'follows a %s device answered with %s and its security (%#)',
    (device, viewer, turns) => {
      const { filter, out, closed } = play([[version(device), version(viewer)], ...turns]);
      expect(closed).toBe(false);
      expect(out).toEqual(Buffer.concat([version(viewer), ...turns.map(([, answer]) => answer)]));
      expect(forwarded(filter, Buffer.concat([key, pointer, update]))).toEqual(update);
    },
  );

  it('holds the viewer’s version until the device’s is known', () => {
    const filter = new RfbViewOnlyFilter();
    expect(forwarded(filter, version('008').subarray(0, 5))).toEqual(Buffer.alloc(0));
    expect(forwarded(filter, version('008').subarray(5))).toEqual(Buffer.alloc(0));
    filter.fromDevice(Buffer.concat([version('003'), bytes(0, 0, 0, 1)]));
    // The held 3.8 is now compared with the device's 3.3.
    expect(forwarded(filter, bytes(1))).toBeUndefined();

    const early = new RfbViewOnlyFilter();
    expect(forwarded(early, version('003'))).toEqual(Buffer.alloc(0));
    early.fromDevice(Buffer.concat([version('003'), bytes(0, 0, 0, 1)]));
    expect(forwarded(early, bytes(1))).toEqual(Buffer.concat([version('003'), bytes(1)]));

    const eager = new RfbViewOnlyFilter();
    expect(forwarded(eager, Buffer.concat([version('003'), bytes(1)]))).toBeUndefined();
  });

  it('closes a 3.3 device’s viewer that claims 3.8 before anything reaches the device', () => {
    const { out, closed } = play([[Buffer.concat([version('003'), bytes(0, 0, 0, 1)]), version('008')]]);
    expect(closed).toBe(true);
    expect(out).toEqual(Buffer.alloc(0));
  });

  it('delivers no key or pointer event through the reviewer’s version desync', () => {
    // A device that speaks 3.3 only (security None): it reads 01 as ClientInit and 04 as a
    // KeyEvent, so a ClientFence passed whole would reach it as KeyEvents and PointerEvents.
    const payload = bytes(
      0,
      100,
      0,
      100,
      5,
      0,
      0,
      100,
      0,
      100,
      4,
      1,
      0,
      0,
      0,
      0,
      0,
      0x61,
      4,
      0,
      0,
      0,
      0,
      0,
      0,
      0x61,
    );
    const fence = Buffer.concat([bytes(248, 0, 0, 0, 0, 0xff, 0xe3, 5, payload.length), payload]);
    const device = Buffer.concat([version('003'), bytes(0, 0, 0, 1)]);
    const sequence = [version('008'), bytes(1), bytes(4), fence];
    // Every way of splitting and merging it.
    for (const viewer of [
      sequence,
      [Buffer.concat(sequence)],
      [...Buffer.concat(sequence)].map((b) => bytes(b)),
    ]) {
      const { out, closed } = play(viewer.map((part, i) => [i === 0 ? device : undefined, part]));
      expect(closed).toBe(true);
      expect(out).toEqual(Buffer.alloc(0));
      expect(eventsSeenBy33Device(Buffer.concat([version('003'), out]))).toEqual([]);
    }
  });

  it.each([
    ['a 3.7 device answered with 3.8', '007', '008'],
    ['a 3.5 device answered with 3.7', '005', '007'],
    ['a 3.3 device answered with 3.7', '003', '007'],
  ])('closes %s', (_, device, viewer) => {
    expect(play([[version(device), version(viewer)]]).closed).toBe(true);
  });

  it.each([
    ['RFB 003.005', version('005')],
    ['RFB 003.889', version('889')],
    ['RFB 004.001', Buffer.from('RFB 004.001\n')],
    ['RFB 2.x', version('002')],
    ['another protocol', Buffer.from('SSH-2.0-OpenSSH\r\n')],
  ])('accepts no viewer version but 3.3, 3.7 and 3.8: not %s', (_, viewer) => {
    expect(play([[version('889'), viewer]]).closed).toBe(true);
  });

  it.each([
    ['a device that does not speak RFB 3', [[Buffer.from('RFB 004.000\n'), version('008')]]],
    [
      'a security type it cannot follow',
      [
        [Buffer.concat([version('008'), bytes(2, 1, 16)]), version('008')],
        [undefined, bytes(16)],
      ],
    ],
    [
      'a security type the device did not offer',
      [
        [Buffer.concat([version('008'), bytes(1, 2)]), version('008')],
        [undefined, bytes(1)],
      ],
    ],
    [
      'a security type when the device offered none',
      [
        [Buffer.concat([version('008'), bytes(0)]), version('008')],
        [undefined, bytes(1)],
      ],
    ],
    [
      'a 3.8 answer before the device offered',
      [
        [version('008'), version('008')],
        [undefined, bytes(1)],
      ],
    ],
    [
      'a 3.3 answer before the device chose',
      [
        [version('003'), version('003')],
        [undefined, bytes(1)],
      ],
    ],
    [
      'a 3.3 device’s security failure',
      [
        [version('003'), version('003')],
        [bytes(0, 0, 0, 0), bytes(1)],
      ],
    ],
    [
      'a 3.3 device’s security type it cannot follow',
      [
        [version('003'), version('003')],
        [bytes(0, 0, 0, 16), bytes(1)],
      ],
    ],
    [
      'a 3.7 device offering types to a 3.3 viewer',
      [
        [version('007'), version('003')],
        [bytes(1, 1), bytes(1)],
      ],
    ],
    [
      'a 3.3 type where a 3.8 device offers',
      [
        [version('008'), version('008')],
        [bytes(0, 0, 0, 1), bytes(1)],
      ],
    ],
    [
      'ClientInit before the 3.8 SecurityResult',
      [
        [Buffer.concat([version('008'), bytes(1, 1)]), version('008')],
        [undefined, bytes(1, 1)],
      ],
    ],
    [
      'a failed 3.8 SecurityResult',
      [
        [Buffer.concat([version('008'), bytes(1, 1)]), version('008')],
        [undefined, bytes(1)],
        [failed, bytes(1)],
      ],
    ],
    [
      'an authentication response before the challenge',
      [
        [Buffer.concat([version('008'), bytes(1, 2)]), version('008')],
        [undefined, bytes(2)],
        [undefined, response],
      ],
    ],
    [
      'ClientInit before the authentication result',
      [
        [Buffer.concat([version('003'), bytes(0, 0, 0, 2)]), version('003')],
        [challenge, response],
        [undefined, bytes(1)],
      ],
    ],
    [
      'a failed 3.3 authentication',
      [
        [Buffer.concat([version('003'), bytes(0, 0, 0, 2)]), version('003')],
        [challenge, response],
        [failed, bytes(1)],
      ],
    ],
    [
      'a failed 3.7 authentication',
      [
        [Buffer.concat([version('007'), bytes(1, 2)]), version('007')],
        [undefined, bytes(2)],
        [challenge, response],
        [failed, bytes(1)],
      ],
    ],
    [
      'an unknown QEMU message',
      [
        [Buffer.concat([version('008'), bytes(1, 1), ok]), Buffer.concat([version('008'), bytes(1, 1)])],
        [undefined, bytes(255, 9)],
      ],
    ],
    [
      'an unknown QEMU audio operation',
      [
        [Buffer.concat([version('008'), bytes(1, 1), ok]), Buffer.concat([version('008'), bytes(1, 1)])],
        [undefined, bytes(255, 1, 0, 7)],
      ],
    ],
  ] as [string, [Buffer | undefined, Buffer][]][])('gives up on %s, and only then', (_, turns) => {
    expect(play(turns.slice(0, -1)).closed).toBe(false);
    expect(play(turns).closed).toBe(true);
  });
});
