import path from 'node:path';
import type { AgentDataConfig } from '@fleetgate/contracts';
import type { TunnelStream } from '@fleetgate/tunnel-protocol';
import { readStoredDataConfig, receiveDataConfig, storeDataConfig } from './data-config.ts';
import { Sampler } from './sampler.ts';
import type { LanService } from './services.ts';
import { Spool } from './spool.ts';
import { Uploader } from './uploader.ts';

export type DataLoggerOptions = {
  /** The agent's configuration folder: `data-config.json` and `spool/` are kept there. */
  dir: string;
  server: string;
  credential: string;
  services: readonly LanService[];
  /** The spool's bound in samples (default 1,000,000). */
  spoolSamples?: number;
  log?: (line: string) => void;
};

/**
 * Data logging on the agent: the config the server pushes (kept on disk, so a restarted agent
 * collects before it reaches the relay), the sampler reading the devices, the spool holding the
 * samples and the uploader sending them.
 */
export class DataLogger {
  readonly #options: DataLoggerOptions;
  readonly #sampler: Sampler;
  readonly #uploader: Uploader;
  readonly #spool: Spool;
  #version: string | undefined;
  #applying: Promise<void> = Promise.resolve();

  private constructor(options: DataLoggerOptions, spool: Spool) {
    this.#options = options;
    this.#spool = spool;
    const log = options.log ?? (() => undefined);
    this.#sampler = new Sampler({
      services: options.services,
      log,
      onSamples: (samples) => {
        spool.append(samples).then(
          () => undefined,
          (error: unknown) => log(`data logging: cannot write the spool (${String(error)})`),
        );
      },
    });
    this.#uploader = new Uploader({ server: options.server, credential: options.credential, spool, log });
  }

  static async start(options: DataLoggerOptions): Promise<DataLogger> {
    const spool = await Spool.open({
      dir: path.join(options.dir, 'spool'),
      ...(options.spoolSamples === undefined ? {} : { maxSamples: options.spoolSamples }),
    });
    const logger = new DataLogger(options, spool);
    if (spool.size > 0) options.log?.(`data logging: ${spool.size} sample(s) waiting to be sent`);
    const stored = await readStoredDataConfig(options.dir);
    if (stored) {
      options.log?.(`data logging: using the stored configuration ${stored.version}`);
      await logger.#apply(stored, false);
    }
    logger.#uploader.start();
    return logger;
  }

  /** The version of the applied config, if any. */
  get version(): string | undefined {
    return this.#version;
  }

  /** Serves a `fleetgate:data-config` stream the relay opened. */
  receive(stream: TunnelStream): Promise<void> {
    return receiveDataConfig(stream, (config) => this.#apply(config, true), this.#options.log);
  }

  /** Sends waiting samples now (the relay connection came back). */
  nudge(): void {
    this.#uploader.nudge();
  }

  async stop(): Promise<void> {
    await this.#applying;
    await this.#sampler.stop();
    await this.#uploader.stop();
    // The last samples read are on disk before the agent exits.
    await this.#spool.idle();
  }

  #apply(config: AgentDataConfig, store: boolean): Promise<void> {
    const next = this.#applying.then(async () => {
      if (store) await storeDataConfig(this.#options.dir, config);
      await this.#sampler.apply(config);
      this.#version = config.version;
      if (store) this.#options.log?.(`data logging: configuration ${config.version} applied`);
    });
    this.#applying = next.catch(() => undefined);
    return next;
  }
}
