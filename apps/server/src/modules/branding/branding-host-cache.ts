import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { PgListener } from '../../db/pg-listener.ts';
import { listBrandingFqdns } from './branding.repository.ts';
import { isBlockedHost, normalizeHostName } from './branding-host.ts';

const channel = 'fleetgate_branding_hosts';

/**
 * The host names brandings claim, in memory, so the host check on every request costs no
 * query. Reloaded after every change of an fqdn: at once in the process that made it, through
 * LISTEN/NOTIFY in the others (and the operator CLI), and every few minutes in case a
 * notification was lost.
 */
export class BrandingHosts {
  #names: ReadonlySet<string> = new Set();
  #requested = 0;
  #applied = 0;
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Whether a (normalised: lower-case, no port, no trailing dot) host name is claimed by a branding. */
  has(name: string): boolean {
    return this.#names.has(name) && !isBlockedHost(name);
  }

  /** Whether a Host header value names a branding host. */
  servesHost(host: string | undefined): boolean {
    const name = normalizeHostName(host);
    return name !== undefined && this.has(name);
  }

  /** Reads the host names again; a slower read that began earlier never overwrites a newer one. */
  async reload(): Promise<void> {
    const ticket = ++this.#requested;
    const names = new Set(await listBrandingFqdns(this.#db));
    if (ticket < this.#applied) return;
    this.#applied = ticket;
    this.#names = names;
  }

  /** Reloads every `intervalMs`; returns a function that stops. */
  refreshEvery(intervalMs: number, onError: (error: unknown) => void): () => void {
    const timer = setInterval(() => void this.reload().catch(onError), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/** Tells every server process that branding host names changed; delivered when the transaction commits. */
export async function publishBrandingHostsChange(trx: Db) {
  await sql`select pg_notify(${channel}, '')`.execute(trx);
}

/** On PostgreSQL, reloads when any process (or the CLI) changed a host name, or such news may have been missed. */
export function listenForBrandingHostChanges(
  listener: PgListener,
  hosts: BrandingHosts,
  onError: (error: unknown) => void,
): Promise<void> {
  const reload = () => void hosts.reload().catch(onError);
  return listener.listen(channel, { onNotification: reload, onMissed: reload });
}
