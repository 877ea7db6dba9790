import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { latestMigration } from '../db/migrate.ts';

/** A database that does not answer within this is as good as unreachable for a load balancer. */
const databaseTimeoutMs = 2000;
/** /readyz needs no sign-in: a flood of calls costs at most one database query per this long. */
const databaseCacheMs = 1000;

type DatabaseState = { database: 'ok' | 'unreachable'; migrations: 'ok' | 'pending' | 'unknown' };

export type ReadinessChecks = DatabaseState & { relay: 'ok' | 'closing' };

/**
 * Whether this process should receive traffic: its database answers, holds the newest migration
 * this code knows (another process may have gone further: that is fine), and the relay accepts
 * agents and clients (the server listens and is not shutting down).
 */
export class Readiness {
  readonly #db: Db;
  readonly #relayAccepting: () => boolean;
  #checked: { at: number; state: DatabaseState } | undefined;
  #checking: Promise<DatabaseState> | undefined;

  constructor(db: Db, relayAccepting: () => boolean) {
    this.#db = db;
    this.#relayAccepting = relayAccepting;
  }

  async check(): Promise<{ ready: boolean; checks: ReadinessChecks }> {
    const state = await this.#database();
    const checks: ReadinessChecks = { ...state, relay: this.#relayAccepting() ? 'ok' : 'closing' };
    const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.relay === 'ok';
    return { ready, checks };
  }

  #database(): Promise<DatabaseState> {
    if (this.#checked && Date.now() - this.#checked.at < databaseCacheMs)
      return Promise.resolve(this.#checked.state);
    // Calls that arrive while a check runs share it, so a slow database never piles up queries.
    this.#checking ??= queryDatabase(this.#db).then((state) => {
      this.#checked = { at: Date.now(), state };
      this.#checking = undefined;
      return state;
    });
    return this.#checking;
  }
}

/** One query answers both: the database is reachable, and it has this code's newest migration. */
async function queryDatabase(db: Db): Promise<DatabaseState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), databaseTimeoutMs);
    timer.unref();
  });
  const query = sql<{ migrated: boolean }>`
    select exists (select 1 from kysely_migration where name = ${latestMigration}) as migrated`
    .execute(db)
    .then(({ rows }) => (rows[0]?.migrated ? 'migrated' : 'pending'))
    // Kysely creates its table on the first migration: without it nothing was migrated yet.
    .catch((error: unknown) => (codeOf(error) === '42P01' ? 'pending' : 'unreachable'));
  try {
    const outcome = await Promise.race([query, timeout]);
    if (outcome === 'migrated') return { database: 'ok', migrations: 'ok' };
    if (outcome === 'pending') return { database: 'ok', migrations: 'pending' };
    return { database: 'unreachable', migrations: 'unknown' };
  } finally {
    clearTimeout(timer);
  }
}

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/**
 * `/healthz` (the process runs: no database, no sign-in) and `/readyz` (it should get traffic:
 * 200 or 503 with each check's state). Load balancers call them by address, so they answer on
 * any Host (http/host-check.ts) and are never cached.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness) {
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.get('/healthz', { config: { anyHost: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', { config: { anyHost: true } }, async (_request, reply) => {
    const { ready, checks } = await readiness.check();
    if (shuttingDown) checks.relay = 'closing';
    const ok = ready && !shuttingDown;
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'unavailable', checks });
  });
}
