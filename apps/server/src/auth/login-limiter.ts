import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { spend, storeKey, type Limiters } from './limiters.ts';

export type LoginLimits = { perAccount: number; perAddress: number; windowSeconds: number };

/**
 * Password (and one-time code) guesses per account and per client address. An attempt spends
 * its point BEFORE the secret is checked, so requests sent in parallel cannot all slip past a
 * check that still saw a low count; a successful attempt gives its point back. Once either
 * budget is spent every attempt is refused until the window passes, even with correct
 * credentials, so guessing gains nothing from the answer.
 *
 * On PostgreSQL the counters live in the database, so that server processes behind one
 * address share one budget (the app's limiters); with PGlite there is only
 * one process and memory is enough.
 */
export class LoginLimiter {
  readonly #byAccount: RateLimiterAbstract;
  readonly #byAddress: RateLimiterAbstract;

  /** Counters among the app's other limits (the app closes them). */
  constructor(limits: LoginLimits, limiters: Limiters) {
    this.#byAccount = limiters.counter('login:account', limits.perAccount, limits.windowSeconds);
    this.#byAddress = limiters.counter('login:address', limits.perAddress, limits.windowSeconds);
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
}

/** Any letter case is the same account. */
function accountKey(account: string): string {
  return storeKey(account.toLowerCase());
}
