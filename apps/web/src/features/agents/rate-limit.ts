import { agentRateLimit, type RateLimiting } from '@fleetgate/contracts';

/** How the console words an agent's connection-attempt limit; null when it is not limited. */
export type RateLimitState =
  | {
      kind: 'retrying';
      retryIn: 'seconds' | 'minutes';
      after: number;
      counter: number;
      lastHit: string | null;
    }
  | { kind: 'stopped'; counter: number; lastHit: string | null };

export function rateLimitStateOf(rateLimiting: RateLimiting): RateLimitState | null {
  const {
    configOpenvpnLimit: limit,
    configOpenvpnCounter: counter,
    configOpenvpnLastHit: lastHit,
  } = rateLimiting;
  if (limit === null) return null;
  if (limit === 'hard') return { kind: 'stopped', counter, lastHit };
  // Soft: retries every 30 s while the counter is at most 10, then every 5 minutes.
  return counter <= agentRateLimit.softCounterThreshold
    ? { kind: 'retrying', retryIn: 'seconds', after: agentRateLimit.softRetrySeconds, counter, lastHit }
    : {
        kind: 'retrying',
        retryIn: 'minutes',
        after: agentRateLimit.softRetryLongSeconds / 60,
        counter,
        lastHit,
      };
}
