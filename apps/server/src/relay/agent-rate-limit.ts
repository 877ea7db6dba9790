import { agentRateLimit } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import type { RelayOptions } from './relay-options.ts';
import { runInTransaction } from '../db/transaction.ts';

export type RateLimitState = {
  limit: 'soft' | 'hard' | null;
  counter: number;
  lastHit: Date | null;
};

export type AttemptDecision =
  | { allowed: true; next: RateLimitState }
  | { allowed: false; next: RateLimitState; retryAfterSeconds: number | null };

type Limits = Pick<RelayOptions, 'windowSeconds' | 'softAfterAttempts' | 'hardAfterAttempts'>;

/**
 * One agent connection attempt against its rate limit (ARCHITECTURE "Processes"). Attempts
 * within the window of the previous one count up, otherwise the count starts again. While the
 * limit is soft, an attempt earlier than 30 s (5 min once the count passed 10) after the last
 * admitted one is refused with the time to wait; a hard limit refuses everything until a user
 * resets it. Refused attempts count (an agent that ignores Retry-After ends up hard-limited) but
 * do not move the last hit, so the Retry-After an agent was given stays true.
 */
export function decideAttempt(state: RateLimitState, now: Date, limits: Limits): AttemptDecision {
  const within =
    state.lastHit !== null && now.getTime() - state.lastHit.getTime() < limits.windowSeconds * 1000;
  const counter = within ? state.counter + 1 : 1;
  if (state.limit === 'hard') {
    return { allowed: false, next: { ...state, counter }, retryAfterSeconds: null };
  }
  const limit: RateLimitState['limit'] =
    counter >= limits.hardAfterAttempts ? 'hard' : counter >= limits.softAfterAttempts ? 'soft' : null;
  if (limit === 'hard')
    return { allowed: false, next: { limit, counter, lastHit: now }, retryAfterSeconds: null };
  if (state.limit === 'soft' && within && state.lastHit) {
    const delaySeconds =
      counter <= agentRateLimit.softCounterThreshold
        ? agentRateLimit.softRetrySeconds
        : agentRateLimit.softRetryLongSeconds;
    const waitMs = state.lastHit.getTime() + delaySeconds * 1000 - now.getTime();
    if (waitMs > 0) {
      const next = { limit, counter, lastHit: state.lastHit };
      return { allowed: false, next, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    }
  }
  return { allowed: true, next: { limit, counter, lastHit: now } };
}

/**
 * Records an attempt of this agent atomically and says whether it may attach. `seen`: the state
 * the caller just read (with the credential): the attempt is then one conditional update that
 * applies only while the row still holds exactly that state, so it costs one statement instead
 * of a locking transaction; when another attempt changed the row in between, it is decided
 * again under the row lock.
 */
export async function recordAttempt(
  db: Db,
  agentId: number,
  limits: Limits,
  seen?: RateLimitState,
): Promise<AttemptDecision> {
  if (seen) {
    const decision = decideAttempt(seen, new Date(), limits);
    const updated = await db
      .updateTable('agents')
      .set(stateColumns(decision))
      .where('id', '=', agentId)
      .where('rate_limit', seen.limit === null ? 'is' : '=', seen.limit)
      .where('rate_limit_counter', '=', seen.counter)
      .where('rate_limit_last_hit', seen.lastHit === null ? 'is' : '=', seen.lastHit)
      .returning('id')
      .executeTakeFirst();
    if (updated) return decision;
  }
  return runInTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('agents')
      .select(['rate_limit', 'rate_limit_counter', 'rate_limit_last_hit'])
      .where('id', '=', agentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const decision = decideAttempt(
      { limit: row.rate_limit, counter: row.rate_limit_counter, lastHit: row.rate_limit_last_hit },
      new Date(),
      limits,
    );
    await trx.updateTable('agents').set(stateColumns(decision)).where('id', '=', agentId).execute();
    return decision;
  });
}

/** A connection that stayed up longer than the window proves the agent healthy: forget its attempts. */
export async function clearRateLimit(db: Db, agentId: number): Promise<void> {
  await db
    .updateTable('agents')
    .set({ rate_limit: null, rate_limit_counter: 0, rate_limit_last_hit: null })
    .where('id', '=', agentId)
    .where((eb) => eb.or([eb('rate_limit', 'is', null), eb('rate_limit', '!=', 'hard')]))
    .execute();
}

/** The agent's columns holding the state an attempt leaves. */
function stateColumns(decision: AttemptDecision) {
  const { limit, counter, lastHit } = decision.next;
  return { rate_limit: limit, rate_limit_counter: counter, rate_limit_last_hit: lastHit };
}
