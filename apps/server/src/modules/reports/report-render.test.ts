import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { ReportJob } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { runReportQueueOnce } from '../../jobs/report-queue.job.ts';
import { createReportRenderer, reportRenderErrors, sharedReportRenderer } from './report-renderer.ts';
import type { ReportContent } from './report-pdf.ts';
import { reportFixtures } from './report.test-support.ts';

const t = useTestServer({ reportWorkerMs: false });
const f = reportFixtures(t);

/** Render threads that spin or fill their heap, by the report's title (report-render.test-worker.ts). */
const testWorker = fileURLToPath(new URL('./report-render.test-worker.ts', import.meta.url));

const period = { start: '2026-11-24T00:00:00.000Z', end: '2026-11-25T00:00:00.000Z', timeZone: 'UTC' };

/** A company with a report page of this title for its agent, and a report of it queued. */
async function queueReport(title: string) {
  const s = await f.setup();
  const page = await f.page(s.companyId, title, [], { agentIds: [s.agentId] });
  const queued = await t.call('POST', `AgentQueueReportList/${s.agent.publicId}`, {
    ...s.as,
    body: { report: { publicId: page.public_id }, ...period },
  });
  expect(queued.status).toBe(201);
  return { ...s, job: queued.body.data as ReportJob };
}

const readJob = async (as: { token: string; company: string }, publicId: string) =>
  (await t.call('GET', `ReportJob/${publicId}`, as)).body.data as ReportJob;

describe('report rendering off the event loop', () => {
  it('answers API calls while a report is being drawn', async () => {
    const release = new Int32Array(new SharedArrayBuffer(4));
    const renderer = createReportRenderer({ filename: testWorker, workerData: { release } });
    try {
      const { as, job } = await queueReport('spin');
      let settled = false;
      const running = runReportQueueOnce(f.workerDeps({ render: renderer.render })).finally(() => {
        settled = true;
      });
      // The render thread told its progress and keeps drawing; the API still answers.
      await vi.waitFor(
        async () => expect(await readJob(as, job.publicId)).toMatchObject({ state: 'running', progress: 50 }),
        { timeout: 20_000, interval: 50 },
      );
      expect(settled).toBe(false);
      Atomics.store(release, 0, 1);
      expect(await running).toBeGreaterThanOrEqual(1);
      expect(await readJob(as, job.publicId)).toMatchObject({ state: 'done', progress: 100 });
    } finally {
      Atomics.store(release, 0, 1);
      await renderer.close();
    }
  });

  it('stops a render past its time budget and fails the report with the reason, without retrying', async () => {
    const renderer = createReportRenderer({ filename: testWorker, timeoutMs: 500 });
    try {
      const { as, job, companyId } = await queueReport('spin');
      await runReportQueueOnce(f.workerDeps({ render: renderer.render }));
      expect(await readJob(as, job.publicId)).toMatchObject({
        state: 'failed',
        error: 'The report took longer than 0.5 seconds to draw',
        fileName: null,
      });
      const row = await f
        .db()
        .selectFrom('report_jobs')
        .select('attempts')
        .where('public_id', '=', job.publicId)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(1);
      const inbox = await f
        .db()
        .selectFrom('messages')
        .select(['subject', 'body'])
        .where('company_id', '=', companyId)
        .execute();
      expect(inbox).toEqual([
        {
          subject: 'Report failed: spin',
          body: expect.stringContaining(reportRenderErrors.timedOut(500)),
        },
      ]);
    } finally {
      await renderer.close();
    }
  });

  it('fails a report whose render runs out of its heap, and the next one still renders', async () => {
    const renderer = createReportRenderer({
      filename: testWorker,
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    try {
      const hog = await queueReport('hog');
      await runReportQueueOnce(f.workerDeps({ render: renderer.render }));
      expect(await readJob(hog.as, hog.job.publicId)).toMatchObject({
        state: 'failed',
        error: reportRenderErrors.outOfMemory,
      });
      const next = await queueReport('small');
      await runReportQueueOnce(f.workerDeps({ render: renderer.render }));
      expect(await readJob(next.as, next.job.publicId)).toMatchObject({ state: 'done' });
    } finally {
      await renderer.close();
    }
  });
});

describe('report queue fairness', () => {
  it('takes turns between companies: one company’s backlog does not hold up another’s single report', async () => {
    const a = await f.setup();
    const aPage = await f.page(a.companyId, 'Backlog', [], { agentIds: [a.agentId] });
    for (let i = 0; i < 4; i += 1) {
      const queued = await t.call('POST', `AgentQueueReportList/${a.agent.publicId}`, {
        ...a.as,
        body: { report: { publicId: aPage.public_id }, ...period },
      });
      expect(queued.status).toBe(201);
    }
    const b = await queueReport('Single');

    const drawn: string[] = [];
    const render = (content: ReportContent, onProgress?: (share: number) => Promise<void>) => {
      drawn.push(content.deviceName);
      return sharedReportRenderer().render(content, onProgress);
    };
    await runReportQueueOnce(f.workerDeps({ render }));
    const ours = drawn.filter((name) => name === a.agent.name || name === b.agent.name);
    expect(ours).toEqual([a.agent.name, b.agent.name, a.agent.name, a.agent.name, a.agent.name]);
    expect(await readJob(b.as, b.job.publicId)).toMatchObject({ state: 'done' });
  });
});
