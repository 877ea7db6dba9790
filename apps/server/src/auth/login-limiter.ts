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

export type LoginLimits = { perAccount: number; perAddress: number; windowSeconds: number };

/** Where the counters live: PostgreSQL when DATABASE_URL is set, else this process's memory. */
export type LoginLimiterStore = {
  databaseUrl?: string | undefined;
  /**
   * Separates counters that must not be shared although they sit in one database (each test
   * server of a suite). Every process of one installation uses the same scope.
   */
  scope?: string | undefined;
};

/** One table for both budgets (the key prefix tells them apart), created by the library itself. */
const tableName = 'login_limits';
/** Expired counters are overwritten on their next use; the ones never used again are swept. */
const sweepEveryMs = 5 * 60_000;

type Stores = { byAccount: RateLimiterAbstract; byAddress: RateLimiterAbstract; close: () => Promise<void> };

/**
 * Password (and one-time code) guesses per account and per client address. An attempt spends
 * its point BEFORE the secret is checked, so requests sent in parallel cannot all slip past a
 * check that still saw a low count; a successful attempt gives its point back. Once either
 * budget is spent every attempt is refused until the window passes, even with correct
 * credentials, so guessing gains nothing from the answer.
 *
 * On PostgreSQL the counters live in the database, so that server processes behind one
 * address share one budget (open it with `LoginLimiter.open`); with PGlite there is only one
 * process and memory is enough.
 */
export class LoginLimiter {
  readonly #byAccount: RateLimiterAbstract;
  readonly #byAddress: RateLimiterAbstract;
  readonly #close: () => Promise<void>;

  /** Counters in this process's memory; `stores` is for `open`. */
  constructor(limits: LoginLimits, stores?: Stores) {
    this.#byAccount =
      stores?.byAccount ??
      new RateLimiterMemory({ points: limits.perAccount, duration: limits.windowSeconds });
    this.#byAddress =
      stores?.byAddress ??
      new RateLimiterMemory({ points: limits.perAddress, duration: limits.windowSeconds });
    this.#close = stores?.close ?? (async () => {});
  }

  /** Counters in PostgreSQL when a database URL is given (ready once this resolves), else in memory. */
  static async open(limits: LoginLimits, store: LoginLimiterStore = {}): Promise<LoginLimiter> {
    if (!store.databaseUrl) return new LoginLimiter(limits);
    return new LoginLimiter(limits, await postgresStores(limits, store.databaseUrl, store.scope ?? 'login'));
  }

  /** Spends one attempt or throws 429 with Retry-After. Call before verifying anything. */
  async consume(account: string, address: string): Promise<void> {
    // The address first: an address that is already blocked does not also use up the account's
    // budget, so one noisy client cannot lock a victim out on top of its own block.
    await spend(this.#byAddress, address);
    await spend(this.#byAccount, accountKey(account));
  }

  /**
   * Spends one attempt of the address alone, for a sign-in that names no account before it is
   * checked (a passkey): or throws 429. Call before verifying anything.
   */
  async consumeAddress(address: string): Promise<void> {
    await spend(this.#byAddress, address);
  }

  /** The address-only attempt succeeded: the address gets its point back. */
  async succeededAddress(address: string): Promise<void> {
    await this.#byAddress.reward(address, 1);
  }

  /** The attempt succeeded: the account's failures are forgotten and the address gets its point back. */
  async succeeded(account: string, address: string): Promise<void> {
    await Promise.all([this.#byAccount.delete(accountKey(account)), this.#byAddress.reward(address, 1)]);
  }

  /** The attempt proved nothing either way (a correct password still waiting for its code). */
  async refund(account: string, address: string): Promise<void> {
    await Promise.all([this.#byAccount.reward(accountKey(account), 1), this.#byAddress.reward(address, 1)]);
  }

  /** Ends the database connections (server stop). */
  close(): Promise<void> {
    return this.#close();
  }
}

async function postgresStores(limits: LoginLimits, databaseUrl: string, scope: string): Promise<Stores> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // An idle connection that breaks must not crash the process: the next query reconnects, and a
  // query that fails falls back to the in-memory insurance counters below.
  pool.on('error', () => {});
  try {
    const open = (keyPrefix: string, points: number) =>
      new Promise<RateLimiterPostgres>((resolve, reject) => {
        const options: ConstructorParameters<typeof RateLimiterPostgres>[0] = {
          storeClient: pool,
          storeType: 'pool',
          tableName,
          keyPrefix: `${scope}:${keyPrefix}`,
          points,
          duration: limits.windowSeconds,
          clearExpiredByTimeout: false,
          // While the database cannot answer, this process still counts on its own rather than
          // letting every attempt through or answering 500.
          insuranceLimiter: new RateLimiterMemory({ points, duration: limits.windowSeconds }),
        };
        const limiter: RateLimiterPostgres = new RateLimiterPostgres(options, (error?: Error) =>
          error ? reject(error) : resolve(limiter),
        );
      });
    // One after the other: PostgreSQL does not handle the same CREATE TABLE run concurrently.
    const byAccount = await open('account', limits.perAccount);
    const byAddress = await open('address', limits.perAddress);
    const sweep = setInterval(() => {
      // Never rejects (the library ignores failures of this cleanup).
      void (byAccount as unknown as { clearExpired(before: number): Promise<void> }).clearExpired(
        Date.now() - 3_600_000,
      );
    }, sweepEveryMs);
    sweep.unref();
    return {
      byAccount,
      byAddress,
      close: async () => {
        clearInterval(sweep);
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * Any letter case is the same account. The database key is at most 255 characters: a longer
 * address is counted under its hash instead (still one key per address).
 */
function accountKey(account: string): string {
  const key = account.toLowerCase();
  return key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

async function spend(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    // consume() rejects with a RateLimiterRes once the points are spent; anything else is a fault.
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw new ApiError(429, errorMessages.rateLimited, {
      'Retry-After': String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))),
    });
  }
}

/**
 * A plain per-key attempt budget (registrations, agent enrolments per address); over budget
 * is a 429. `refund` gives a successful attempt its point back where only failures should count.
 */
export function attemptLimiter(points: number, windowSeconds: number) {
  const limiter = new RateLimiterMemory({ points, duration: windowSeconds });
  return {
    consume: (key: string): Promise<void> => spend(limiter, key),
    async refund(key: string): Promise<void> {
      await limiter.reward(key, 1);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof attemptLimiter>;
