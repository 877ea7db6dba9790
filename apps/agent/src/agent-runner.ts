import { EventEmitter } from 'node:events';
import WebSocket, { type RawData } from 'ws';
import { agentDataConfigTarget } from '@fleetgate/contracts';
import {
  defaultMaxPayload,
  headerLength,
  Multiplexer,
  ProtocolError,
  zeroMask,
  type TunnelStream,
} from '@fleetgate/tunnel-protocol';
import { backoffDelay, defaultReattachSpreadMs, reconnectDelay } from './backoff.ts';
import { bridgeStream } from './lan-bridge.ts';
import type { LanService } from './services.ts';

export type AgentRunnerOptions = {
  relayUrl: string;
  credential: string;
  services: readonly LanService[];
  log?: (line: string) => void;
  /** Serves the stream the relay opens to push the data-logging config (`fleetgate:data-config`). */
  onDataConfig?: (stream: TunnelStream) => void;
  /** First reconnect delay; doubles per failure up to maxDelayMs (with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** The relay pings regularly; this long without any sign of it the connection counts as dead. */
  silenceTimeoutMs?: number;
  /** A connection that lasted this long starts the backoff over. */
  stableAfterMs?: number;
  /** After a stable connection ended, the first attempt comes within this long (uniformly spread). */
  reattachSpreadMs?: number;
};

type Outcome =
  | { kind: 'closed'; code: number; reason: string; upMs: number }
  | { kind: 'refused'; status: number; retryAfterMs: number | undefined }
  | { kind: 'failed'; error: string };

const protocolErrorCode = 4400;
const protocolErrorReason = 'text messages are not part of the protocol';

/**
 * The agent's connection loop: one outbound WebSocket to the relay with the agent's credential;
 * each stream the relay opens is bridged to a configured LAN service (anything else is refused
 * by the allow-list). Reconnects with exponential backoff and jitter and honours the relay's
 * Retry-After; stop() ends it cleanly.
 */
export class AgentRunner extends EventEmitter<{
  attached: [];
  detached: [code: number, reason: string];
  refused: [status: number];
}> {
  readonly #options: Required<Omit<AgentRunnerOptions, 'onDataConfig'>> &
    Pick<AgentRunnerOptions, 'onDataConfig'>;
  #stopped = false;
  #ws: WebSocket | undefined;
  #wake: (() => void) | undefined;
  #done: Promise<void> = Promise.resolve();

  constructor(options: AgentRunnerOptions) {
    super();
    this.#options = {
      log: () => undefined,
      minDelayMs: 1000,
      maxDelayMs: 60_000,
      silenceTimeoutMs: 60_000,
      stableAfterMs: 30_000,
      reattachSpreadMs: defaultReattachSpreadMs,
      ...options,
    };
  }

  start(): this {
    this.#done = this.#loop();
    return this;
  }

  /** Closes the connection (telling the relay), stops reconnecting, and waits for both. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    const ws = this.#ws;
    if (ws?.readyState === WebSocket.OPEN) {
      ws.close(1000, 'agent stopping');
      setTimeout(() => ws.terminate(), 2000).unref();
    } else if (ws?.readyState === WebSocket.CONNECTING) {
      ws.terminate();
    }
    await this.#done;
  }

  async #loop() {
    const { log } = this.#options;
    let failures = 0;
    while (!this.#stopped) {
      log(`connecting to ${this.#options.relayUrl}`);
      const outcome = await this.#connectOnce();
      if (this.#stopped) break;
      let delay: number;
      if (outcome.kind === 'refused' && outcome.retryAfterMs !== undefined) {
        // The relay said when: come back then, plus a little jitter.
        delay = outcome.retryAfterMs + Math.round(Math.random() * 1000);
        failures += 1;
      } else if (outcome.kind === 'refused') {
        delay = this.#options.maxDelayMs;
        failures += 1;
      } else if (outcome.kind === 'closed' && outcome.upMs >= this.#options.stableAfterMs) {
        // The relay (or its process) went away after a good run: come back soon but spread out,
        // then back off from the minimum again (backoff.ts: within 10 s in three attempts).
        delay = reconnectDelay(true, 0, this.#options);
        failures = 0;
      } else {
        delay = backoffDelay(failures, this.#options);
        failures += 1;
      }
      log(`reconnecting in ${(delay / 1000).toFixed(1)} s`);
      await this.#sleep(delay);
    }
    log('stopped');
  }

  #connectOnce(): Promise<Outcome> {
    const { log } = this.#options;
    return new Promise((resolve) => {
      const ws = new WebSocket(this.#options.relayUrl, {
        headers: { Authorization: `Bearer ${this.#options.credential}` },
        maxPayload: headerLength + defaultMaxPayload,
        handshakeTimeout: 15_000,
        generateMask: zeroMask,
      });
      this.#ws = ws;
      let openedAt: number | undefined;
      let refusal: Extract<Outcome, { kind: 'refused' }> | undefined;
      let lastError = 'connection failed';
      let silence: NodeJS.Timeout | undefined;
      const alive = () => {
        clearTimeout(silence);
        silence = setTimeout(() => {
          log('relay silent, dropping the connection');
          ws.terminate();
        }, this.#options.silenceTimeoutMs);
      };

      ws.on('unexpected-response', (_request, response) => {
        const retryAfter = Number(response.headers['retry-after']);
        refusal = {
          kind: 'refused',
          status: response.statusCode ?? 0,
          retryAfterMs: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined,
        };
        response.resume();
        log(refusalLine(refusal));
        this.emit('refused', refusal.status);
        ws.terminate();
      });
      ws.on('error', (error) => (lastError = error.message));

      const mux = new Multiplexer({
        role: 'acceptor',
        send: (frame, written) => {
          if (ws.readyState === WebSocket.OPEN) ws.send(frame, written);
        },
        onStream: (stream, target) => serveStream(stream, target, this.#options),
      });
      ws.on('open', () => {
        openedAt = Date.now();
        alive();
        log('attached to the relay');
        this.emit('attached');
      });
      ws.on('ping', alive);
      ws.on('message', (data, isBinary) => {
        alive();
        if (!isBinary) return ws.close(protocolErrorCode, protocolErrorReason);
        try {
          mux.receive(toBytes(data));
        } catch (error) {
          const reason = error instanceof ProtocolError ? error.message : 'malformed frame';
          log(`protocol error from the relay: ${reason}`);
          ws.close(protocolErrorCode, reason.slice(0, 120));
        }
      });
      ws.on('close', (code, reasonBuffer) => {
        clearTimeout(silence);
        const reason = reasonBuffer.toString();
        mux.destroy(reason || 'connection closed');
        this.#ws = undefined;
        if (refusal) return resolve(refusal);
        if (openedAt === undefined) {
          log(`cannot reach the relay: ${lastError}`);
          return resolve({ kind: 'failed', error: lastError });
        }
        log(`detached from the relay (${code}${reason ? ` ${reason}` : ''})`);
        this.emit('detached', code, reason);
        resolve({ kind: 'closed', code, reason, upMs: Date.now() - openedAt });
      });
    });
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/**
 * Where a stream the relay opened goes: the data-logging config to its receiver (the agent
 * itself, never a LAN service), anything else to the LAN service it names if allowed.
 */
export function serveStream(
  stream: TunnelStream,
  target: string,
  options: Pick<AgentRunnerOptions, 'services' | 'onDataConfig' | 'log'>,
): void {
  const log = options.log ?? (() => undefined);
  if (target === agentDataConfigTarget && options.onDataConfig) {
    log(`stream ${stream.id}: data-logging configuration`);
    options.onDataConfig(stream);
    return;
  }
  log(`stream ${stream.id}: open ${target}`);
  bridgeStream(stream, target, options.services, {
    onRefused: (t) => log(`stream ${stream.id}: refused ${t} (not a configured service)`),
    onError: (t, error) => log(`stream ${stream.id}: ${t} unreachable (${error.message})`),
  });
}

function refusalLine(refusal: Extract<Outcome, { kind: 'refused' }>): string {
  switch (refusal.status) {
    case 401:
      return 'relay refused the credential (401): re-enrol the agent';
    case 429:
      return refusal.retryAfterMs === undefined
        ? 'relay refused: connection attempts hard-limited (429) until a user resets the limit'
        : `relay refused: too many connection attempts (429), retry after ${refusal.retryAfterMs / 1000} s`;
    default:
      return `relay refused the connection (${refusal.status})`;
  }
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}
