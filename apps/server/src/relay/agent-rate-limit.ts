import { agentRateLimit } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import type { RelayOptions } from './relay-options.ts';
import { sql } from 'kysely';
import { batched, Failed, firstOfEachKey } from '../db/batched.ts';
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

export type Attempt = { agentId: number; limits: Limits; seen: RateLimitState };

/**
 * Records an attempt of this agent atomically and says whether it may attach. `seen`: the state
 * the caller just read (with the credential): the attempt is then a conditional update that
 * applies only while the row still holds exactly that state, so it costs no locking transaction;
 * concurrent attempts share that update (db/batched.ts). An attempt whose row another one
 * changed in between, or whose agent comes twice in a batch, is decided again under the row lock.
 */
export const recordAttempt = batched(async (db: Db, attempts: Attempt[]) => {
  const now = new Date();
  const decisions = attempts.map((a) => decideAttempt(a.seen, now, a.limits));
  const { first, again } = firstOfEachKey(attempts, (a) => a.agentId);
  const rows = first.map((i) => {
    const { seen } = attempts[i]!;
    const { limit, counter, lastHit } = decisions[i]!.next;
    return sql`(${attempts[i]!.agentId}::integer, ${limit}::text, ${counter}::integer, ${lastHit}::timestamptz,
      ${seen.limit}::text, ${seen.counter}::integer, ${seen.lastHit}::timestamptz)`;
  });
  const updated = await sql<{ id: number }>`
    update agents set rate_limit = v.next_limit, rate_limit_counter = v.next_counter,
      rate_limit_last_hit = v.next_last_hit
    from (values ${sql.join(rows)})
      as v(id, next_limit, next_counter, next_last_hit, seen_limit, seen_counter, seen_last_hit)
    where agents.id = v.id
      and agents.rate_limit is not distinct from v.seen_limit
      and agents.rate_limit_counter = v.seen_counter
      and agents.rate_limit_last_hit is not distinct from v.seen_last_hit
    returning agents.id`.execute(db);
  const applied = new Set(updated.rows.map((row) => row.id));
  const retry = [...first.filter((i) => !applied.has(attempts[i]!.agentId)), ...again].sort((x, y) => x - y);
  const outcomes: (AttemptDecision | Failed)[] = decisions;
  for (const i of retry)
    outcomes[i] = await recordAttemptLocked(db, attempts[i]!).catch((error: unknown) => new Failed(error));
  return outcomes;
});

async function recordAttemptLocked(db: Db, { agentId, limits }: Attempt): Promise<AttemptDecision> {
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

/**
 * A connection that stayed up longer than the window proves the agent healthy: forget its
 * attempts. Concurrent calls share one statement (a process shutting down: db/batched.ts).
 */
export const clearRateLimit = batched(async (db: Db, agentIds: number[]) => {
  await db
    .updateTable('agents')
    .set({ rate_limit: null, rate_limit_counter: 0, rate_limit_last_hit: null })
    .where('id', 'in', agentIds)
    .where((eb) => eb.or([eb('rate_limit', 'is', null), eb('rate_limit', '!=', 'hard')]))
    .execute();
  return agentIds.map(() => undefined);
});

/** The agent's columns holding the state an attempt leaves. */
function stateColumns(decision: AttemptDecision) {
  const { limit, counter, lastHit } = decision.next;
  return { rate_limit: limit, rate_limit_counter: counter, rate_limit_last_hit: lastHit };
}
