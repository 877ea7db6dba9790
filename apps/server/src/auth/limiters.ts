import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { errorMessages } from '@fleetgate/contracts';
import { ApiError } from '../http/errors.ts';

/** Where the counters live: PostgreSQL when DATABASE_URL is set, else this process's memory. */
export type LimiterStore = {
  databaseUrl?: string | undefined;
  /**
   * Separates counters that must not be shared although they sit in one database (each test
   * server of a suite). Every process of one installation uses the same scope.
   */
  scope?: string | undefined;
};

/**
 * A plain per-key attempt budget (registrations, agent enrolments per address …); over budget
 * is a 429. `refund` gives a successful attempt its point back where only failures should count.
 */
export type AttemptLimiter = {
  /** Spends one attempt or throws 429 with Retry-After. Call before the expensive check. */
  consume(key: string): Promise<void>;
  refund(key: string): Promise<void>;
};

/**
 * Every rate limit of one built app. Each limiter has a name, unique in the app: on PostgreSQL
 * the name (after the scope) prefixes its keys in one table, so every server process of an
 * installation spends from the same budget; without a database URL (PGlite: one process) the
 * counters stay in memory.
 */
export type Limiters = {
  /** The raw counter store, for limiters that spend several points or forget a key. */
  counter(name: string, points: number, windowSeconds: number): RateLimiterAbstract;
  attempts(name: string, points: number, windowSeconds: number): AttemptLimiter;
  /** Ends the database connections (server stop). */
  close(): Promise<void>;
};

/** One table for every limiter (the key prefix tells them apart): migration 0031. */
const tableName = 'rate_limits';
/** Expired counters are overwritten on their next use; the ones never used again are swept. */
const sweepEveryMs = 5 * 60_000;
/**
 * Limits are small single-row upserts: a few connections serve every limiter of the process
 * and leave the database's connection budget to the queries that need it.
 */
const poolSize = 4;
/** A counter update takes milliseconds; one that waits this long waits on a database in trouble. */
const limitQueryTimeoutMs = 3_000;

/**
 * Counters in PostgreSQL when a database URL is given (its migrations applied), else in memory.
 * Nothing is sent to the database before the first attempt.
 */
export function openLimiters(store: LimiterStore = {}): Limiters {
  if (!store.databaseUrl) return memoryLimiters();
  const pool = new pg.Pool({
    connectionString: store.databaseUrl,
    max: poolSize,
    // A database that stops answering (rather than refusing) becomes an error after a while too,
    // so requests fall back to the insurance counters below instead of hanging on a limit.
    connectionTimeoutMillis: limitQueryTimeoutMs,
    query_timeout: limitQueryTimeoutMs,
  });
  // An idle connection that breaks must not crash the process: the next query reconnects, and a
  // query that fails falls back to the in-memory insurance counters below.
  pool.on('error', () => {});
  const scope = store.scope ?? '';
  const postgres = (name: string, points: number, windowSeconds: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName,
      // The table comes with the migrations: the library must not create it at every start.
      tableCreated: true,
      keyPrefix: scope ? `${scope}:${name}` : name,
      points,
      duration: windowSeconds,
      clearExpiredByTimeout: false,
      // While the database cannot answer, this process still counts on its own rather than
      // letting every attempt through or answering 500.
      insuranceLimiter: new RateLimiterMemory({ points, duration: windowSeconds }),
    });
  // Only for its sweep, which deletes expired rows of every limiter (whatever the prefix).
  const sweeper = postgres('sweep', 1, 1) as unknown as { clearExpired(before: number): Promise<void> };
  const sweep = setInterval(() => {
    // Never rejects (the library ignores failures of this cleanup).
    void sweeper.clearExpired(Date.now() - 3_600_000);
  }, sweepEveryMs);
  sweep.unref();
  return named(postgres, async () => {
    clearInterval(sweep);
    await pool.end();
  });
}

/** Counters in this process's memory (PGlite, unit tests). */
export function memoryLimiters(): Limiters {
  return named(
    (_name, points, windowSeconds) => new RateLimiterMemory({ points, duration: windowSeconds }),
    async () => {},
  );
}

function named(
  create: (name: string, points: number, windowSeconds: number) => RateLimiterAbstract,
  close: () => Promise<void>,
): Limiters {
  const names = new Set<string>();
  const counter = (name: string, points: number, windowSeconds: number) => {
    // Two limiters under one name would spend each other's budget without anyone noticing.
    if (names.has(name)) throw new Error(`rate limiter "${name}" is defined twice`);
    names.add(name);
    return create(name, points, windowSeconds);
  };
  return {
    counter,
    attempts(name, points, windowSeconds) {
      const limiter = counter(name, points, windowSeconds);
      return {
        consume: (key) => spend(limiter, storeKey(key)),
        async refund(key) {
          await limiter.reward(storeKey(key), 1);
        },
      };
    },
    close,
  };
}

/**
 * The database key (prefix included) is at most 255 characters: a long key (an e-mail address
 * can be 254) is counted under its hash instead, still one counter per key.
 */
export function storeKey(key: string): string {
  return key.length <= 160 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Spends `points` of the key's budget or throws 429 with Retry-After. */
export async function spend(limiter: RateLimiterAbstract, key: string, points = 1): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (rejection) {
    // consume() rejects with a RateLimiterRes once the points are spent; anything else is a fault.
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw rateLimited(rejection.msBeforeNext / 1000);
  }
}

export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(429, errorMessages.rateLimited, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}
