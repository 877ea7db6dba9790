import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { LiveEvent } from '@fleetgate/contracts';
import { batched } from '../db/batched.ts';
import type { Db } from '../db/client.ts';
import type { PgListener } from '../db/pg-listener.ts';
import { DomainEvents } from './domain-events.ts';

/** Who an event is for: every member of a company (signed in to it), or named users wherever they are. */
export type Audience = { companyId: number } | { userIds: number[] };

export type Published = { audience: Audience; event: LiveEvent };

export type Subscriber = { userId: number; companyId: number; deliver: (event: LiveEvent) => void };

const channel = 'fleetgate_events';

/**
 * Live events for `/api/events` and for the server's own listeners (the relay). Publishing
 * delivers in this process at once and, on PostgreSQL, to the other server processes through
 * NOTIFY; a process ignores its own notifications. Call `publish` after the change committed.
 */
export class EventBus {
  readonly #origin = randomUUID();
  /** This process's own committed facts, for backend components and webhooks (never sent to others). */
  readonly domain = new DomainEvents();
  readonly #subscribers = new Set<Subscriber>();
  readonly #listeners = new Set<(published: Published) => void>();
  #db: Db | undefined;
  #sent = 0;

  /** With a database, events also go to the other processes on the same PostgreSQL. */
  constructor(db?: Db) {
    this.#db = db;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /** Server-side listeners see every event, whoever it is for. */
  listen(listener: (published: Published) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get subscriberCount() {
    return this.#subscribers.size;
  }

  /**
   * Publishes the events in order. Several go to the other processes in one statement (an agent's
   * attach announces two): still one notification each, so listeners see no difference.
   */
  async publish(audience: Audience, ...events: LiveEvent[]) {
    for (const event of events) this.#deliver({ audience, event });
    if (this.#db && events.length > 0) {
      // Numbered: PostgreSQL delivers identical notifications of one statement only once.
      const payloads = events.map((event) =>
        JSON.stringify({ origin: this.#origin, n: this.#sent++, audience, event }),
      );
      await notify(this.#db, payloads);
    }
  }

  /**
   * On PostgreSQL, receives other processes' events. Events sent while the connection was down
   * are gone (live events are not stored): that is reported, and screens catch up at their next read.
   */
  listenToOtherProcesses(listener: PgListener, onError: (error: unknown) => void): Promise<void> {
    return listener.listen(channel, {
      onNotification: (payload) => {
        const { origin, audience, event } = JSON.parse(payload) as Published & { origin: string };
        if (origin !== this.#origin) this.#deliver({ audience, event });
      },
      onMissed: () =>
        onError(new Error('live events of other processes were missed while the database was away')),
    });
  }

  #deliver(published: Published) {
    for (const listener of this.#listeners) listener(published);
    const { audience, event } = published;
    for (const subscriber of this.#subscribers) {
      const forThem =
        'companyId' in audience
          ? subscriber.companyId === audience.companyId
          : audience.userIds.includes(subscriber.userId);
      if (forThem) subscriber.deliver(event);
    }
  }
}

/**
 * Sends notifications to the other processes. Concurrent publishers share one statement (an
 * attach storm announces thousands of agents: db/batched.ts); a select list is evaluated left to
 * right, and batches go one after another, so every publisher's notifications keep their order.
 */
const notify = batched(async (db: Db, batch: string[][]) => {
  const notifies = batch.flat().map((payload) => sql`pg_notify(${channel}, ${payload})`);
  await sql`select ${sql.join(notifies)}`.execute(db);
  return batch.map(() => undefined);
});
