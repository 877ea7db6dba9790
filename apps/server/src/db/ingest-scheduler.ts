/**
 * Who gets PGlite's one connection next. Requests (API calls, jobs) go before ingest work
 * (ingest-priority.ts: devices' sample batches), and a batch starts only once requests have
 * left the database alone for `graceMs`: a request makes several queries one after another,
 * and a batch slipped in between two of them would make the request wait for it each time.
 * Once `maxIngestWaitMs` passed without a batch, the oldest waiting one goes next anyway: batches
 * are slowed to one in that time while requests keep the database busy, never starved.
 */
export type IngestSchedule = { graceMs: number; maxIngestWaitMs: number; maxIngestWaiting: number };

/**
 * At most 32 batches wait: each holds its request and body (up to 1 MB) in memory, and an agent
 * whose batch waited past its own timeout sends it again while the first still waits.
 */
export const defaultIngestSchedule: IngestSchedule = {
  graceMs: 20,
  maxIngestWaitMs: 2000,
  maxIngestWaiting: 32,
};

/** Thrown to ingest work when as many batches as the schedule allows already wait. */
export class IngestQueueFullError extends Error {
  constructor() {
    super('Too many sample batches wait for the database');
    this.name = 'IngestQueueFullError';
  }
}

type Waiter = { grant: () => void; since: number };

export class ConnectionScheduler {
  readonly #schedule: IngestSchedule;
  #held = false;
  #heldByRequest = false;
  #requestEnded = -Infinity;
  #ingestGranted = -Infinity;
  readonly #requests: Waiter[] = [];
  readonly #ingest: Waiter[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(schedule: IngestSchedule = defaultIngestSchedule) {
    this.#schedule = schedule;
  }

  /** Resolves once the caller holds the connection; `release` hands it on. */
  acquire(ingest: boolean): Promise<void> {
    if (!this.#held && (ingest ? this.#ingest.length === 0 && !this.#inGrace() : true)) {
      this.#take(!ingest);
      return Promise.resolve();
    }
    if (ingest && this.#ingest.length >= this.#schedule.maxIngestWaiting)
      return Promise.reject(new IngestQueueFullError());
    return new Promise<void>((grant) => {
      (ingest ? this.#ingest : this.#requests).push({ grant, since: performance.now() });
      this.#next();
    });
  }

  release() {
    if (this.#heldByRequest) this.#requestEnded = performance.now();
    this.#held = false;
    this.#next();
  }

  #take(byRequest: boolean) {
    this.#held = true;
    this.#heldByRequest = byRequest;
  }

  #inGrace() {
    return performance.now() - this.#requestEnded < this.#schedule.graceMs;
  }

  #next() {
    if (this.#held) return;
    const batch = this.#ingest[0];
    const overdue = batch !== undefined && performance.now() >= this.#dueAt(batch);
    const request = overdue ? undefined : this.#requests.shift();
    if (request) {
      this.#take(true);
      request.grant();
      return;
    }
    if (!batch) return;
    if (!overdue && this.#inGrace()) {
      this.#wakeAfterGrace(batch);
      return;
    }
    this.#ingest.shift();
    this.#take(false);
    this.#ingestGranted = performance.now();
    batch.grant();
  }

  /** When a waiting batch goes before requests: `maxIngestWaitMs` after it came or the last batch went. */
  #dueAt(batch: Waiter) {
    return Math.max(batch.since, this.#ingestGranted) + this.#schedule.maxIngestWaitMs;
  }

  #wakeAfterGrace(batch: Waiter) {
    if (this.#timer) return;
    const now = performance.now();
    const wait = Math.min(this.#requestEnded + this.#schedule.graceMs, this.#dueAt(batch)) - now;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#next();
      },
      Math.max(1, Math.ceil(wait)),
    );
  }
}
