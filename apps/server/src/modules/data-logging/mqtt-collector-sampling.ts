import { dataLoggingLimits, type TagDataType, type TagLogMode } from '@fleetgate/contracts';

/** Payloads longer than this are not a single value: ignored without parsing. */
export const maxPayloadBytes = 256;

/** Larger values are refused like the agent's: the roll-ups' sums must not overflow. */
const { maxSampleMagnitude } = dataLoggingLimits;

const numberText = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Reads an MQTT payload as one number: plain number text (`21.5`, `-3e2`), `true`/`false`, or a
 * JSON object whose `value` is a number or a boolean. Anything else answers undefined.
 */
export function parsePayload(payload: Buffer): number | undefined {
  if (payload.length === 0 || payload.length > maxPayloadBytes) return undefined;
  const text = payload.toString('utf8').trim();
  if (text === 'true') return 1;
  if (text === 'false') return 0;
  if (numberText.test(text)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  }
  if (!text.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const value = (parsed as { value?: unknown }).value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export type TagSampling = {
  intervalSeconds: number;
  logMode: TagLogMode;
  scale: number;
  dataType: TagDataType;
};

/** A sample ready to store: the start of its interval (ms since 1970) and the scaled value. */
export type SlotSample = { time: number; value: number };

/**
 * One tag's values between messages and storage. Intervals are aligned to 1970-01-01 (UTC), so
 * every server process puts a message in the same interval. The newest value of an interval is
 * kept and handed out once the interval is over, stamped with the interval's start: one sample
 * per interval, and the same (tag, time) in every process that saw the same messages. `change`
 * tags hand out only a value that differs from the last one handed out (at first the tag's
 * newest stored value).
 */
export class TagSampler {
  readonly settings: TagSampling;
  #pending: SlotSample | undefined;
  #last: number | null;

  constructor(settings: TagSampling, lastValue: number | null) {
    this.settings = settings;
    this.#last = lastValue;
  }

  get lastValue() {
    return this.#last;
  }

  get #intervalMs() {
    return this.settings.intervalSeconds * 1000;
  }

  /** The stored value of a raw one (raw × scale, a bool as 0 or 1 first), or undefined when out of range. */
  scaled(raw: number): number | undefined {
    const value = (this.settings.dataType === 'bool' ? (raw !== 0 ? 1 : 0) : raw) * this.settings.scale;
    return Math.abs(value) <= maxSampleMagnitude ? value : undefined;
  }

  /** Takes a scaled value received at `now`; answers the previous interval's sample if this one closed it. */
  offer(value: number, now: number): SlotSample | undefined {
    const slot = Math.floor(now / this.#intervalMs) * this.#intervalMs;
    const done = this.#pending && this.#pending.time < slot ? this.#complete() : undefined;
    this.#pending = { time: slot, value };
    return done;
  }

  /** The sample of an interval that is over by `now`, if any. */
  due(now: number): SlotSample | undefined {
    if (!this.#pending || this.#pending.time + this.#intervalMs > now) return undefined;
    return this.#complete();
  }

  #complete(): SlotSample | undefined {
    const sample = this.#pending!;
    this.#pending = undefined;
    if (this.settings.logMode === 'change' && sample.value === this.#last) return undefined;
    this.#last = sample.value;
    return sample;
  }
}
