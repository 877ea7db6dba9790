import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { PgListener } from '../db/pg-listener.ts';

/** Who lost or changed access: one user (token revoked, password changed) or anyone (roles, memberships). */
export type AccessChange = { userId: number } | { all: true };

const channel = 'fleetgate_access';

type Entry<T> = { value: T; userId: number; expiresAt: number };

/**
 * Caches who a bearer token is and what they may do in a company for a few seconds, so an
 * API call costs one query instead of three. Every change of access invalidates it at once
 * in this process (and through LISTEN/NOTIFY in the others); the short lifetime bounds what a
 * lost notification could leave behind. A load that began before an invalidation is not stored.
 */
export class AuthCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #generation = 0;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  async get(
    key: string,
    load: () => Promise<{ value: T; userId: number; expiresAt?: Date } | undefined>,
  ): Promise<T | undefined> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) this.#entries.delete(key);
    const generation = this.#generation;
    const loaded = await load();
    if (!loaded || this.#ttlMs === 0 || generation !== this.#generation) return loaded?.value;
    const expiresAt = Math.min(now + this.#ttlMs, loaded.expiresAt?.getTime() ?? Infinity);
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value: loaded.value, userId: loaded.userId, expiresAt });
    return loaded.value;
  }

  apply(change: AccessChange) {
    this.#generation += 1;
    if ('all' in change) {
      this.#entries.clear();
      return;
    }
    for (const [key, entry] of this.#entries) if (entry.userId === change.userId) this.#entries.delete(key);
  }
}

/** Tells the other server processes about a change; delivered when the transaction commits. */
export async function publishAccessChange(trx: Db, change: AccessChange) {
  await sql`select pg_notify(${channel}, ${JSON.stringify(change)})`.execute(trx);
}

/**
 * On PostgreSQL, hears changes made by other processes. Changes missed while the connection was
 * down drop every cached right: nothing is known of what changed.
 */
export function listenForAccessChanges(
  listener: PgListener,
  onChange: (change: AccessChange) => void,
): Promise<void> {
  return listener.listen(channel, {
    onNotification: (payload) => onChange(JSON.parse(payload) as AccessChange),
    onMissed: () => onChange({ all: true }),
  });
}
