import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { openLimiters, type Limiters } from './limiters.ts';
import { LoginLimiter } from './login-limiter.ts';

// The API suite runs once on PGlite and once on PostgreSQL (DATABASE_URL): on PostgreSQL two
// limiters stand for two server processes on one database, on PGlite for one process each.
const databaseUrl = process.env.DATABASE_URL;
const limits = { perAccount: 3, perAddress: 100, windowSeconds: 60 };

const opened: Limiters[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((limiters) => limiters.close()));
});

/** Two "processes" with their own limiter, as buildApp opens it, on one store. */
function twoProcesses() {
  const scope = `limiter-test-${randomUUID()}`;
  const stores = [openLimiters({ databaseUrl, scope }), openLimiters({ databaseUrl, scope })] as const;
  opened.push(...stores);
  return [new LoginLimiter(limits, stores[0]), new LoginLimiter(limits, stores[1])] as const;
}

const outcome = (attempt: Promise<void>) =>
  attempt.then(
    () => 'spent',
    (error: unknown) => (error instanceof ApiError ? error.status : error),
  );

describe('login limits across server processes', () => {
  it(`share one budget per account ${databaseUrl ? 'through PostgreSQL' : '(memory: per process)'}`, async () => {
    const [first, second] = twoProcesses();
    const account = `someone-${randomUUID()}@example.com`;
    const answers = [];
    // Alternating processes, as a load balancer would spread one attacker's guesses.
    for (let i = 0; i < 6; i += 1)
      answers.push(await outcome((i % 2 ? second : first).consume(account, '192.0.2.1')));
    expect(answers).toEqual(
      databaseUrl
        ? ['spent', 'spent', 'spent', 429, 429, 429]
        : ['spent', 'spent', 'spent', 'spent', 'spent', 'spent'],
    );
    // Each process on its own still stops at the limit.
    expect(await outcome(first.consume(account, '192.0.2.1'))).toBe(429);
    expect(await outcome(second.consume(account, '192.0.2.1'))).toBe(429);
  });

  it('count guesses sent in parallel to both processes no more than the limit allows', async () => {
    const [first, second] = twoProcesses();
    const account = `parallel-${randomUUID()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome((i % 2 ? second : first).consume(account, '192.0.2.2'))),
    );
    const spent = answers.filter((a) => a === 'spent').length;
    expect(spent).toBe(databaseUrl ? limits.perAccount : 2 * limits.perAccount);
    expect(answers.filter((a) => a === 429)).toHaveLength(20 - spent);
  });

  it("forget an account's failures everywhere once it signs in", async () => {
    const [first, second] = twoProcesses();
    const account = `forgiven-${randomUUID()}@example.com`;
    for (let i = 0; i < limits.perAccount; i += 1) await first.consume(account, '192.0.2.3');
    await second.succeeded(account.toUpperCase(), '192.0.2.3');
    // On PostgreSQL the other process saw the success; in memory only the one that had it.
    expect(await outcome(first.consume(account, '192.0.2.3'))).toBe(databaseUrl ? 'spent' : 429);
    await first.succeeded(account, '192.0.2.3');
    for (let i = 0; i < limits.perAccount; i += 1)
      expect(await outcome(first.consume(account, '192.0.2.3'))).toBe('spent');
  });

  it('give a refunded attempt back and answer 429 with Retry-After once the budget is spent', async () => {
    const [limiter] = twoProcesses();
    const account = `refund-${randomUUID()}@example.com`;
    for (let i = 0; i < 10; i += 1) {
      await limiter.consume(account, '192.0.2.4');
      await limiter.refund(account, '192.0.2.4');
    }
    for (let i = 0; i < limits.perAccount; i += 1) await limiter.consume(account, '192.0.2.4');
    const refused = await limiter.consume(account, '192.0.2.4').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect(Number((refused as ApiError).headers['Retry-After'])).toBeGreaterThan(0);
  });

  it('count a very long address as one account, without failing', async () => {
    const [first, second] = twoProcesses();
    const account = `${'x'.repeat(300)}-${randomUUID()}@example.com`;
    for (let i = 0; i < limits.perAccount; i += 1) await first.consume(account, '192.0.2.5');
    expect(await outcome(first.consume(account.toUpperCase(), '192.0.2.5'))).toBe(429);
    expect(await outcome(second.consume(account, '192.0.2.5'))).toBe(databaseUrl ? 429 : 'spent');
  });
});
