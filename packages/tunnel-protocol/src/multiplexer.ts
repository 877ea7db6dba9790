import { Duplex } from 'node:stream';
import {
  decodeFrame,
  defaultMaxPayload,
  encodeFrame,
  headerLength,
  ProtocolError,
  type Frame,
} from './frames.ts';
import { SplicedEnd, type StreamEnd } from './spliced-end.ts';

export type MultiplexerOptions = {
  /** The initiator numbers the streams it opens odd, the acceptor even, so ids never collide. */
  role: 'initiator' | 'acceptor';
  /**
   * Sends one encoded frame to the peer (one WebSocket message). A sender that calls `written`
   * once the connection no longer holds the bytes (written out, or never to be) lets the
   * multiplexer reuse a data frame's buffer; one that does not simply never gets it back.
   */
  send: (frame: Uint8Array, written?: () => void) => void;
  /** The peer opened a stream to `target`; destroy the stream to refuse it. */
  onStream?: (stream: TunnelStream, target: string) => void;
  /** Bytes a sender may have in flight per stream before the receiver grants more. */
  initialWindow?: number;
  maxPayload?: number;
  maxStreams?: number;
};

/**
 * Every peer must use the same initial window (credit passes through the relay unchanged).
 * 1 MiB keeps a stream's pipe full across the relay's two hops, where credit travels end to
 * end: 256 KiB carried 64–70 MB/s in bench/tunnel, 1 MiB 84–95 MB/s with less CPU per byte.
 */
const defaults = { initialWindow: 1024 * 1024, maxStreams: 1024 };

/**
 * Many TCP-like streams over one message connection, each with credit-based flow control:
 * a sender never has more than the receiver's window in flight, and the receiver grants more
 * only as its reader consumes, so a slow reader never makes either side buffer without bound.
 */
export class Multiplexer {
  readonly #options: Required<Omit<MultiplexerOptions, 'onStream'>> & Pick<MultiplexerOptions, 'onStream'>;
  readonly #streams = new Map<number, StreamEnd>();
  #nextId: number;
  #destroyed = false;

  constructor(options: MultiplexerOptions) {
    this.#options = { ...defaults, maxPayload: defaultMaxPayload, ...options };
    this.#nextId = options.role === 'initiator' ? 1 : 2;
  }

  get streamCount() {
    return this.#streams.size;
  }

  /** Opens a stream to `target` (what it means is up to the peer: a service, host:port …). */
  open(target: string): TunnelStream {
    const id = this.#nextOpenId();
    const stream = this.#createStream(id);
    this.#send({ type: 'open', streamId: id, target });
    return stream;
  }

  /** The id for a stream this side opens; throws when it may not open another. */
  #nextOpenId(): number {
    if (this.#destroyed) throw new Error('multiplexer is closed');
    if (this.#streams.size >= this.#options.maxStreams) throw new Error('too many streams');
    const id = this.#nextId;
    this.#nextId += 2;
    return id;
  }

  /** Handles one message from the peer. Throws ProtocolError when the peer broke the protocol. */
  receive(message: Uint8Array): void {
    if (this.#destroyed) return;
    const frame = decodeFrame(message, this.#options.maxPayload);
    const stream = this.#streams.get(frame.streamId);
    switch (frame.type) {
      case 'open':
        return this.#handleOpen(frame.streamId, frame.target);
      case 'data':
        // Data for a stream this side already reset is dropped; the peer learns of the reset.
        return stream?.handleData(frame.payload, message);
      case 'close':
        return stream?.handleClose();
      case 'reset':
        return stream?.handleReset(frame.reason);
      case 'credit':
        return stream?.handleCredit(frame.bytes);
    }
  }

  /**
   * Joins `stream`, just opened by this side's peer and handed to onStream, to a new stream to
   * `target` on `other`: from then on the two peers talk through this process with only stream
   * ids rewritten (see SplicedEnd). Call it from onStream, before the stream carried anything.
   * Throws like open() when `other` cannot take another stream.
   */
  splice(
    stream: TunnelStream,
    other: Multiplexer,
    target: string,
    count: { in?: (bytes: number) => void; out?: (bytes: number) => void } = {},
  ) {
    if (this.#streams.get(stream.id) !== stream) throw new Error('not an open stream of this multiplexer');
    // Credit passes through unchanged, so both sides must start from the same window.
    if (other.#options.initialWindow !== this.#options.initialWindow)
      throw new Error('spliced multiplexers need the same initial window');
    const far = other.#openSpliced(target, count.out);
    stream.detach();
    const near = this.#spliceEnd(stream.id, count.in);
    SplicedEnd.join(near, far);
  }

  #openSpliced(target: string, onData: ((bytes: number) => void) | undefined): SplicedEnd {
    const id = this.#nextOpenId();
    const end = this.#spliceEnd(id, onData);
    this.#send({ type: 'open', streamId: id, target });
    return end;
  }

  #spliceEnd(id: number, onData: ((bytes: number) => void) | undefined): SplicedEnd {
    const end = new SplicedEnd(id, {
      window: this.#options.initialWindow,
      send: (frame) => this.#send(frame),
      sendEncoded: (message) => {
        if (!this.#destroyed) this.#options.send(message);
      },
      forget: () => this.#streams.delete(id),
      onData,
    });
    this.#streams.set(id, end);
    return end;
  }

  /** Ends every stream (the connection is gone); nothing more is sent. */
  destroy(reason = 'connection closed') {
    if (this.#destroyed) return;
    this.#destroyed = true;
    for (const stream of this.#streams.values()) stream.handleReset(reason);
    this.#streams.clear();
  }

  #handleOpen(id: number, target: string) {
    const peerParity = this.#options.role === 'initiator' ? 0 : 1;
    if (id % 2 !== peerParity) throw new ProtocolError(`stream ${id} has the wrong parity`);
    if (this.#streams.has(id)) throw new ProtocolError(`stream ${id} is already open`);
    const stream = this.#createStream(id);
    if (this.#streams.size > this.#options.maxStreams) {
      stream.destroy(new Error('too many streams'));
      return;
    }
    if (this.#options.onStream) this.#options.onStream(stream, target);
    else stream.destroy(new Error('streams are not accepted here'));
  }

  #createStream(id: number): TunnelStream {
    const stream = new TunnelStream(id, {
      window: this.#options.initialWindow,
      maxPayload: this.#options.maxPayload,
      send: (frame) => this.#send(frame),
      forget: () => this.#streams.delete(id),
    });
    this.#streams.set(id, stream);
    return stream;
  }

  #send(frame: Frame) {
    if (this.#destroyed) return;
    // Small frames get buffers of their own size: a sender that never calls `written` (the
    // server's) would otherwise take a whole pooled buffer for each.
    const pooled = frame.type === 'data' && frame.payload.length >= pooledFromBytes;
    if (!pooled || frame.payload.length > defaultMaxPayload) return this.#options.send(encodeFrame(frame));
    const buffer = dataFrameBuffers.pop() ?? Buffer.allocUnsafe(headerLength + defaultMaxPayload);
    this.#options.send(encodeFrame(frame, buffer), () => {
      if (dataFrameBuffers.length < dataFrameBuffersKept) dataFrameBuffers.push(buffer);
    });
  }
}

/**
 * Data frames' buffers, reused once written. Every 64 KB a stream sends otherwise allocates one
 * more short-lived buffer, and with V8 counting Buffers towards its heap limit
 * (external-memory.ts) every few tens of megabytes carried cost a full collection. Shared by the
 * process's multiplexers and bounded, so a burst leaves at most 2 MB behind.
 */
const dataFrameBuffers: Buffer[] = [];
const dataFrameBuffersKept = 32;
const pooledFromBytes = defaultMaxPayload / 4;

type StreamWiring = {
  window: number;
  maxPayload: number;
  send: (frame: Frame) => void;
  forget: () => void;
};

/** One stream of a multiplexer: a Node Duplex, so it pipes to and from sockets with backpressure. */
export class TunnelStream extends Duplex implements StreamEnd {
  readonly id: number;
  readonly #wiring: StreamWiring;
  /** Bytes this side may still send before the peer grants more. */
  #sendWindow: number;
  /** Bytes the peer may still send before this side grants more. */
  #receiveWindow: number;
  #received = 0;
  #granted = 0;
  #pendingWrite: { chunk: Uint8Array; callback: (error?: Error | null) => void } | null = null;
  #remoteEnded = false;
  #localEnded = false;
  #resetByPeer = false;
  /** Handed to a splice: the id belongs to the splice now, this object just goes away. */
  #detached = false;

  constructor(id: number, wiring: StreamWiring) {
    super({
      readableHighWaterMark: wiring.window,
      writableHighWaterMark: wiring.maxPayload,
      allowHalfOpen: true,
    });
    this.id = id;
    this.#wiring = wiring;
    this.#sendWindow = wiring.window;
    this.#receiveWindow = wiring.window;
    // A lost connection or a peer's reset destroys streams with an error; a process whose code
    // attached no 'error' listener must not crash for it. Listeners added by users still see it.
    this.on('error', () => {});
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.#pendingWrite = { chunk, callback };
    this.#flushWrite();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.#localEnded = true;
    this.#wiring.send({ type: 'close', streamId: this.id });
    this.#forgetIfDone();
    callback();
  }

  // Data arrives when the peer sends it; what the consumer takes is granted back in read().
  override _read() {}

  /** Every way of consuming (read(), 'data' in flowing mode, pipe) goes through here or handleData. */
  override read(size?: number): unknown {
    const chunk: unknown = super.read(size);
    if (chunk !== null) this.#grant();
    return chunk;
  }

  /** For Multiplexer.splice: ends this object without a word to the peer or the multiplexer. */
  detach() {
    if (
      this.#received > 0 ||
      this.#localEnded ||
      this.#remoteEnded ||
      this.writableLength > 0 ||
      this.#pendingWrite
    )
      throw new Error('only a stream that carried nothing yet can be spliced');
    this.#detached = true;
    this.destroy();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (this.#detached) return callback(error);
    const done = this.#localEnded && this.#remoteEnded;
    if (!done && !this.#resetByPeer) {
      this.#wiring.send({ type: 'reset', streamId: this.id, reason: error?.message ?? 'stream closed' });
    }
    this.#pendingWrite?.callback(error ?? new Error('stream closed'));
    this.#pendingWrite = null;
    this.#wiring.forget();
    callback(error);
  }

  handleData(payload: Uint8Array) {
    if (this.#remoteEnded) throw new ProtocolError(`data after close on stream ${this.id}`);
    if (payload.length > this.#receiveWindow)
      throw new ProtocolError(`stream ${this.id} sent past its window`);
    this.#receiveWindow -= payload.length;
    this.#received += payload.length;
    this.push(payload);
    this.#grant();
  }

  handleClose() {
    if (this.#remoteEnded) return;
    this.#remoteEnded = true;
    this.push(null);
    this.#forgetIfDone();
  }

  handleReset(reason: string) {
    this.#resetByPeer = true;
    this.destroy(new Error(reason));
  }

  handleCredit(bytes: number) {
    this.#sendWindow += bytes;
    if (this.#sendWindow > 2 ** 31) throw new ProtocolError(`stream ${this.id} window overflow`);
    this.#flushWrite();
  }

  /** Sends as much of the pending write as the window allows; completes it when all is sent. */
  #flushWrite() {
    const pending = this.#pendingWrite;
    if (!pending) return;
    while (pending.chunk.length > 0 && this.#sendWindow > 0) {
      const size = Math.min(pending.chunk.length, this.#sendWindow, this.#wiring.maxPayload);
      this.#wiring.send({ type: 'data', streamId: this.id, payload: pending.chunk.subarray(0, size) });
      pending.chunk = pending.chunk.subarray(size);
      this.#sendWindow -= size;
    }
    if (pending.chunk.length === 0) {
      this.#pendingWrite = null;
      pending.callback();
    }
  }

  /**
   * Grants the peer what the consumer has taken out of the buffer, in batches of a quarter
   * window to keep credit frames few. Bytes still buffered are not granted: that is the bound.
   * No deadlock: a blocked sender means a full window, so either the buffer still holds data
   * the consumer will read (and grant) or at least a quarter window was consumed already.
   */
  #grant() {
    if (this.destroyed || this.#remoteEnded) return;
    const consumed = this.#received - this.readableLength - this.#granted;
    if (consumed < Math.max(1, Math.floor(this.#wiring.window / 4))) return;
    this.#granted += consumed;
    this.#receiveWindow += consumed;
    this.#wiring.send({ type: 'credit', streamId: this.id, bytes: consumed });
  }

  #forgetIfDone() {
    if (this.#localEnded && this.#remoteEnded) this.#wiring.forget();
  }
}
