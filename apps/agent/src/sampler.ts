import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { ModbusRTU } from 'modbus-serial/ModbusRTU.js';
import {
  dataLoggingLimits,
  modbusAddressPattern,
  type AgentDataConfig,
  type TagDataType,
} from '@fleetgate/contracts';
import { backoffDelay } from './backoff.ts';
import { resolveTarget, type LanService } from './services.ts';
import type { SpooledSample } from './spool.ts';

type ConfigTag = AgentDataConfig['tags'][number];
type ConfigSource = AgentDataConfig['sources'][number];
type Area = 'hr' | 'ir' | 'coil' | 'di';
// modbus-serial is CommonJS whose module is the client class; its typings describe it as an ES
// default export, which TypeScript then types as the whole module. Loaded the CommonJS way.
const ModbusClient = createRequire(import.meta.url)('modbus-serial') as typeof ModbusRTU;
type ModbusClient = ModbusRTU;

/** Registers (or bits) a data type takes. */
export function registerCount(dataType: TagDataType): number {
  switch (dataType) {
    case 'bool':
    case 'int16':
    case 'uint16':
      return 1;
    case 'int32':
    case 'uint32':
    case 'float32':
      return 2;
    case 'float64':
      return 4;
  }
}

/** Decodes 16-bit registers (big-endian word order, as most devices send them) into a number. */
export function decodeRegisters(dataType: TagDataType, words: readonly number[]): number {
  const bytes = Buffer.alloc(words.length * 2);
  words.forEach((word, i) => bytes.writeUInt16BE(word & 0xffff, i * 2));
  switch (dataType) {
    case 'bool':
      return words[0] !== 0 ? 1 : 0;
    case 'int16':
      return bytes.readInt16BE(0);
    case 'uint16':
      return bytes.readUInt16BE(0);
    case 'int32':
      return bytes.readInt32BE(0);
    case 'uint32':
      return bytes.readUInt32BE(0);
    case 'float32':
      return bytes.readFloatBE(0);
    case 'float64':
      return bytes.readDoubleBE(0);
  }
}

export function parseAddress(address: string): { area: Area; start: number } {
  const match = modbusAddressPattern.exec(address);
  if (!match) throw new Error(`Not a Modbus address: ${address}`);
  return { area: match[1] as Area, start: Number(match[2]) };
}

type PlannedTag = ConfigTag & { area: Area; start: number; count: number };
/** One Modbus request covering one or more tags of the same area. */
type Read = { area: Area; start: number; count: number; tags: PlannedTag[] };

/** Registers one request may ask for (the protocol allows 125 registers or 2000 bits). */
const maxRegistersPerRead = 120;
const maxBitsPerRead = 1000;
/** Tags this close together are read in one request (the gap is read and ignored). */
const maxGap = 8;

/** Groups tags into as few requests as is sensible: same area, near each other, within the limits. */
export function planReads(tags: readonly ConfigTag[]): Read[] {
  const planned = tags
    .map((tag) => {
      const { area, start } = parseAddress(tag.address);
      const count = area === 'coil' || area === 'di' ? 1 : registerCount(tag.dataType);
      return { ...tag, area, start, count };
    })
    .sort((a, b) => a.area.localeCompare(b.area) || a.start - b.start);
  const reads: Read[] = [];
  for (const tag of planned) {
    const last = reads.at(-1);
    const limit = tag.area === 'coil' || tag.area === 'di' ? maxBitsPerRead : maxRegistersPerRead;
    const end = tag.start + tag.count;
    if (
      last &&
      last.area === tag.area &&
      tag.start <= last.start + last.count + maxGap &&
      Math.max(end, last.start + last.count) - last.start <= limit
    ) {
      last.count = Math.max(end, last.start + last.count) - last.start;
      last.tags.push(tag);
    } else {
      reads.push({ area: tag.area, start: tag.start, count: tag.count, tags: [tag] });
    }
  }
  return reads;
}

export type SamplerOptions = {
  services: readonly LanService[];
  /** Collected samples (in time order per tag). */
  onSamples: (samples: SpooledSample[]) => void;
  log?: (line: string) => void;
  /** Per request; default 2 s. */
  timeoutMs?: number;
  /** Reconnect backoff; default 1 s doubling to 60 s. */
  minDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * Reads the configured tags from Modbus TCP devices reached through the agent's own services:
 * one client per data source, each tag every `intervalSeconds` (tags of the same source and
 * interval share requests), value = decoded raw × scale. `interval` tags record every read,
 * `change` tags only a value that differs from the last recorded one. Times are the read's
 * `Date.now()`, strictly increasing per tag.
 */
export class Sampler {
  readonly #options: SamplerOptions;
  #sources: SourceReader[] = [];
  /** Per tag: last recorded time and value (kept across config changes, for `change` and times). */
  readonly #last = new Map<string, { time: number; value: number }>();
  /** Tags whose reading was not a storable number, logged once each. */
  readonly #unusable = new Set<string>();

  constructor(options: SamplerOptions) {
    this.#options = options;
  }

  /** Replaces what is collected; `collecting: false` or no tags stops. */
  async apply(config: AgentDataConfig): Promise<void> {
    await this.stop();
    const log = this.#options.log ?? (() => undefined);
    if (!config.collecting || config.tags.length === 0) {
      log('data logging: not collecting');
      return;
    }
    for (const source of config.sources) {
      const tags = config.tags.filter((tag) => tag.source === source.id);
      if (tags.length === 0) continue;
      const target = resolveTarget(this.#options.services, source.service);
      if (!target || !this.#options.services.some((s) => s.name === source.service)) {
        log(
          `data logging: "${source.service}" is not one of this agent's services; its ${tags.length} tag(s) are not read`,
        );
        continue;
      }
      const reader = new SourceReader(source, target, tags, {
        ...this.#options,
        log,
        record: (tag, value, time) => this.#record(tag, value, time),
      });
      this.#sources.push(reader);
      reader.start();
    }
    log(`data logging: collecting ${config.tags.length} tag(s) from ${this.#sources.length} source(s)`);
  }

  async stop(): Promise<void> {
    const sources = this.#sources;
    this.#sources = [];
    await Promise.all(sources.map((s) => s.stop()));
  }

  #record(tag: ConfigTag, value: number, time: number): SpooledSample | undefined {
    // NaN (a float register's "not available" pattern), an infinity (raw × a huge scale) or a
    // value beyond what the server stores: not recorded, and said once per tag.
    if (!Number.isFinite(value) || Math.abs(value) > dataLoggingLimits.maxSampleMagnitude) {
      if (!this.#unusable.has(tag.id)) {
        this.#unusable.add(tag.id);
        this.#options.log?.(
          `data logging: tag ${tag.id} (${tag.address}) read ${String(value)}, which is not recorded; further such readings are skipped silently`,
        );
      }
      return undefined;
    }
    const last = this.#last.get(tag.id);
    if (tag.logMode === 'change' && last && last.value === value) return undefined;
    const at = last && time <= last.time ? last.time + 1 : time;
    this.#last.set(tag.id, { time: at, value });
    return [tag.id, at, value];
  }
}

type ReaderOptions = SamplerOptions & {
  log: (line: string) => void;
  record: (tag: ConfigTag, value: number, time: number) => SpooledSample | undefined;
};

class SourceReader {
  readonly #source: ConfigSource;
  readonly #target: { host: string; port: number };
  readonly #groups: { intervalMs: number; reads: Read[] }[];
  readonly #options: ReaderOptions;
  #client: ModbusClient | undefined;
  #connecting: Promise<ModbusClient | undefined> | undefined;
  #failures = 0;
  #retryAt = 0;
  #timers: NodeJS.Timeout[] = [];
  #busy: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(
    source: ConfigSource,
    target: { host: string; port: number },
    tags: ConfigTag[],
    options: ReaderOptions,
  ) {
    this.#source = source;
    this.#target = target;
    this.#options = options;
    const intervals = [...new Set(tags.map((t) => t.intervalSeconds))];
    this.#groups = intervals.map((seconds) => ({
      intervalMs: seconds * 1000,
      reads: planReads(tags.filter((t) => t.intervalSeconds === seconds)),
    }));
  }

  start() {
    for (const group of this.#groups) {
      const run = () => {
        // One request at a time per device; a tick that finds the last still running waits for it.
        this.#busy = this.#busy
          .then(() => this.#poll(group.reads))
          .catch((error: unknown) =>
            this.#options.log(`data logging: ${this.#label()} read failed (${String(error)})`),
          );
      };
      run();
      const timer = setInterval(run, group.intervalMs);
      this.#timers.push(timer);
    }
  }

  async stop() {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    await this.#busy;
    const client = this.#client;
    this.#client = undefined;
    if (client) await new Promise<void>((resolve) => client.close(() => resolve()));
  }

  async #poll(reads: Read[]) {
    if (this.#stopped) return;
    const client = await this.#connect();
    if (!client) return;
    const samples: SpooledSample[] = [];
    for (const read of reads) {
      if (this.#stopped) return;
      let data: number[];
      try {
        data = await readArea(client, read);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!client.isOpen || /timed out|not open|ECONN|EPIPE|closed/i.test(message)) {
          this.#options.log(`data logging: ${this.#label()} lost (${message})`);
          this.#drop(client);
          break;
        }
        // The device refused this request (an exception such as an illegal address): the others still go.
        this.#options.log(
          `data logging: ${this.#label()} ${read.area}:${read.start} (${read.count}) refused: ${message}`,
        );
        continue;
      }
      const time = Date.now();
      for (const tag of read.tags) {
        const offset = tag.start - read.start;
        const words = data.slice(offset, offset + tag.count);
        const raw = decodeRegisters(tag.dataType, words);
        const sample = this.#options.record(tag, raw * tag.scale, time);
        if (sample) samples.push(sample);
      }
    }
    if (samples.length > 0) this.#options.onSamples(samples);
  }

  #label() {
    return `${this.#source.service} (${this.#target.host}:${this.#target.port}, unit ${this.#source.unitId})`;
  }

  #drop(client: ModbusClient) {
    if (this.#client === client) this.#client = undefined;
    this.#schedule();
    client.close(() => undefined);
  }

  #schedule() {
    const { minDelayMs = 1000, maxDelayMs = 60_000 } = this.#options;
    this.#retryAt = Date.now() + backoffDelay(this.#failures, { minDelayMs, maxDelayMs });
    this.#failures += 1;
  }

  async #connect(): Promise<ModbusClient | undefined> {
    if (this.#client?.isOpen) return this.#client;
    if (Date.now() < this.#retryAt) return undefined;
    this.#connecting ??= (async () => {
      const client = new ModbusClient();
      // A socket error fails the request under way (handled there); unlistened it would end the agent.
      (client as unknown as EventEmitter).on('error', () => undefined);
      try {
        await client.connectTCP(this.#target.host, {
          port: this.#target.port,
          timeout: this.#options.timeoutMs ?? 2000,
        });
        client.setID(this.#source.unitId);
        client.setTimeout(this.#options.timeoutMs ?? 2000);
        if (this.#stopped) {
          client.close(() => undefined);
          return undefined;
        }
        this.#client = client;
        this.#failures = 0;
        this.#options.log(`data logging: connected to ${this.#label()}`);
        return client;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.#options.log(`data logging: cannot reach ${this.#label()} (${message})`);
        this.#schedule();
        client.close(() => undefined);
        return undefined;
      }
    })().finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }
}

async function readArea(client: ModbusClient, read: Read): Promise<number[]> {
  switch (read.area) {
    case 'hr':
      return (await client.readHoldingRegisters(read.start, read.count)).data;
    case 'ir':
      return (await client.readInputRegisters(read.start, read.count)).data;
    case 'coil':
      return (await client.readCoils(read.start, read.count)).data.slice(0, read.count).map(Number);
    case 'di':
      return (await client.readDiscreteInputs(read.start, read.count)).data.slice(0, read.count).map(Number);
  }
}
