import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { errorMessages } from '@fleetgate/contracts';
import { ApiError } from '../http/errors.ts';

export type LoginLimits = { perAccount: number; perAddress: number; windowSeconds: number };

/**
 * Password (and one-time code) guesses per account and per client address. An attempt spends
 * its point BEFORE the secret is checked, so requests sent in parallel cannot all slip past a
 * check that still saw a low count; a successful attempt gives its point back. Once either
 * budget is spent every attempt is refused until the window passes, even with correct
 * credentials, so guessing gains nothing from the answer.
 */
export class LoginLimiter {
  readonly #byAccount: RateLimiterMemory;
  readonly #byAddress: RateLimiterMemory;

  constructor(limits: LoginLimits) {
    this.#byAccount = new RateLimiterMemory({ points: limits.perAccount, duration: limits.windowSeconds });
    this.#byAddress = new RateLimiterMemory({ points: limits.perAddress, duration: limits.windowSeconds });
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

const accountKey = (account: string) => account.toLowerCase();

async function spend(limiter: RateLimiterMemory, key: string): Promise<void> {
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
