import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { buildApp, type AppOptions, type BuiltApp } from '../../app.ts';
import { enqueueJob, type RecurringJob } from './job-queue.ts';

// Two full servers on one database, as two processes behind a load balancer would be. Job names
// are this file's own: on PostgreSQL other files' servers share the queue but have no handler.
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const recurringName = `test.app-recurring.${suffix}`;
const raceName = `test.app-race.${suffix}`;
const laterName = `test.app-later.${suffix}`;

const slots: number[] = [];
const ran: number[] = [];
const recurring: RecurringJob = {
  name: recurringName,
  everyMs: 50,
  run: async ({ slot }) => void slots.push(slot.getTime()),
};
const handlers = {
  [raceName]: async (job: { payload: unknown }) => void ran.push((job.payload as { n: number }).n),
};
const jobs: AppOptions['jobs'] = { recurring: [recurring], handlers };

const t = useTestServer({ jobs });
let second: BuiltApp;
beforeAll(async () => {
  second = await buildApp({
    config: t.server.config,
    db: t.server.db,
    logger: false,
    webhookWorkerMs: false,
    reportWorkerMs: false,
    loginLimitsScope: `second-${suffix}`,
    jobs,
  });
});
afterAll(async () => {
  await second?.app.close();
});

describe('jobs with two servers on one database', () => {
  it('runs each slot of a recurring job in one of them only', async () => {
    await vi.waitFor(() => expect(slots.length).toBeGreaterThanOrEqual(8), { timeout: 20_000, interval: 20 });
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('runs each enqueued job once', async () => {
    for (let n = 0; n < 40; n += 1) await enqueueJob(t.server.db, { name: raceName, payload: { n } });
    await vi.waitFor(() => expect(ran.length).toBeGreaterThanOrEqual(40), { timeout: 20_000, interval: 20 });
    // Every job's worker is done: none is still queued or running.
    await vi.waitFor(
      async () =>
        expect(
          await t.server.db
            .selectFrom('jobs')
            .select('state')
            .where('name', '=', raceName)
            .where('state', '<>', 'done')
            .execute(),
        ).toEqual([]),
      { timeout: 20_000, interval: 20 },
    );
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it('keeps a job no running server can take until a server that can starts', async () => {
    const done: unknown[] = [];
    await enqueueJob(t.server.db, { name: laterName, payload: { x: 1 } });
    const third = await buildApp({
      config: t.server.config,
      db: t.server.db,
      logger: false,
      webhookWorkerMs: false,
      reportWorkerMs: false,
      loginLimitsScope: `third-${suffix}`,
      jobs: { handlers: { [laterName]: async (job) => void done.push(job.payload) } },
    });
    try {
      await vi.waitFor(() => expect(done).toEqual([{ x: 1 }]), { timeout: 20_000, interval: 20 });
    } finally {
      await third.app.close();
    }
  });

  it('registers the server’s periodic work as schedules', async () => {
    const names = (await t.server.db.selectFrom('job_schedules').select('name').execute()).map(
      (row) => row.name,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'access-tokens.remove-expired',
        'temporary-access.sweep',
        'app-activations.end-sweep',
        'samples.storage',
        'webhooks.prune-deliveries',
        'alarms.delay-sweep',
        'jobs.prune',
        recurringName,
      ]),
    );
  });
});
