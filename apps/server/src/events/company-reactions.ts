import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { PgListener } from '../db/pg-listener.ts';

/** Whether anything may react to a company's domain events: enabled webhooks, enabled function subscriptions. */
export type CompanyReactions = { webhooks: boolean; subscriptions: boolean };

const channel = 'fleetgate_reactions';

type Entry = { value: CompanyReactions; expiresAt: number };

/**
 * Remembers per company whether it has webhooks or function subscriptions at all, so that the
 * domain events of a company without any (an agent attaching or detaching, a batch of samples)
 * cost no lookups. Every change of a company's webhooks or subscriptions forgets its entry in
 * every process through LISTEN/NOTIFY when the change commits (this process hears its own); the
 * short lifetime bounds what a lost notification could leave behind. A load that began before a
 * change was heard is not stored. Only ever says "none" for what the database said none of.
 */
export class ReactionsCache {
  readonly #entries = new Map<number, Entry>();
  readonly #loading = new Map<number, Promise<CompanyReactions>>();
  readonly #load: (companyId: number) => Promise<CompanyReactions>;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #generation = 0;

  constructor(load: (companyId: number) => Promise<CompanyReactions>, ttlMs: number, maxEntries = 10_000) {
    this.#load = load;
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  async of(companyId: number): Promise<CompanyReactions> {
    const hit = this.#entries.get(companyId);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    if (hit) this.#entries.delete(companyId);
    // Many agents of one company attach at once: one load answers them all.
    const pending = this.#loading.get(companyId);
    if (pending) return pending;
    const loading = this.#loadAndKeep(companyId).finally(() => {
      if (this.#loading.get(companyId) === loading) this.#loading.delete(companyId);
    });
    this.#loading.set(companyId, loading);
    return loading;
  }

  async #loadAndKeep(companyId: number): Promise<CompanyReactions> {
    const now = Date.now();
    const generation = this.#generation;
    const value = await this.#load(companyId);
    if (this.#ttlMs === 0 || generation !== this.#generation) return value;
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(companyId, { value, expiresAt: now + this.#ttlMs });
    return value;
  }

  /** Forgets every company (changes may have been missed). */
  forgetAll() {
    this.#generation += 1;
    this.#entries.clear();
    this.#loading.clear();
  }

  /** Forgets what is known of the company (its webhooks or subscriptions changed). */
  forget(companyId: number) {
    this.#generation += 1;
    this.#entries.delete(companyId);
    // A load already running may have read the state before the change: later callers start anew.
    this.#loading.delete(companyId);
  }
}

/** Tells every process that the company's webhooks or subscriptions changed; delivered when the transaction commits. */
export async function announceReactionsChanged(trx: Db, companyId: number) {
  await sql`select pg_notify(${channel}, ${String(companyId)})`.execute(trx);
}

/**
 * On PostgreSQL, hears the changes of every process (this one's too). Changes missed while the
 * connection was down forget every company.
 */
export function listenForReactionsChanges(
  listener: PgListener,
  cache: ReactionsCache,
  onError: (error: unknown) => void,
): Promise<void> {
  return listener.listen(channel, {
    onNotification: (payload) => {
      const companyId = Number(payload);
      if (Number.isSafeInteger(companyId)) cache.forget(companyId);
      else onError(new Error(`unexpected ${channel} payload`));
    },
    onMissed: () => cache.forgetAll(),
  });
}
