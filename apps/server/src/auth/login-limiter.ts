import { RateLimiterMemory } from 'rate-limiter-flexible';
import { errorMessages } from '@fleetgate/contracts';
import { ApiError } from '../http/errors.ts';

export type LoginLimits = { perAccount: number; perAddress: number; windowSeconds: number };

/**
 * Counts failed logins per account and per client address. Once either count reaches its
 * limit, every attempt is refused until the window passes, even with correct credentials,
 * so guessing gains nothing from the answer.
 */
export class LoginLimiter {
  readonly #byAccount: RateLimiterMemory;
  readonly #byAddress: RateLimiterMemory;
  readonly #limits: LoginLimits;

  constructor(limits: LoginLimits) {
    this.#limits = limits;
    this.#byAccount = new RateLimiterMemory({ points: limits.perAccount, duration: limits.windowSeconds });
    this.#byAddress = new RateLimiterMemory({ points: limits.perAddress, duration: limits.windowSeconds });
  }

  async assertAllowed(account: string, address: string): Promise<void> {
    const [byAccount, byAddress] = await Promise.all([
      this.#byAccount.get(account.toLowerCase()),
      this.#byAddress.get(address),
    ]);
    const blocked = [
      byAccount && byAccount.consumedPoints >= this.#limits.perAccount ? byAccount.msBeforeNext : 0,
      byAddress && byAddress.consumedPoints >= this.#limits.perAddress ? byAddress.msBeforeNext : 0,
    ];
    const waitMs = Math.max(...blocked);
    if (waitMs > 0) {
      throw new ApiError(429, errorMessages.rateLimited, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
    }
  }

  async recordFailure(account: string, address: string): Promise<void> {
    // consume() rejects once the points are spent; that is the limit being reached, not an error.
    await Promise.allSettled([
      this.#byAccount.consume(account.toLowerCase()),
      this.#byAddress.consume(address),
    ]);
  }

  async recordSuccess(account: string): Promise<void> {
    await this.#byAccount.delete(account.toLowerCase());
  }
}

/** A plain per-key attempt budget (registrations per address); over budget is a 429. */
export function attemptLimiter(points: number, windowSeconds: number) {
  const limiter = new RateLimiterMemory({ points, duration: windowSeconds });
  return {
    async consume(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        const waitMs = (rejection as { msBeforeNext: number }).msBeforeNext;
        throw new ApiError(429, errorMessages.rateLimited, {
          'Retry-After': String(Math.ceil(waitMs / 1000)),
        });
      }
    },
  };
}
