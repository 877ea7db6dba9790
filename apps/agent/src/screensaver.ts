import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiSuccess, DiscoveryEntry } from '@fleetgate/contracts';

const apiVersion = '2';

/** The image the display shows; `etag` is the server's tag for exactly these bytes. */
export type ScreensaverImage = { contentType: string; bytes: Uint8Array; etag: string };

export type ScreensaverSyncOptions = {
  /** The server the agent enrolled with (config `server`); calls are found through its discovery. */
  server: string;
  credential: string;
  /** Where the image is kept between runs: `screensaver.img` and `screensaver.json` in this folder. */
  dir: string;
  /** Every this long the agent asks again (with If-None-Match, so an unchanged image costs no bytes). */
  intervalMs: number;
  /** Called with the new image, or null when the company removed it. */
  onChange: (image: ScreensaverImage | null) => void;
  log?: (line: string) => void;
};

const imageFile = 'screensaver.img';
const metaFile = 'screensaver.json';
/** The server stores at most 1 MB; a larger answer is not a screensaver. */
const maxBytes = 1024 * 1024;

/**
 * Keeps the agent's display screensaver in step with the server: `GET AgentScreensaver` with the
 * agent's credential, on attach and then every few minutes, stored next to the configuration
 * (written to a temporary file and renamed, so a crash never leaves half an image) and handed to
 * the display through `onChange`.
 */
export class ScreensaverSync {
  readonly #options: ScreensaverSyncOptions;
  #image: ScreensaverImage | null = null;
  #href: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(options: ScreensaverSyncOptions) {
    this.#options = options;
  }

  get image(): ScreensaverImage | null {
    return this.#image;
  }

  /** Shows the image kept from the last run, then asks the server now and every interval. */
  async start(): Promise<this> {
    this.#image = await this.#readStored();
    if (this.#image) this.#options.onChange(this.#image);
    this.#schedule(0);
    return this;
  }

  /** Asks at once (the agent just attached); a check already under way is not doubled. */
  refresh(): Promise<void> {
    this.#running ??= this.#check().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(delayMs: number) {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      void this.refresh().finally(() => this.#schedule(this.#options.intervalMs));
    }, delayMs);
    this.#timer.unref();
  }

  async #check(): Promise<void> {
    const log = this.#options.log ?? (() => undefined);
    try {
      const href = await this.#endpoint();
      const response = await fetch(href, {
        headers: {
          'Api-Version': apiVersion,
          Authorization: `Bearer ${this.#options.credential}`,
          ...(this.#image ? { 'If-None-Match': this.#image.etag } : {}),
        },
        signal: AbortSignal.timeout(30_000),
      });
      if (response.status === 304) return;
      if (response.status === 204) {
        await response.body?.cancel();
        if (this.#image) {
          await this.#clearStored();
          this.#image = null;
          log('screensaver: removed');
          this.#options.onChange(null);
        }
        return;
      }
      if (!response.ok) {
        await response.body?.cancel();
        log(`screensaver: the server answered ${response.status}`);
        return;
      }
      // Refuse an oversized answer before reading it (a wrong server must not fill the agent's memory).
      const declared = response.headers.get('content-length');
      if (declared !== null && Number(declared) > maxBytes) {
        await response.body?.cancel();
        log('screensaver: the server sent something that is not a screensaver image');
        return;
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      const etag = response.headers.get('etag');
      const contentType = response.headers.get('content-type') ?? '';
      if (!etag || !/^image\/(png|jpeg|webp)$/.test(contentType) || bytes.length > maxBytes) {
        log('screensaver: the server sent something that is not a screensaver image');
        return;
      }
      this.#image = { contentType, bytes, etag };
      await this.#store(this.#image);
      log(`screensaver: updated (${contentType}, ${bytes.length} bytes)`);
      this.#options.onChange(this.#image);
    } catch (error) {
      log(`screensaver: cannot reach the server (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** The AgentScreensaver call from the server's discovery document, looked up once. */
  async #endpoint(): Promise<string> {
    if (this.#href) return this.#href;
    const base = this.#options.server.replace(/\/+$/, '');
    const response = await fetch(`${base}/api`, {
      headers: { 'Api-Version': apiVersion },
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json()) as ApiSuccess<DiscoveryEntry[]>;
    const entry = Array.isArray(body.data) ? body.data.find((e) => e.rel === 'AgentScreensaver') : undefined;
    if (!entry) throw new Error(`${base} does not offer AgentScreensaver`);
    // Only the path is taken from the answer: the credential goes to the server the agent was
    // configured with, never to another host a discovery answer might name.
    this.#href = new URL(new URL(entry.href, `${base}/`).pathname, `${base}/`).href;
    return this.#href;
  }

  async #readStored(): Promise<ScreensaverImage | null> {
    try {
      const meta = JSON.parse(await readFile(path.join(this.#options.dir, metaFile), 'utf8')) as {
        contentType?: unknown;
        etag?: unknown;
      };
      if (typeof meta.contentType !== 'string' || typeof meta.etag !== 'string') return null;
      const bytes = new Uint8Array(await readFile(path.join(this.#options.dir, imageFile)));
      return { contentType: meta.contentType, etag: meta.etag, bytes };
    } catch {
      return null;
    }
  }

  async #store(image: ScreensaverImage) {
    await mkdir(this.#options.dir, { recursive: true, mode: 0o700 });
    // The image first, then the tag that names it: a crash in between only costs a download.
    await atomicWrite(path.join(this.#options.dir, imageFile), image.bytes);
    await atomicWrite(
      path.join(this.#options.dir, metaFile),
      JSON.stringify({ contentType: image.contentType, etag: image.etag }) + '\n',
    );
  }

  async #clearStored() {
    await rm(path.join(this.#options.dir, metaFile), { force: true });
    await rm(path.join(this.#options.dir, imageFile), { force: true });
  }
}

async function atomicWrite(file: string, data: Uint8Array | string) {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data, { mode: 0o600 });
  await rename(temporary, file);
}
