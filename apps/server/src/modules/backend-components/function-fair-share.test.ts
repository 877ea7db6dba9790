import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { functionRunJobName } from './function-run.repository.ts';
import type { FunctionRun } from './function-runner.ts';
import { functionRunLimits, startFunctionWorker } from './function-worker.ts';
import { backendComponentFixtures, useOwnSecretKey, type As } from './backend-components.test-support.ts';

useOwnSecretKey();
const t = useTestServer();
const f = backendComponentFixtures(t);
const db = () => t.server.db;
const dispatcher = () => t.server.built.functions.dispatcher;
const quiet = { error: () => {}, warn: () => {} };

/** A company with a function subscribed to its agent's status, and the event that triggers it. */
async function companyWithFunction(code: string) {
  const { as, companyId } = await f.company();
  const agent = await f.agent(as);
  const template = await f.template(as, { code });
  const created = await t.call('POST', 'BackendComponentMessageSubscriptionList', {
    ...as,
    body: { template: { publicId: template.publicId }, kind: 'agentStatus' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const subscription = (created.body.data as { publicId: string }).publicId;
  const event = {
    type: 'AgentStatusChanged' as const,
    companyId,
    agent: { publicId: agent.publicId },
    status: 'online' as const,
  };
  return { as, companyId, template: template.publicId, subscription, event };
}

async function droppedRuns(as: As, subscription: string) {
  const response = await t.call('GET', `BackendComponentMessageSubscription/${subscription}`, as);
  expect(response.status).toBe(200);
  return (response.body.data as { droppedRuns: number }).droppedRuns;
}

async function runsOf(templatePublicId: string) {
  return db()
    .selectFrom('backend_component_runs as r')
    .innerJoin('backend_component_templates as t', 't.id', 'r.template_id')
    .select(['r.status', 'r.result'])
    .where('t.public_id', '=', templatePublicId)
    .execute();
}

async function jobsOf(companyId: number, states: ('queued' | 'running' | 'done')[]) {
  const row = await db()
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('name', '=', functionRunJobName)
    .where('company_id', '=', companyId)
    .where('state', 'in', states)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function settled(companyId: number) {
  await expect.poll(() => dispatcher().pending(companyId), { timeout: 30_000, interval: 100 }).toBe(0);
}

describe('functions: a fair share per company', () => {
  it("runs another company's function while one company floods, and drops only the flood's runs, counted", async () => {
    // Each of the flood's runs holds its slot until the time limit stops it.
    const flooding = await companyWithFunction('async function handler() { await new Promise(() => {}) }');
    const other = await companyWithFunction('function handler() { return "not delayed" }');
    const flood = functionRunLimits.queuedPerCompany + 50;
    for (let i = 0; i < flood; i += 1) await dispatcher().dispatch(flooding.event);
    // The flood holds only its own share of the slots; the rest of it waits, or was dropped.
    expect(await jobsOf(flooding.companyId, ['running'])).toBeLessThanOrEqual(
      functionRunLimits.slotsPerCompany,
    );

    await dispatcher().dispatch(other.event);
    // In turn with the flood's backlog, the other company's run would wait for minutes.
    await expect
      .poll(() => runsOf(other.template), { timeout: 20_000, interval: 100 })
      .toEqual([{ status: 'ok', result: 'not delayed' }]);
    expect(await droppedRuns(other.as, other.subscription)).toBe(0);

    // Every run of the flood is waiting, running, done (in the run log) or dropped and counted.
    const accounted = async () =>
      (await jobsOf(flooding.companyId, ['queued', 'running'])) +
      (await runsOf(flooding.template)).length +
      (await droppedRuns(flooding.as, flooding.subscription));
    await expect.poll(accounted).toBe(flood);
    expect(await droppedRuns(flooding.as, flooding.subscription)).toBeGreaterThan(0);

    // A deleted subscription's queued runs are skipped, not run.
    const removed = await t.call('DELETE', `BackendComponentMessageSubscription/${flooding.subscription}`, {
      ...flooding.as,
    });
    expect(removed.status).toBe(200);
    await settled(flooding.companyId);
    expect((await runsOf(flooding.template)).length).toBeLessThan(10);
    // A flood of a few hundred runs, on a machine other suites share.
  }, 120_000);

  it('queues runs in the database, where each runs once whichever process takes it', async () => {
    const company = await companyWithFunction('function handler() { return "ran" }');
    const elsewhere: FunctionRun[] = [];
    // Another process's worker on the same database.
    const stopOther = startFunctionWorker({
      db: db(),
      log: quiet,
      run: async (run) => {
        elsewhere.push(run);
      },
    });
    try {
      for (let i = 0; i < 12; i += 1) await dispatcher().dispatch(company.event);
      await settled(company.companyId);
    } finally {
      await stopOther();
    }
    // Done runs leave the job table: the run log keeps them.
    expect(await jobsOf(company.companyId, ['queued', 'running', 'done'])).toBe(0);
    const here = await runsOf(company.template);
    expect(here.length + elsewhere.length).toBe(12);
    expect(here.every((run) => run.result === 'ran')).toBe(true);
    expect(elsewhere.every((run) => run.subscription.code.includes('"ran"'))).toBe(true);
  });
});
