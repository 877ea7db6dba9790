import {
  appNotInstalledMessage,
  dataLoggingErrors,
  dataLoggingLimits,
  type AgentSampleBatchAck,
  type AgentSampleBatchInput,
  type ApiFailure,
  type ApiSuccess,
  type DiscoveryEntry,
} from '@fleetgate/contracts';
import { backoffDelay } from './backoff.ts';
import type { Spool, SpoolBatch } from './spool.ts';

const apiVersion = '2';

export type UploaderOptions = {
  /** The server the agent enrolled with; `AgentSampleBatch` is found through its discovery. */
  server: string;
  credential: string;
  spool: Spool;
  log?: (line: string) => void;
  /** How often the spool is looked at when it was empty; default 1 s. */
  idleMs?: number;
  /** Retry backoff after a failure; default 1 s doubling to 60 s. */
  minDelayMs?: number;
  maxDelayMs?: number;
  batchSize?: number;
};

type Outcome =
  | { kind: 'stored' }
  | { kind: 'discard'; reason: string }
  | { kind: 'retry'; reason: string; afterMs?: number }
  | { kind: 'stop'; reason: string };

/**
 * Sends the spool to the server: the oldest samples in batches (`POST AgentSampleBatch` with the
 * agent's credential). Only a 200 removes a batch; a network error, a 5xx or a 429 keeps it and
 * retries with backoff (a Retry-After is honoured); a 401 stops (the agent must be re-enrolled);
 * a 403 because logging is not activated (or the company's Data logging app is not installed)
 * drops that batch, and so does a 400: the server will never take it, and holding it would hold
 * every batch after it.
 */
export class Uploader {
  readonly #options: Required<Omit<UploaderOptions, 'log'>> & { log: (line: string) => void };
  #href: string | undefined;
  #stopped = false;
  #wake: (() => void) | undefined;
  #done: Promise<void> = Promise.resolve();
  #failures = 0;
  #stoppedByServer = false;

  constructor(options: UploaderOptions) {
    this.#options = {
      log: () => undefined,
      idleMs: 1000,
      minDelayMs: 1000,
      maxDelayMs: 60_000,
      batchSize: dataLoggingLimits.samplesPerBatch,
      ...options,
    };
  }

  /** True once the server refused the credential: nothing more is sent until a re-enrolment. */
  get refused(): boolean {
    return this.#stoppedByServer;
  }

  start(): this {
    this.#done = this.#loop();
    return this;
  }

  /** Sends now instead of at the next look (new samples arrived, or the relay came back). */
  nudge(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#done;
  }

  async #loop() {
    const { spool, log } = this.#options;
    while (!this.#stopped) {
      const batch = await spool.peek(this.#options.batchSize);
      if (!batch) {
        await this.#sleep(this.#options.idleMs);
        continue;
      }
      const outcome = await this.#send(batch);
      if (this.#stopped) break;
      switch (outcome.kind) {
        case 'stored':
          if (this.#failures > 0) log('data logging: sending samples again');
          this.#failures = 0;
          await spool.ack(batch);
          break;
        case 'discard':
          log(`data logging: ${batch.samples.length} sample(s) dropped: ${outcome.reason}`);
          this.#failures = 0;
          await spool.ack(batch);
          break;
        case 'stop':
          log(`data logging: ${outcome.reason}; samples are kept but no longer sent`);
          this.#stoppedByServer = true;
          return;
        case 'retry': {
          const delay =
            outcome.afterMs ??
            backoffDelay(this.#failures, {
              minDelayMs: this.#options.minDelayMs,
              maxDelayMs: this.#options.maxDelayMs,
            });
          this.#failures += 1;
          log(
            `data logging: cannot send samples (${outcome.reason}), ${spool.size} waiting; retrying in ${(delay / 1000).toFixed(1)} s`,
          );
          await this.#sleep(delay);
          break;
        }
      }
    }
  }

  async #send(batch: SpoolBatch): Promise<Outcome> {
    let href: string;
    try {
      href = await this.#endpoint();
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
    const body: AgentSampleBatchInput = {
      batchId: batch.id,
      dropped: batch.dropped,
      samples: batch.samples,
    };
    let response: Response;
    try {
      response = await fetch(href, {
        method: 'POST',
        headers: {
          'Api-Version': apiVersion,
          Authorization: `Bearer ${this.#options.credential}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
    const text = await response.text().catch(() => '');
    if (response.status === 200) {
      const ack = parse<ApiSuccess<AgentSampleBatchAck>>(text);
      if (ack?.data?.batchId !== batch.id)
        return { kind: 'retry', reason: 'the server answered without this batch' };
      const rejected = ack.data.rejected;
      if (typeof rejected === 'number' && rejected > 0) {
        const indexes = Array.isArray(ack.data.rejectedIndexes) ? ack.data.rejectedIndexes : [];
        this.#options.log(
          `data logging: the server refused ${rejected} of ${batch.samples.length} sample(s) (time out of range or not a number)${indexes.length > 0 ? `, for example ${describeSample(batch.samples[indexes[0]!])}` : ''}`,
        );
      }
      return { kind: 'stored' };
    }
    if (response.status === 401)
      return { kind: 'stop', reason: 'the server refused the credential (401): re-enrol the agent' };
    const message = parse<ApiFailure>(text)?.data?.[0]?.message;
    if (response.status === 403 && message === dataLoggingErrors.loggingNotActive)
      return { kind: 'discard', reason: 'data logging is not activated for this agent' };
    if (response.status === 403 && message === appNotInstalledMessage('dataLogging'))
      return { kind: 'discard', reason: 'the Data logging app is not installed in the company' };
    // The server found the batch itself wrong (its id, its shape): resent as it is, it would
    // be refused again forever and block every batch after it.
    if (response.status === 400)
      return {
        kind: 'discard',
        reason: `the server refused the batch (400${message ? `: ${message}` : ''})`,
      };
    if (response.status === 429 || response.status >= 500) {
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        kind: 'retry',
        reason: `the server answered ${response.status}`,
        ...(response.headers.has('retry-after') && Number.isFinite(retryAfter) && retryAfter >= 0
          ? { afterMs: Math.min(retryAfter * 1000, 3_600_000) }
          : {}),
      };
    }
    if (response.status === 404) this.#href = undefined;
    // Anything else (an older server, a proxy in the way): keep the samples and try again later.
    return {
      kind: 'retry',
      reason: `the server answered ${response.status}${message ? `: ${message}` : ''}`,
    };
  }

  /** The AgentSampleBatch call from the server's discovery document, looked up once. */
  async #endpoint(): Promise<string> {
    if (this.#href) return this.#href;
    const base = this.#options.server.replace(/\/+$/, '');
    const response = await fetch(`${base}/api`, {
      headers: { 'Api-Version': apiVersion },
      signal: AbortSignal.timeout(30_000),
    });
    const body = parse<ApiSuccess<DiscoveryEntry[]>>(await response.text());
    const entry = Array.isArray(body?.data) ? body.data.find((e) => e.rel === 'AgentSampleBatch') : undefined;
    if (!entry) throw new Error(`${base} does not offer AgentSampleBatch`);
    // Only the path is taken: the credential goes to the configured server, never another host.
    this.#href = new URL(new URL(entry.href, `${base}/`).pathname, `${base}/`).href;
    return this.#href;
  }

  #sleep(ms: number): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }
}

function describeSample(sample: SpoolBatch['samples'][number] | undefined): string {
  if (!sample) return 'none';
  const [tag, time, value] = sample;
  return `tag ${tag} at ${String(time)} ms with ${String(value)}`;
}

function parse<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
