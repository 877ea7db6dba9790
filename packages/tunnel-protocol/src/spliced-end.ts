import { ProtocolError, type Frame } from './frames.ts';

/** What a multiplexer hands each frame of one stream to: a TunnelStream or a SplicedEnd. */
export interface StreamEnd {
  /** `message` is the whole frame as received, `payload` its data part. */
  handleData(payload: Uint8Array, message: Uint8Array): void;
  handleClose(): void;
  handleReset(reason: string): void;
  handleCredit(bytes: number): void;
}

export type SpliceWiring = {
  window: number;
  send: (frame: Frame) => void;
  /** Sends a frame that is already encoded (a data frame passed through). */
  sendEncoded: (message: Uint8Array) => void;
  forget: () => void;
  /** Data bytes this end received from its peer and passed on. */
  onData?: ((bytes: number) => void) | undefined;
};

/**
 * One end of two streams joined across two multiplexers (the relay between a client and an
 * agent). What one peer sends goes out to the other as it came, with only the stream id
 * rewritten: no buffering and no copying. Credit passes end to end, so a sender never has more
 * in flight than the far receiver granted, and the middle holds at most one window per stream
 * and direction, whatever either peer does.
 */
export class SplicedEnd implements StreamEnd {
  readonly id: number;
  readonly #wiring: SpliceWiring;
  #partner!: SplicedEnd;
  /** Bytes this end's peer may still send: what the far receiver granted, less what came. */
  #receiveWindow: number;
  #remoteEnded = false;
  #localEnded = false;

  constructor(id: number, wiring: SpliceWiring) {
    this.id = id;
    this.#wiring = wiring;
    this.#receiveWindow = wiring.window;
  }

  static join(a: SplicedEnd, b: SplicedEnd) {
    a.#partner = b;
    b.#partner = a;
  }

  handleData(payload: Uint8Array, message: Uint8Array) {
    if (this.#remoteEnded) throw new ProtocolError(`data after close on stream ${this.id}`);
    if (payload.length > this.#receiveWindow)
      throw new ProtocolError(`stream ${this.id} sent past its window`);
    this.#receiveWindow -= payload.length;
    this.#wiring.onData?.(payload.length);
    this.#partner.#sendData(message);
  }

  handleCredit(bytes: number) {
    this.#partner.#grant(bytes);
  }

  handleClose() {
    if (this.#remoteEnded) return;
    this.#remoteEnded = true;
    const partner = this.#partner;
    partner.#localEnded = true;
    partner.#wiring.send({ type: 'close', streamId: partner.id });
    this.#forgetIfDone();
    partner.#forgetIfDone();
  }

  handleReset(reason: string) {
    this.#wiring.forget();
    const partner = this.#partner;
    partner.#wiring.send({ type: 'reset', streamId: partner.id, reason });
    partner.#wiring.forget();
  }

  #sendData(message: Uint8Array) {
    // The frame is ours now (the socket handed it over); only the id differs on this side.
    new DataView(message.buffer, message.byteOffset, message.byteLength).setUint32(1, this.id);
    this.#wiring.sendEncoded(message);
  }

  /**
   * The far receiver granted more: this end's peer may send that much more. An honest receiver
   * grants only what it consumed, so the window never grows past its initial size; a receiver
   * that grants more (to have the middle queue for it without bound) breaks the protocol.
   */
  #grant(bytes: number) {
    this.#receiveWindow += bytes;
    if (this.#receiveWindow > this.#wiring.window)
      throw new ProtocolError(`stream ${this.#partner.id} granted more than it received`);
    this.#wiring.send({ type: 'credit', streamId: this.id, bytes });
  }

  #forgetIfDone() {
    if (this.#localEnded && this.#remoteEnded) this.#wiring.forget();
  }
}
