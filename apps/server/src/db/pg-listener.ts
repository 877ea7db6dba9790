import pg from 'pg';

export type ChannelHandlers = {
  /** A notification on the channel (its payload, '' when none). */
  onNotification: (payload: string) => void;
  /**
   * The connection was lost and is back: notifications sent meanwhile are gone. Caches drop
   * what they hold; what cannot be replayed is at least logged.
   */
  onMissed: () => void;
};

/** Waits before each new attempt after the connection is lost (the last one repeats). */
const retryDelaysMs = [500, 1000, 2000, 5000, 10_000];

/**
 * This process's one LISTEN connection to PostgreSQL, shared by every channel (access changes,
 * live events, branding hosts, companies' reactions). One, not one per channel: PostgreSQL wakes
 * every listening backend of the database for each NOTIFY, so each extra connection costs every
 * process's every notification. A lost connection (a database restart or failover) is opened
 * again with growing waits, every channel is listened to again, and each is told it may have
 * missed notifications.
 */
export class PgListener {
  readonly #databaseUrl: string;
  readonly #onError: (error: unknown) => void;
  readonly #channels = new Map<string, ChannelHandlers>();
  #client: pg.Client | undefined;
  #closed = false;
  #attempt = 0;
  #retry: NodeJS.Timeout | undefined;

  readonly #name: string;

  /** `name` is the connection's application_name, which tells it apart in pg_stat_activity. */
  constructor(databaseUrl: string, onError: (error: unknown) => void, name = 'fleetgate listener') {
    this.#databaseUrl = databaseUrl;
    this.#onError = onError;
    this.#name = name;
  }

  /** Connects; fails if the database cannot be reached now (the server does not start without it). */
  async start(): Promise<void> {
    try {
      await this.#open();
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  /** Listens on the channel from now on (and again after every reconnection). */
  async listen(channel: string, handlers: ChannelHandlers): Promise<void> {
    if (this.#channels.has(channel)) throw new Error(`channel ${channel} is listened to twice`);
    this.#channels.set(channel, handlers);
    await this.#client?.query(`listen ${pg.escapeIdentifier(channel)}`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Opens a connection and listens on every channel; a failure schedules the next attempt. */
  async #open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#databaseUrl, application_name: this.#name });
    this.#client = client;
    client.on('notification', (message) => {
      const handlers = this.#channels.get(message.channel);
      if (!handlers) return;
      try {
        handlers.onNotification(message.payload ?? '');
      } catch (error) {
        this.#onError(error);
      }
    });
    client.on('error', (error) => {
      this.#onError(error);
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      for (const channel of this.#channels.keys())
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      this.#lost(client);
      throw error;
    }
    return client;
  }

  /** The connection broke (or never opened): the next attempt is scheduled, once. */
  #lost(client: pg.Client) {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => undefined);
    if (this.#retry) return;
    const delay = retryDelaysMs[Math.min(this.#attempt, retryDelaysMs.length - 1)]!;
    this.#attempt += 1;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#reconnect();
    }, delay);
    this.#retry.unref();
  }

  async #reconnect() {
    if (this.#closed) return;
    let client: pg.Client;
    try {
      client = await this.#open();
    } catch (error) {
      // #open scheduled the next attempt.
      this.#onError(error);
      return;
    }
    // Lost again while listening, or closed: the next attempt (if any) tells the channels.
    if (this.#client !== client) return;
    this.#attempt = 0;
    for (const handlers of this.#channels.values()) {
      try {
        handlers.onMissed();
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}
