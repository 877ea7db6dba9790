import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import { checkDestination, type OutboundPolicy } from '../../net/outbound-guard.ts';
import { connectTo, type BrokerSettings } from '../mqtt/mqtt-connection.ts';

export type LinkTiming = {
  connectTimeoutMs: number;
  subscribeTimeoutMs: number;
  backoffMinMs: number;
  backoffMaxMs: number;
};

/** Topics per SUBSCRIBE or UNSUBSCRIBE packet. */
const topicsPerPacket = 100;
/** A connection that lasted this long starts the backoff again from its minimum. */
const stableConnectionMs = 60_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/**
 * One connection to one of a company's brokers, kept open while the collector wants it: the
 * broker's address is checked against the outbound policy before every connection, a connection
 * or subscription without an answer in time is dropped, and a dropped connection is tried again
 * with exponential backoff. Never throws and never crashes the process on a broker's error.
 */
export class BrokerLink {
  readonly #settings: BrokerSettings;
  readonly #policy: OutboundPolicy;
  readonly #timing: LinkTiming;
  readonly #onMessage: (topic: string, payload: Buffer) => void;
  readonly #log: Log;
  readonly #name: string;
  #client: MqttClient | undefined;
  #connected = false;
  #connectedAt = 0;
  #closed = false;
  #attempt = 0;
  #retryTimer: NodeJS.Timeout | undefined;
  #wanted = new Set<string>();
  readonly #subscribed = new Set<string>();
  #syncing = false;
  #syncAgain = false;

  constructor(options: {
    settings: BrokerSettings;
    policy: OutboundPolicy;
    timing: LinkTiming;
    log: Log;
    /** For the log: the broker's publicId. */
    name: string;
    onMessage: (topic: string, payload: Buffer) => void;
  }) {
    this.#settings = options.settings;
    this.#policy = options.policy;
    this.#timing = options.timing;
    this.#log = options.log;
    this.#name = options.name;
    this.#onMessage = options.onMessage;
    void this.#connect();
  }

  get connected() {
    return this.#connected;
  }

  /** The topics the broker confirmed. */
  get subscribed(): ReadonlySet<string> {
    return this.#subscribed;
  }

  /** Subscribes to what is new and unsubscribes from what is gone (now or once connected). */
  setTopics(topics: Set<string>) {
    this.#wanted = topics;
    if (this.#connected && this.#client) void this.#sync(this.#client);
  }

  close() {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    this.#connected = false;
    client?.end(true);
  }

  async #connect() {
    if (this.#closed) return;
    let url: URL;
    let destination;
    try {
      url = new URL(this.#settings.url);
      destination = await checkDestination(url.hostname, this.#policy);
    } catch (error) {
      this.#retry(error);
      return;
    }
    if (this.#closed) return;
    let client: MqttClient;
    try {
      client = connectTo(
        url,
        destination,
        {
          ...this.#settings,
          clientId: this.#settings.clientId ?? `fleetgate-${randomBytes(6).toString('hex')}`,
        },
        this.#timing.connectTimeoutMs,
      );
    } catch (error) {
      this.#retry(error);
      return;
    }
    this.#client = client;
    let lastError: Error | undefined;
    const timer = setTimeout(
      () => this.#drop(client, new Error(`No answer within ${this.#timing.connectTimeoutMs / 1000} s`)),
      this.#timing.connectTimeoutMs,
    );
    timer.unref();
    client.on('connect', () => {
      clearTimeout(timer);
      if (this.#client !== client) return;
      this.#connected = true;
      this.#connectedAt = Date.now();
      this.#subscribed.clear();
      this.#log.info({ broker: this.#name }, 'MQTT collector connected');
      void this.#sync(client);
    });
    client.on('message', (topic, payload) => {
      if (this.#client === client) this.#onMessage(topic, payload);
    });
    // Stays attached: an 'error' event without a listener would crash the process.
    client.on('error', (error) => {
      lastError = error;
    });
    client.on('close', () => {
      clearTimeout(timer);
      this.#drop(client, lastError ?? new Error('The broker closed the connection'));
    });
  }

  /** Ends this client (if it is still the current one) and tries again later. */
  #drop(client: MqttClient, reason: unknown) {
    if (this.#client !== client) return;
    this.#client = undefined;
    if (this.#connected && Date.now() - this.#connectedAt >= stableConnectionMs) this.#attempt = 0;
    this.#connected = false;
    this.#subscribed.clear();
    client.end(true);
    this.#retry(reason);
  }

  #retry(reason: unknown) {
    if (this.#closed) return;
    const ceiling = Math.min(this.#timing.backoffMaxMs, this.#timing.backoffMinMs * 2 ** this.#attempt);
    this.#attempt = Math.min(this.#attempt + 1, 30);
    // Jitter, so the processes of a cluster and the brokers of many companies spread out.
    const delay = Math.round(ceiling * (0.5 + Math.random() / 2));
    this.#log.warn(
      { broker: this.#name, err: reason, retryInMs: delay },
      'MQTT collector: no connection to the broker',
    );
    this.#retryTimer = setTimeout(() => void this.#connect(), delay);
    this.#retryTimer.unref();
  }

  /** Brings the broker's subscriptions to the wanted topics; a broker that does not answer in time is dropped. */
  async #sync(client: MqttClient) {
    if (this.#syncing) {
      this.#syncAgain = true;
      return;
    }
    this.#syncing = true;
    try {
      do {
        this.#syncAgain = false;
        const add = [...this.#wanted].filter((topic) => !this.#subscribed.has(topic));
        const remove = [...this.#subscribed].filter((topic) => !this.#wanted.has(topic));
        for (let i = 0; i < add.length && this.#client === client; i += topicsPerPacket) {
          const chunk = add.slice(i, i + topicsPerPacket);
          const granted = await this.#inTime(client.subscribeAsync(chunk, { qos: 1 }), 'subscribe');
          for (const grant of granted) {
            // A refused topic (ACL) is not asked again on this connection; it is logged once.
            if (grant.qos === 128)
              this.#log.warn({ broker: this.#name, topic: grant.topic }, 'MQTT subscription refused');
          }
          for (const topic of chunk) this.#subscribed.add(topic);
        }
        for (let i = 0; i < remove.length && this.#client === client; i += topicsPerPacket) {
          const chunk = remove.slice(i, i + topicsPerPacket);
          await this.#inTime(client.unsubscribeAsync(chunk), 'unsubscribe');
          for (const topic of chunk) this.#subscribed.delete(topic);
        }
      } while (this.#syncAgain && this.#client === client);
    } catch (error) {
      this.#drop(client, error);
    } finally {
      const again = this.#syncAgain;
      this.#syncing = false;
      this.#syncAgain = false;
      // Asked for by a newer connection while this one's sync was still running.
      if (again && this.#connected && this.#client && this.#client !== client) void this.#sync(this.#client);
    }
  }

  #inTime<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`No answer to ${what} within ${this.#timing.subscribeTimeoutMs / 1000} s`)),
        this.#timing.subscribeTimeoutMs,
      );
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }
}
