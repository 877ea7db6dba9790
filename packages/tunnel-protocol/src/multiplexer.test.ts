import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash, randomBytes } from 'node:crypto';
import { encodeFrame, ProtocolError } from './frames.ts';
import { Multiplexer, type MultiplexerOptions, type TunnelStream } from './multiplexer.ts';

type Link = {
  initiator: Multiplexer;
  acceptor: Multiplexer;
  /** Data bytes sent by the initiator and not yet delivered plus those delivered: all it ever sent. */
  sentData: () => number;
  errors: Error[];
};

/**
 * Two multiplexers joined like a WebSocket: each direction delivers messages in order, later.
 * `transport: 'copied'` hands the receiver a copy and then tells the sender the frame is written,
 * as a socket does (the sender may then reuse its buffer); by default the receiver gets the
 * sender's own bytes and the sender is never told.
 */
function link(
  options: Partial<MultiplexerOptions>,
  onStream: MultiplexerOptions['onStream'],
  transport: 'shared' | 'copied' = 'shared',
): Link {
  const errors: Error[] = [];
  let sentData = 0;
  const deliver = (to: () => Multiplexer) => (frame: Uint8Array, written?: () => void) => {
    const message = transport === 'copied' ? Buffer.from(frame) : frame;
    if (transport === 'copied') setImmediate(() => written?.());
    setImmediate(() => {
      try {
        to().receive(message);
      } catch (error) {
        errors.push(error as Error);
      }
    });
  };
  const initiator: Multiplexer = new Multiplexer({
    ...options,
    role: 'initiator',
    send: (frame, written) => {
      if (frame[0] === 2) sentData += frame.length - 5;
      deliver(() => acceptor)(frame, written);
    },
  });
  const acceptor: Multiplexer = new Multiplexer({
    ...options,
    role: 'acceptor',
    send: deliver(() => initiator),
    onStream,
  });
  return { initiator, acceptor, sentData: () => sentData, errors };
}

type Relayed = {
  client: Multiplexer;
  /** The relay's two multiplexers: towards the client, towards the agent. */
  relayIn: Multiplexer;
  relayOut: Multiplexer;
  agent: Multiplexer;
  clientSentData: () => number;
  counted: { up: number; down: number };
  errors: () => Error[];
};

/** client ⇄ relay ⇄ agent, the relay splicing every stream the client opens to the agent. */
function relayed(options: Partial<MultiplexerOptions>, onStream: MultiplexerOptions['onStream']): Relayed {
  const counted = { up: 0, down: 0 };
  const toAgent = link(options, onStream);
  const toClient: Link = link(options, (stream, target) =>
    toClient.acceptor.splice(stream, toAgent.initiator, target, {
      in: (bytes) => (counted.up += bytes),
      out: (bytes) => (counted.down += bytes),
    }),
  );
  return {
    client: toClient.initiator,
    relayIn: toClient.acceptor,
    relayOut: toAgent.initiator,
    agent: toAgent.acceptor,
    clientSentData: toClient.sentData,
    counted,
    errors: () => [...toClient.errors, ...toAgent.errors],
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function collect(stream: TunnelStream, pauseEveryBytes = 0): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let sincePause = 0;
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      sincePause += chunk.length;
      if (pauseEveryBytes > 0 && sincePause >= pauseEveryBytes) {
        sincePause = 0;
        stream.pause();
        setTimeout(() => stream.resume(), 1);
      }
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

async function writeAll(stream: TunnelStream, chunks: Uint8Array[]) {
  for (const chunk of chunks) {
    if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
  }
  stream.end();
}

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A way from an opener to an echoing acceptor, and what must hold once every stream is done. */
type EchoPath = {
  open: (target: string) => TunnelStream;
  check: (bytesPerDirection: number) => Promise<void>;
};

/**
 * Any number of streams, chunkings, windows, frame sizes and read paces: the acceptor echoes each
 * stream, so both directions and their flow control are exercised, and every byte comes back.
 */
async function echoProperty(makePath: (options: Partial<MultiplexerOptions>) => EchoPath) {
  const streamData = fc.array(fc.uint8Array({ minLength: 1, maxLength: 3000 }), { maxLength: 12 });
  await fc.assert(
    fc.asyncProperty(
      fc.array(streamData, { minLength: 1, maxLength: 5 }),
      fc.integer({ min: 64, max: 8192 }),
      fc.integer({ min: 16, max: 4096 }),
      fc.integer({ min: 0, max: 5000 }),
      async (streams, initialWindow, maxPayload, pauseEvery) => {
        const path = makePath({ initialWindow, maxPayload });
        const results = await Promise.all(
          streams.map(async (chunks, i) => {
            const stream = path.open(`echo-${i}`);
            const echoed = collect(stream, pauseEvery);
            await writeAll(stream, chunks);
            return { sent: Buffer.concat(chunks), echoed: await echoed };
          }),
        );
        for (const { sent, echoed } of results) expect(sha(echoed)).toBe(sha(sent));
        await path.check(results.reduce((sum, { sent }) => sum + sent.length, 0));
      },
    ),
    { numRuns: 60 },
  );
}

describe('multiplexer', () => {
  it("carries every stream's bytes intact both ways, whatever the chunking, windows and read pace", async () => {
    await echoProperty((options) => {
      const l = link(options, (stream) => stream.pipe(stream));
      return {
        open: (target) => l.initiator.open(target),
        check: async () => {
          expect(l.errors).toEqual([]);
          await new Promise((resolve) => setImmediate(resolve));
          expect(l.initiator.streamCount).toBe(0);
        },
      };
    });
  });

  it("reuses a data frame's buffer only once the connection has written it", () => {
    const sent: { frame: Uint8Array; written?: (() => void) | undefined }[] = [];
    const mux = new Multiplexer({
      role: 'initiator',
      send: (frame, written) => sent.push({ frame, written }),
    });
    const stream = mux.open('echo');
    stream.write(Buffer.alloc(20_000, 1));
    stream.write(Buffer.alloc(20_000, 2));
    const [, first, second] = sent;
    expect(second!.frame.buffer).not.toBe(first!.frame.buffer);
    // The first frame is still the connection's: its bytes stay as they were.
    expect(
      Buffer.from(first!.frame)
        .subarray(5)
        .every((byte) => byte === 1),
    ).toBe(true);
    first!.written!();
    stream.write(Buffer.alloc(20_000, 3));
    expect(sent[3]!.frame.buffer).toBe(first!.frame.buffer);
    expect(
      Buffer.from(sent[3]!.frame)
        .subarray(5)
        .every((byte) => byte === 3),
    ).toBe(true);
    expect(
      Buffer.from(second!.frame)
        .subarray(5)
        .every((byte) => byte === 2),
    ).toBe(true);
    mux.destroy();
  });

  it('carries bytes intact when the connection writes frames out and their buffers are reused', async () => {
    await echoProperty((options) => {
      const l = link(options, (stream) => stream.pipe(stream), 'copied');
      return {
        open: (target) => l.initiator.open(target),
        check: async () => expect(l.errors).toEqual([]),
      };
    });
    // Full-size frames too: 4 MB each way through the default window and frame size.
    const l = link({}, (stream) => stream.pipe(stream), 'copied');
    const data = randomBytes(4 * 1024 * 1024);
    const stream = l.initiator.open('echo');
    const echoed = collect(stream);
    await writeAll(stream, [data]);
    expect(sha(await echoed)).toBe(sha(data));
    expect(l.errors).toEqual([]);
  });

  it('never sends more than the window to a reader that does not read', async () => {
    const initialWindow = 16 * 1024;
    let held: TunnelStream | undefined;
    const l = link({ initialWindow }, (stream) => {
      held = stream; // never read
    });
    const stream = l.initiator.open('slow');
    let writes = 0;
    const big = new Uint8Array(8192);
    // Keep writing while the stream accepts; it stops accepting once the window is spent.
    while (stream.write(big) && writes < 1000) writes += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(l.sentData()).toBe(initialWindow);
    expect(held?.readableLength).toBe(initialWindow);
    // Reading releases credit, and the rest flows.
    held!.resume();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(l.sentData()).toBeGreaterThan(initialWindow);
  });

  it('a reset on one side errors the stream on the other', async () => {
    let remote: TunnelStream | undefined;
    const l = link({}, (stream) => {
      remote = stream;
    });
    const stream = l.initiator.open('x');
    const failed = new Promise<Error>((resolve) => stream.on('error', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    remote!.destroy(new Error('refused: not in the service list'));
    expect((await failed).message).toBe('refused: not in the service list');
  });

  it('refuses streams when nobody accepts them', async () => {
    const l = link({}, undefined);
    const stream = l.initiator.open('x');
    const failed = new Promise<Error>((resolve) => stream.on('error', resolve));
    expect((await failed).message).toBe('streams are not accepted here');
  });

  it('treats a peer that sends past its window as a protocol error', () => {
    const mux = new Multiplexer({ role: 'acceptor', send: () => {}, initialWindow: 10, onStream: () => {} });
    mux.receive(encodeFrame({ type: 'open', streamId: 1, target: 't' }));
    expect(() =>
      mux.receive(encodeFrame({ type: 'data', streamId: 1, payload: new Uint8Array(11) })),
    ).toThrow(ProtocolError);
  });

  it('treats an open with the wrong parity or a reused id as a protocol error', () => {
    const mux = new Multiplexer({ role: 'acceptor', send: () => {}, onStream: () => {} });
    expect(() => mux.receive(encodeFrame({ type: 'open', streamId: 2, target: 't' }))).toThrow(/parity/);
    mux.receive(encodeFrame({ type: 'open', streamId: 3, target: 't' }));
    expect(() => mux.receive(encodeFrame({ type: 'open', streamId: 3, target: 't' }))).toThrow(
      /already open/,
    );
  });

  it('any sequence of messages gives frames or a ProtocolError, never a crash', () => {
    const message = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc
        .record({
          type: fc.integer({ min: 1, max: 5 }),
          id: fc.integer({ min: 1, max: 6 }),
          body: fc.uint8Array({ maxLength: 12 }),
        })
        .map(({ type, id, body }) => Uint8Array.of(type, 0, 0, 0, id, ...body)),
    );
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), (messages) => {
        const mux = new Multiplexer({
          role: 'acceptor',
          send: () => {},
          initialWindow: 32,
          onStream: (s) => s.resume(),
        });
        for (const m of messages) {
          try {
            mux.receive(m);
          } catch (error) {
            expect(error).toBeInstanceOf(ProtocolError);
            mux.destroy((error as Error).message);
            return;
          }
        }
        mux.destroy();
      }),
      { numRuns: 3000 },
    );
  });

  describe('splice', () => {
    it('passes every stream through a relay intact both ways, and counts each direction', async () => {
      await echoProperty((options) => {
        const r = relayed(options, (stream) => stream.pipe(stream));
        return {
          open: (target) => r.client.open(target),
          check: async (total) => {
            expect(r.counted).toEqual({ up: total, down: total });
            await settle();
            expect(r.errors()).toEqual([]);
            const counts = [r.client, r.relayIn, r.relayOut, r.agent].map((m) => m.streamCount);
            expect(counts).toEqual([0, 0, 0, 0]);
          },
        };
      });
    });

    it('lets the client send no more than the far reader granted', async () => {
      const initialWindow = 16 * 1024;
      let held: TunnelStream | undefined;
      const r = relayed({ initialWindow }, (stream) => {
        held = stream; // never read
      });
      const stream = r.client.open('slow');
      let writes = 0;
      while (stream.write(new Uint8Array(8192)) && writes < 1000) writes += 1;
      await settle();
      expect(r.clientSentData()).toBe(initialWindow);
      expect(r.counted.up).toBe(initialWindow);
      expect(held?.readableLength).toBe(initialWindow);
      held!.resume();
      await settle();
      expect(r.clientSentData()).toBeGreaterThan(initialWindow);
    });

    it("passes the agent's refusal to the client with its reason", async () => {
      const r = relayed({}, (stream) => stream.destroy(new Error('refused: not in the service list')));
      const stream = r.client.open('x');
      const failed = new Promise<Error>((resolve) => stream.on('error', resolve));
      expect((await failed).message).toBe('refused: not in the service list');
      await settle();
      expect([r.relayIn.streamCount, r.relayOut.streamCount]).toEqual([0, 0]);
    });

    it("resets the client's streams when the agent's connection goes", async () => {
      const r = relayed({}, () => {});
      const stream = r.client.open('x');
      const failed = new Promise<Error>((resolve) => stream.on('error', resolve));
      await settle();
      r.relayOut.destroy('agent gone');
      expect((await failed).message).toBe('agent gone');
    });

    it('treats a client that sends past the window as a protocol error', () => {
      const sent: Uint8Array[] = [];
      const agentSide = new Multiplexer({
        role: 'initiator',
        send: (frame) => sent.push(frame),
        initialWindow: 10,
      });
      const relay = new Multiplexer({
        role: 'acceptor',
        send: () => {},
        initialWindow: 10,
        onStream: (stream, target) => relay.splice(stream, agentSide, target),
      });
      relay.receive(encodeFrame({ type: 'open', streamId: 1, target: 't' }));
      relay.receive(encodeFrame({ type: 'data', streamId: 1, payload: new Uint8Array(10) }));
      expect(() =>
        relay.receive(encodeFrame({ type: 'data', streamId: 1, payload: new Uint8Array(1) })),
      ).toThrow(ProtocolError);
      // Passed through as it came, under the agent side's id.
      expect([...sent[1]!.subarray(0, 5)]).toEqual([2, 0, 0, 0, 1]);
    });

    it('treats a receiver that grants more than it received as a protocol error', () => {
      const agentSide = new Multiplexer({ role: 'initiator', send: () => {}, initialWindow: 10 });
      const relay = new Multiplexer({
        role: 'acceptor',
        send: () => {},
        initialWindow: 10,
        onStream: (stream, target) => relay.splice(stream, agentSide, target),
      });
      relay.receive(encodeFrame({ type: 'open', streamId: 1, target: 't' }));
      // Nothing came from the agent yet, so there is nothing the client could have consumed.
      expect(() => relay.receive(encodeFrame({ type: 'credit', streamId: 1, bytes: 1 }))).toThrow(
        /granted more than it received/,
      );
    });

    it('leaves the stream to the caller when the other side cannot take it', () => {
      const closed = new Multiplexer({ role: 'initiator', send: () => {} });
      closed.destroy();
      let refused: Error | undefined;
      const relay = new Multiplexer({
        role: 'acceptor',
        send: () => {},
        onStream: (stream, target) => {
          try {
            relay.splice(stream, closed, target);
          } catch (error) {
            refused = error as Error;
            stream.destroy(refused);
          }
        },
      });
      relay.receive(encodeFrame({ type: 'open', streamId: 1, target: 't' }));
      expect(refused?.message).toBe('multiplexer is closed');
      expect(relay.streamCount).toBe(0);
    });
  });
});
