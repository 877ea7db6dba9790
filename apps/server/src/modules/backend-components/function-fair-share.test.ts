import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { EventBus } from '../../events/event-bus.ts';
import { startFunctionDispatcher } from './function-dispatcher.ts';
import { createRunQueue, runQueueLimits } from './function-run-queue.ts';
import type { FunctionRun } from './function-runner.ts';
import { backendComponentFixtures, useOwnSecretKey, type As } from './backend-components.test-support.ts';

useOwnSecretKey();
const t = useTestServer();
const f = backendComponentFixtures(t);
const quiet = { error: () => {}, warn: () => {} };

/** A company with a function subscribed to its agent's status, and the event that triggers it. */
async function companyWithFunction() {
  const { as, companyId } = await f.company();
  const agent = await f.agent(as);
  const template = await f.template(as, { code: 'function handler() { return 1 }' });
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
  return { as, companyId, subscription, event };
}

async function droppedRuns(as: As, subscription: string) {
  const response = await t.call('GET', `BackendComponentMessageSubscription/${subscription}`, as);
  expect(response.status).toBe(200);
  return (response.body.data as { droppedRuns: number }).droppedRuns;
}

/**
 * A dispatcher of its own (on an event bus of its own, so the server's does not run these),
 * whose runs last until the test ends them.
 */
function heldDispatcher() {
  const started: FunctionRun[] = [];
  const ends: (() => void)[] = [];
  const dispatcher = startFunctionDispatcher(
    {
      db: t.server.db,
      events: new EventBus(),
      log: quiet,
      run: (run) => {
        started.push(run);
        return new Promise<void>((resolve) => ends.push(resolve));
      },
    },
    { scheduleCheckMs: false },
  );
  /** Ends every run, the ones started meanwhile too, until nothing is left. */
  async function finishAll() {
    while (dispatcher.pending > 0) {
      for (const end of ends.splice(0)) end();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const startedOf = (companyId: number) => started.filter((run) => run.scope.companyId === companyId);
  return { dispatcher, startedOf, finishAll };
}

describe('functions: a fair share per company', () => {
  it("runs another company's function at once while one company floods, and drops only the flood's runs, counted", async () => {
    const flooding = await companyWithFunction();
    const other = await companyWithFunction();
    const { dispatcher, startedOf, finishAll } = heldDispatcher();
    try {
      const flood = runQueueLimits.queuedPerCompany + 50;
      for (let i = 0; i < flood; i += 1) await dispatcher.dispatch(flooding.event);
      // The flood holds only its own share of the slots; the rest of it waits, or is dropped.
      expect(startedOf(flooding.companyId)).toHaveLength(runQueueLimits.slotsPerCompany);

      await dispatcher.dispatch(other.event);
      expect(startedOf(other.companyId)).toHaveLength(1);

      await finishAll();
      const dropped = flood - runQueueLimits.slotsPerCompany - runQueueLimits.queuedPerCompany;
      expect(startedOf(flooding.companyId)).toHaveLength(flood - dropped);
      expect(await droppedRuns(flooding.as, flooding.subscription)).toBe(dropped);
      expect(await droppedRuns(other.as, other.subscription)).toBe(0);
    } finally {
      dispatcher.stop();
    }
  });
});

describe('functions: the run queue', () => {
  const limits = { slots: 3, slotsPerCompany: 2, queuedPerCompany: 4, queuedInAll: 6 };

  function queueWith() {
    const started: string[] = [];
    const dropped: string[] = [];
    const ends: (() => void)[] = [];
    const queue = createRunQueue<string>({
      limits,
      run: (item) => {
        started.push(item);
        return new Promise<void>((resolve) => ends.push(resolve));
      },
      onDrop: (item) => dropped.push(item),
    });
    const endOne = async () => {
      ends.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { queue, started, dropped, endOne };
  }

  it('takes the companies in turn for free slots', async () => {
    const { queue, started, endOne } = queueWith();
    for (const item of ['a1', 'a2', 'a3', 'a4']) queue.enqueue(1, item);
    for (const item of ['b1', 'b2']) queue.enqueue(2, item);
    for (const item of ['c1', 'c2']) queue.enqueue(3, item);
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await endOne();
    expect(started.at(-1)).toBe('c1');
    await endOne();
    expect(started.at(-1)).toBe('a3');
    await endOne();
    expect(started.at(-1)).toBe('b2');
    expect(queue.size).toBe(5);
  });

  it("drops a company's own newest runs past its share, and the longest queue's when all are full", () => {
    const { queue, started, dropped } = queueWith();
    for (let i = 1; i <= 8; i += 1) queue.enqueue(1, `a${i}`);
    expect(started).toEqual(['a1', 'a2']);
    expect(dropped).toEqual(['a7', 'a8']);
    for (const item of ['b1', 'b2', 'b3']) queue.enqueue(2, item);
    expect(started).toEqual(['a1', 'a2', 'b1']);
    // Six wait now (a3 … a6, b2, b3): the next arrival of another company pushes out the
    // flood's newest, not its own.
    queue.enqueue(3, 'c1');
    expect(dropped).toEqual(['a7', 'a8', 'a6']);
    queue.enqueue(1, 'a9');
    expect(dropped).toEqual(['a7', 'a8', 'a6', 'a9']);
    expect(queue.size).toBe(9);
  });
});
