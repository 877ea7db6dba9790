export type BackoffOptions = { minDelayMs: number; maxDelayMs: number };

/**
 * Reconnect delay after `failures` failed attempts in a row: doubling from the minimum up to the
 * maximum, each randomised by ±20 % (within those bounds), so a fleet of agents that lost their
 * relay at the same moment does not come back at the same moment.
 */
/**
 * After a connection that had been up long enough to count as stable, the first attempt to come
 * back is spread uniformly over this long: when a relay process dies, its agents reattach to the
 * others over a few seconds instead of in one instant (1,000 agents at about 250 a second).
 */
export const defaultReattachSpreadMs = 4000;

/**
 * The delay before the next connection attempt. A stable connection that ended is followed by
 * one attempt spread over `reattachSpreadMs`, then the backoff starts over from the minimum:
 * with the defaults (spread 4 s, 1 s doubling, ±20 %) the first three attempts happen within
 * 4 + 1.2 + 2.4 = 7.6 s, so an agent whose relay died is back within 10 s even when the load
 * balancer sends one attempt to the dead process.
 */
export function reconnectDelay(
  afterStable: boolean,
  failures: number,
  options: BackoffOptions & { reattachSpreadMs: number },
  random = Math.random,
): number {
  if (afterStable) return Math.round(options.reattachSpreadMs * random());
  return backoffDelay(failures, options, random);
}

export function backoffDelay(failures: number, options: BackoffOptions, random = Math.random): number {
  const base = Math.min(options.maxDelayMs, options.minDelayMs * 2 ** Math.min(failures, 30));
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(options.maxDelayMs, Math.max(options.minDelayMs, jittered)));
}
