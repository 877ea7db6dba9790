export type BackoffOptions = { minDelayMs: number; maxDelayMs: number };

/**
 * Reconnect delay after `failures` failed attempts in a row: doubling from the minimum up to the
 * maximum, each randomised by ±20 % (within those bounds), so a fleet of agents that lost their
 * relay at the same moment does not come back at the same moment.
 */
export function backoffDelay(failures: number, options: BackoffOptions, random = Math.random): number {
  const base = Math.min(options.maxDelayMs, options.minDelayMs * 2 ** Math.min(failures, 30));
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(options.maxDelayMs, Math.max(options.minDelayMs, jittered)));
}
