import { appendFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { atomicWrite } from './atomic-write.ts';

/** One collected value: tag public id, time (ms since the epoch), value. */
export type SpooledSample = [tag: string, timeMs: number, value: number];

/** Samples read from the head of the spool; `ack` it once the server stored them. */
export type SpoolBatch = {
  id: string;
  samples: SpooledSample[];
  /** Samples dropped (spool full) not yet reported to the server. */
  dropped: number;
  segment: number;
  offset: number;
};

export type SpoolOptions = {
  dir: string;
  /** At most this many samples are kept; when full the oldest go first. Default 1,000,000. */
  maxSamples?: number;
};

export const defaultSpoolSamples = 1_000_000;
const stateFile = 'state.json';
const segmentName = (n: number) => `segment-${String(n).padStart(10, '0')}.jsonl`;
const segmentPattern = /^segment-(\d{10})\.jsonl$/;

type Segment = { n: number; count: number };

/**
 * The agent's on-disk buffer of collected samples, so nothing is lost while the server cannot be
 * reached: append-only segment files (one JSON line per sample), read and acknowledged from the
 * oldest. It holds at most `maxSamples`; when full, whole oldest segments are dropped and counted
 * (the count is persisted and reported with the next batch). A crash can at worst lose a torn
 * last line; the head position is saved after each acknowledgement (a batch resent after a crash
 * is harmless: the server stores each tag and time once).
 */
export class Spool {
  readonly #dir: string;
  readonly #maxSamples: number;
  readonly #segmentSize: number;
  #segments: Segment[] = [];
  #headOffset = 0;
  #dropped = 0;
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(dir: string, maxSamples: number) {
    this.#dir = dir;
    this.#maxSamples = maxSamples;
    // About 1/20 of the bound per file, so dropping a whole file drops no more than 5 %.
    this.#segmentSize = Math.max(1, Math.min(10_000, Math.floor(maxSamples / 20)));
  }

  static async open(options: SpoolOptions): Promise<Spool> {
    const maxSamples = options.maxSamples ?? defaultSpoolSamples;
    if (!Number.isInteger(maxSamples) || maxSamples < 1)
      throw new Error('The spool must hold at least 1 sample');
    const spool = new Spool(options.dir, maxSamples);
    await spool.#load();
    return spool;
  }

  /** Samples waiting to be sent. */
  get size(): number {
    return this.#segments.reduce((sum, s) => sum + s.count, 0) - this.#headOffset;
  }

  /** Samples dropped because the spool was full, not yet reported. */
  get dropped(): number {
    return this.#dropped;
  }

  append(samples: readonly SpooledSample[]): Promise<void> {
    return this.#serial(() => this.#append(samples));
  }

  /** Up to `max` of the oldest samples (from one segment), or null when there are none. */
  peek(max: number): Promise<SpoolBatch | null> {
    return this.#serial(() => this.#peek(max));
  }

  /** Removes a batch the server acknowledged and subtracts the dropped count it reported. */
  ack(batch: SpoolBatch): Promise<void> {
    return this.#serial(() => this.#ack(batch));
  }

  /** Resolves once every append and ack asked for so far is on disk. */
  async idle(): Promise<void> {
    await this.#queue;
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #load() {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const names = (await readdir(this.#dir)).filter((name) => segmentPattern.test(name)).sort();
    for (const name of names) {
      const samples = await this.#readSegment(Number(segmentPattern.exec(name)![1]));
      this.#segments.push({ n: Number(segmentPattern.exec(name)![1]), count: samples.length });
    }
    try {
      const state = JSON.parse(await readFile(path.join(this.#dir, stateFile), 'utf8')) as {
        head?: unknown;
        offset?: unknown;
        dropped?: unknown;
      };
      if (typeof state.dropped === 'number' && Number.isSafeInteger(state.dropped) && state.dropped >= 0)
        this.#dropped = state.dropped;
      const head = this.#segments[0];
      if (head && state.head === head.n && typeof state.offset === 'number')
        this.#headOffset = Math.min(Math.max(0, Math.floor(state.offset)), head.count);
    } catch {
      // No state yet: nothing acknowledged, nothing dropped.
    }
  }

  async #readSegment(n: number): Promise<SpooledSample[]> {
    let text: string;
    try {
      text = await readFile(path.join(this.#dir, segmentName(n)), 'utf8');
    } catch {
      return [];
    }
    const samples: SpooledSample[] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const value = JSON.parse(line) as unknown;
        if (
          Array.isArray(value) &&
          value.length === 3 &&
          typeof value[0] === 'string' &&
          typeof value[1] === 'number' &&
          typeof value[2] === 'number'
        )
          samples.push(value as SpooledSample);
      } catch {
        // A torn line from a crash while writing: skipped.
      }
    }
    return samples;
  }

  async #append(samples: readonly SpooledSample[]) {
    let rest = samples;
    while (rest.length > 0) {
      let tail = this.#segments.at(-1);
      if (!tail || tail.count >= this.#segmentSize) {
        tail = { n: (tail?.n ?? 0) + 1, count: 0 };
        this.#segments.push(tail);
      }
      const part = rest.slice(0, this.#segmentSize - tail.count);
      rest = rest.slice(part.length);
      await appendFile(
        path.join(this.#dir, segmentName(tail.n)),
        // Starting with a line break: a line torn by a crash before never swallows the next one.
        '\n' + part.map((s) => JSON.stringify(s)).join('\n') + '\n',
        { mode: 0o600 },
      );
      tail.count += part.length;
    }
    let dropped = false;
    while (this.size > this.#maxSamples && this.#segments.length > 0) {
      const head = this.#segments.shift()!;
      this.#dropped += head.count - this.#headOffset;
      this.#headOffset = 0;
      await rm(path.join(this.#dir, segmentName(head.n)), { force: true });
      dropped = true;
    }
    if (dropped) await this.#saveState();
  }

  async #peek(max: number): Promise<SpoolBatch | null> {
    while (this.#segments.length > 0) {
      const head = this.#segments[0]!;
      if (this.#headOffset < head.count) {
        const all = await this.#readSegment(head.n);
        // A segment shorter than counted (torn lines) is taken as read.
        head.count = all.length;
        const samples = all.slice(this.#headOffset, this.#headOffset + max);
        if (samples.length > 0)
          return {
            id: `${head.n}-${this.#headOffset}-${samples.length}`,
            samples,
            dropped: this.#dropped,
            segment: head.n,
            offset: this.#headOffset,
          };
      }
      // The head is used up: the tail is never removed while it is being written to.
      if (this.#segments.length === 1) return null;
      await this.#removeHead();
    }
    return null;
  }

  async #ack(batch: SpoolBatch) {
    this.#dropped = Math.max(0, this.#dropped - batch.dropped);
    const head = this.#segments[0];
    // The batch's samples were dropped meanwhile (spool full): nothing else to remove.
    if (head && head.n === batch.segment && this.#headOffset === batch.offset) {
      this.#headOffset += batch.samples.length;
      if (this.#headOffset >= head.count && this.#segments.length > 1) await this.#removeHead();
    }
    await this.#saveState();
  }

  async #removeHead() {
    const head = this.#segments.shift()!;
    this.#headOffset = 0;
    await rm(path.join(this.#dir, segmentName(head.n)), { force: true });
    await this.#saveState();
  }

  async #saveState() {
    await atomicWrite(
      path.join(this.#dir, stateFile),
      JSON.stringify({
        head: this.#segments[0]?.n ?? null,
        offset: this.#headOffset,
        dropped: this.#dropped,
      }) + '\n',
    );
  }
}
