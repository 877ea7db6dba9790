import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { openLimiters, type Limiters } from './limiters.ts';

// The API suite runs once on PGlite and once on PostgreSQL (DATABASE_URL): on PostgreSQL two
// `Limiters` stand for two server processes on one database, on PGlite for one process each.
const databaseUrl = process.env.DATABASE_URL;

const opened: Limiters[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((limiters) => limiters.close()));
});

function open(scope: string) {
  const limiters = openLimiters({ databaseUrl, scope });
  opened.push(limiters);
  return limiters;
}

const outcome = (attempt: Promise<void>) =>
  attempt.then(
    () => 'spent',
    (error: unknown) => (error instanceof ApiError ? error.status : error),
  );

describe('rate limits across server processes', () => {
  it(`share one budget per name and scope ${databaseUrl ? 'through PostgreSQL' : '(memory: per process)'}`, async () => {
    const scope = `limiters-${randomUUID()}`;
    const [first, second, elsewhere] = [open(scope), open(scope), open(`${scope}-b`)];
    const budgets = [first, second].map((limiters) => limiters.attempts('test-budget', 3, 60));
    // The same name and key in another installation (scope) and under another name in this one.
    const otherScope = elsewhere.attempts('test-budget', 3, 60);
    const otherName = first.attempts('another-budget', 3, 60);
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await outcome(budgets[i % 2]!.consume('192.0.2.1')));
    expect(answers).toEqual(
      databaseUrl ? ['spent', 'spent', 'spent', 429, 429, 429] : Array(6).fill('spent'),
    );
    expect(await outcome(budgets[0]!.consume('192.0.2.1'))).toBe(429);
    expect(await outcome(otherScope.consume('192.0.2.1'))).toBe('spent');
    expect(await outcome(otherName.consume('192.0.2.1'))).toBe('spent');
  });

  it('let no more than the budget through when attempts reach both processes at once', async () => {
    const scope = `limiters-${randomUUID()}`;
    const budgets = [open(scope), open(scope)].map((l) => l.attempts('parallel', 4, 60));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(budgets[i % 2]!.consume('192.0.2.2'))),
    );
    expect(answers.filter((a) => a === 'spent')).toHaveLength(databaseUrl ? 4 : 8);
    expect(answers.filter((a) => a === 429)).toHaveLength(databaseUrl ? 16 : 12);
  });

  it('give a refunded attempt back and answer 429 with Retry-After within the window', async () => {
    const budget = open(`limiters-${randomUUID()}`).attempts('refunds', 2, 60);
    for (let i = 0; i < 5; i += 1) {
      await budget.consume('192.0.2.3');
      await budget.refund('192.0.2.3');
    }
    await budget.consume('192.0.2.3');
    await budget.consume('192.0.2.3');
    const refused = await budget.consume('192.0.2.3').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    const retryAfter = Number((refused as ApiError).headers['Retry-After']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('count a key longer than the database column as one key', async () => {
    const scope = `limiters-${randomUUID()}`;
    const budgets = [open(scope), open(scope)].map((l) => l.attempts('long-keys', 1, 60));
    const key = `${'x'.repeat(300)}@example.com`;
    expect(await outcome(budgets[0]!.consume(key))).toBe('spent');
    expect(await outcome(budgets[0]!.consume(key))).toBe(429);
    expect(await outcome(budgets[1]!.consume(key))).toBe(databaseUrl ? 429 : 'spent');
    // Keys that differ only past the column's length stay apart.
    expect(await outcome(budgets[0]!.consume(`${key}.org`))).toBe('spent');
  });

  it('refuse a second limiter under a name already in use', async () => {
    const limiters = open(`limiters-${randomUUID()}`);
    limiters.attempts('once', 1, 60);
    expect(() => limiters.attempts('once', 5, 60)).toThrow('rate limiter "once" is defined twice');
    expect(() => limiters.counter('once', 5, 60)).toThrow('defined twice');
  });

  it('keep limiting in this process when the database cannot answer, never failing the request', async () => {
    const limiters = openLimiters({ databaseUrl, scope: `limiters-${randomUUID()}` });
    const budget = limiters.attempts('outage', 2, 60);
    // Closing the pool makes every later query fail, as a database that went away would.
    await limiters.close();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await outcome(budget.consume('192.0.2.4')));
    expect(answers).toEqual(['spent', 'spent', 429, 429]);
  });
});
