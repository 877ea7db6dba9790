import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { enqueueJob, nextRunAfter, startJobQueue, type JobQueueOptions } from './job-queue.ts';

// On PostgreSQL other test files share the database: every job here has a name of its own, and a
// worker claims only names it has handlers for, so neither side runs the other's jobs.
let db: Db;
let counter = 0;
const unique = (what: string) =>
  `test.${what}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  if (!process.env.DATABASE_URL) await migrateToLatest(db);
});
afterAll(async () => {
  await db?.destroy();
});

const stops: (() => Promise<void>)[] = [];
function start(options: Omit<JobQueueOptions, 'db' | 'onError'> & { onError?: JobQueueOptions['onError'] }) {
  const stop = startJobQueue({ db, onError: () => {}, pollMs: 100, ...options });
  stops.push(stop);
  return stop;
}
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
});

const jobsNamed = (name: string) =>
  db
    .selectFrom('jobs')
    .select(['state', 'attempts', 'last_error', 'finished_at', 'payload'])
    .where('name', '=', name)
    .orderBy('id')
    .execute();

describe('the job queue', () => {
  it('runs each slot of a recurring job once with two workers, covering time without gaps', async () => {
    const name = unique('recurring');
    const slots: { slot: number; previous: number | null }[] = [];
    const job = {
      name,
      everyMs: 40,
      run: async ({ slot, previous }: { slot: Date; previous: Date | null }) => {
        slots.push({ slot: slot.getTime(), previous: previous?.getTime() ?? null });
      },
    };
    const stopA = start({ recurring: [job], pollMs: 20 });
    const stopB = start({ recurring: [job], pollMs: 20 });
    await vi.waitFor(() => expect(slots.length).toBeGreaterThanOrEqual(8), { timeout: 20_000, interval: 20 });
    await Promise.all([stopA(), stopB()]);

    const times = slots.map((s) => s.slot).sort((a, b) => a - b);
    expect(new Set(times).size).toBe(times.length);
    // Each slot names the one before it, so a sweep's windows (previous, slot] meet end to end.
    const byTime = [...slots].sort((a, b) => a.slot - b.slot);
    for (let i = 1; i < byTime.length; i += 1) expect(byTime[i]!.previous).toBe(byTime[i - 1]!.slot);
    // Done slots leave no rows behind. A slot the scheduler queued while the workers were stopping
    // stays queued for the next worker to start: it is later than every slot that ran.
    const left = await jobsNamed(name);
    expect(left.filter((row) => row.state !== 'queued')).toEqual([]);
    for (const row of left)
      expect(new Date((row.payload as { slot: string }).slot).getTime()).toBeGreaterThan(times.at(-1)!);
  });

  it('runs every enqueued job once when two workers race for them', async () => {
    const name = unique('race');
    const ran: number[] = [];
    const handler = async (job: { payload: unknown }) => {
      ran.push((job.payload as { n: number }).n);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    };
    start({ handlers: { [name]: handler }, concurrency: 3 });
    start({ handlers: { [name]: handler }, concurrency: 3 });
    for (let n = 0; n < 60; n += 1) await enqueueJob(db, { name, payload: { n } });
    await vi.waitFor(
      async () => {
        const rows = await jobsNamed(name);
        expect(rows.filter((row) => row.state === 'done')).toHaveLength(60);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect((await jobsNamed(name)).every((row) => row.attempts === 1)).toBe(true);
  });

  it('keeps a job over a restart: a worker started later runs it', async () => {
    const name = unique('restart');
    const ran: unknown[] = [];
    const handlers = { [name]: async (job: { payload: unknown }) => void ran.push(job.payload) };
    const stopFirst = start({ handlers });
    await stopFirst();
    await enqueueJob(db, { name, payload: { report: 7 } });
    expect(await jobsNamed(name)).toMatchObject([{ state: 'queued', attempts: 0 }]);
    expect(ran).toEqual([]);

    start({ handlers });
    await vi.waitFor(
      async () => expect(await jobsNamed(name)).toMatchObject([{ state: 'done', attempts: 1 }]),
      {
        timeout: 20_000,
        interval: 50,
      },
    );
    expect(ran).toEqual([{ report: 7 }]);
  });

  it('retries a failing job after a backoff, then marks it failed with its last error', async () => {
    const name = unique('failing');
    let calls = 0;
    const errors: string[] = [];
    start({
      handlers: {
        [name]: async () => {
          calls += 1;
          throw new Error(`boom ${calls}`);
        },
      },
      // An hour: the test moves the retry time itself rather than waiting.
      retryDelayMs: (attempt) => attempt * 3600_000,
      onError: (error) => errors.push((error as Error).message),
    });
    const id = await enqueueJob(db, { name, maxAttempts: 3 });
    const retryIn = async () =>
      (
        await sql<{ minutes: number }>`
          select extract(epoch from run_at - now()) / 60 as minutes from jobs where id = ${id}`.execute(db)
      ).rows[0]!.minutes;
    const runNow = () =>
      db
        .updateTable('jobs')
        .set({ run_at: new Date(0) })
        .where('id', '=', id!)
        .execute();

    await vi.waitFor(
      async () => expect(await jobsNamed(name)).toMatchObject([{ state: 'queued', attempts: 1 }]),
      {
        timeout: 20_000,
        interval: 20,
      },
    );
    expect((await jobsNamed(name))[0]!.last_error).toBe('boom 1');
    expect(Number(await retryIn())).toBeGreaterThan(55);
    await runNow();
    await vi.waitFor(
      async () => expect(await jobsNamed(name)).toMatchObject([{ state: 'queued', attempts: 2 }]),
      {
        timeout: 20_000,
        interval: 20,
      },
    );
    // The backoff grows with the attempts.
    expect(Number(await retryIn())).toBeGreaterThan(115);
    await runNow();
    await vi.waitFor(
      async () =>
        expect(await jobsNamed(name)).toMatchObject([{ state: 'failed', attempts: 3, last_error: 'boom 3' }]),
      { timeout: 20_000, interval: 20 },
    );
    expect((await jobsNamed(name))[0]!.finished_at).toBeInstanceOf(Date);
    expect(calls).toBe(3);
    expect(errors).toEqual(['boom 1', 'boom 2', 'boom 3']);
  });

  it('claims a job whose lease ran out (its process died), and leaves a live lease alone', async () => {
    const name = unique('lease');
    const ran: string[] = [];
    const crashed = (label: string, lockedUntil: Date, attempts = 1) =>
      db
        .insertInto('jobs')
        .values({
          name,
          payload: JSON.stringify({ label }),
          state: 'running',
          attempts,
          max_attempts: 3,
          locked_until: lockedUntil,
        })
        .execute();
    await crashed('expired', new Date(Date.now() - 1000));
    await crashed('held', new Date(Date.now() + 3600_000));
    // Its last attempt's process died: failed without running again.
    await crashed('last', new Date(Date.now() - 1000), 3);
    start({ handlers: { [name]: async (job) => void ran.push((job.payload as { label: string }).label) } });

    await vi.waitFor(
      async () => {
        const rows = await jobsNamed(name);
        expect(
          rows.map((row) => [(row.payload as { label: string }).label, row.state, row.attempts]),
        ).toEqual([
          ['expired', 'done', 2],
          ['held', 'running', 1],
          ['last', 'failed', 4],
        ]);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(ran).toEqual(['expired']);
    expect((await jobsNamed(name))[2]!.last_error).toMatch(/stopped before it finished/);
  });

  it('runs a slot missed while every process was down once, then the next slot ahead (no burst)', async () => {
    const name = unique('missed');
    const everyMs = 60_000;
    const hourAgo = new Date(Date.now() - 3600_000);
    await db
      .insertInto('job_schedules')
      .values({
        name,
        every_ms: everyMs,
        next_run_at: hourAgo,
        last_run_at: new Date(hourAgo.getTime() - everyMs),
      })
      .execute();
    const slots: Date[] = [];
    const job = { name, everyMs, run: async ({ slot }: { slot: Date }) => void slots.push(slot) };
    const startedAt = Date.now();
    start({ recurring: [job] });
    start({ recurring: [job] });
    await vi.waitFor(() => expect(slots).toHaveLength(1), { timeout: 20_000, interval: 20 });
    const schedule = await db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(slots[0]).toEqual(hourAgo);
    expect(schedule.last_run_at).toEqual(hourAgo);
    // The next slot keeps the schedule's step and lies ahead: the hour's other 59 slots never run.
    expect(schedule.next_run_at.getTime()).toBeGreaterThan(startedAt - 1000);
    expect((schedule.next_run_at.getTime() - hourAgo.getTime()) % everyMs).toBe(0);
    expect(slots.filter((slot) => slot.getTime() < startedAt - 1000)).toHaveLength(1);
  });

  it('leaves jobs it has no handler for to the processes that have one', async () => {
    const unknown = unique('unknown');
    const known = unique('known');
    const ran: string[] = [];
    await enqueueJob(db, { name: unknown });
    start({ handlers: { [known]: async () => void ran.push(known) } });
    await enqueueJob(db, { name: known });
    await vi.waitFor(async () => expect(await jobsNamed(known)).toMatchObject([{ state: 'done' }]), {
      timeout: 20_000,
      interval: 20,
    });
    expect(await jobsNamed(unknown)).toMatchObject([{ state: 'queued', attempts: 0 }]);
  });

  it('enqueues a job with a dedupe key once while it is queued or running', async () => {
    const name = unique('dedupe');
    const first = await enqueueJob(db, { name, dedupeKey: name });
    const second = await enqueueJob(db, { name, dedupeKey: name });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    expect(await jobsNamed(name)).toHaveLength(1);
  });
});

describe('nextRunAfter', () => {
  const at = (iso: string) => new Date(iso);
  it('steps an interval past now, keeping the schedule aligned', () => {
    expect(nextRunAfter({ everyMs: 60_000 }, at('2026-01-01T10:00:00Z'), at('2026-01-01T10:00:00Z'))).toEqual(
      at('2026-01-01T10:01:00Z'),
    );
    expect(nextRunAfter({ everyMs: 60_000 }, at('2026-01-01T10:00:00Z'), at('2026-01-01T12:30:30Z'))).toEqual(
      at('2026-01-01T12:31:00Z'),
    );
  });
  it('takes a cron in UTC to its next time after now', () => {
    expect(
      nextRunAfter({ cron: '0 3 * * *' }, at('2026-01-01T03:00:00Z'), at('2026-01-01T03:00:00.5Z')),
    ).toEqual(at('2026-01-02T03:00:00Z'));
    expect(
      nextRunAfter({ cron: '*/15 * * * *' }, at('2026-01-01T00:00:00Z'), at('2026-01-05T10:07:00Z')),
    ).toEqual(at('2026-01-05T10:15:00Z'));
  });
});
