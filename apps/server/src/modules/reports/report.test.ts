import { describe, expect, it, vi } from 'vitest';
import { reportErrors, reportLimits, type ReportJob, type ReportSchedule } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { newPublicId } from '../../http/ids.ts';
import { reportLeaseMs, runReportQueueOnce } from '../../jobs/report-queue.job.ts';
import { reportAccessCases } from './report-access.cases.ts';
import { periodText } from './report-pdf.ts';
import { claimReportJob } from './report.repository.ts';
import { pdfText, reportFixtures } from './report.test-support.ts';

const t = useTestServer({ reportWorkerMs: false });
const f = reportFixtures(t);

const start = '2026-11-24T00:00:00.000Z';
const end = '2026-11-25T00:00:00.000Z';
const timeZone = 'Europe/Berlin';

const errorOf = (status: number, message: string, propertyName?: string) => ({
  status,
  data: [{ message, ...(propertyName === undefined ? {} : { propertyName }) }],
});
const statusAndData = (r: { status: number; body: { data: unknown } }) => ({
  status: r.status,
  data: r.body.data,
});

const components = [
  {
    id: 'text',
    kind: 'text' as const,
    x: 0,
    y: 0,
    w: 12,
    h: 2,
    text: '# Shift notes\n\n- checked valves\n- **all** good',
  },
  {
    id: 'chart',
    kind: 'lineChart' as const,
    title: 'Temperature chart',
    x: 0,
    y: 2,
    w: 12,
    h: 4,
    tags: [{ name: 'temp' }],
  },
  {
    id: 'bars',
    kind: 'barChart' as const,
    title: 'Bars',
    x: 0,
    y: 6,
    w: 6,
    h: 4,
    tags: [{ name: 'temp' }],
    aggregate: 'max' as const,
  },
  {
    id: 'gauge',
    kind: 'gauge' as const,
    title: 'Pressure gauge',
    x: 6,
    y: 6,
    w: 6,
    h: 4,
    tags: [{ name: 'pressure' }],
    min: 0,
    max: 10,
  },
  {
    id: 'value',
    kind: 'value' as const,
    title: 'Now',
    x: 0,
    y: 10,
    w: 6,
    h: 2,
    tags: [{ name: 'pressure' }, { name: 'missing' }],
  },
  {
    id: 'table',
    kind: 'table' as const,
    title: 'Values table',
    x: 6,
    y: 10,
    w: 6,
    h: 4,
    tags: [{ name: 'temp' }],
  },
  { id: 'alarms', kind: 'alarms' as const, title: 'Alarm list', x: 0, y: 14, w: 12, h: 3 },
];

/** An asset (with its own asset type), of an agent or of none. */
async function createAsset(as: { token: string; company: string }, name: string, agent: string | null) {
  const type = await t.call('POST', 'AssetTypeList', { ...as, body: { name: `Type ${t.unique()}` } });
  const response = await t.call('POST', 'AssetList', {
    ...as,
    body: {
      name,
      assetType: { publicId: (type.body.data as { publicId: string }).publicId },
      ...(agent ? { agent: { publicId: agent } } : {}),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.data as { publicId: string }).publicId;
}

describe('QueueReportList', () => {
  it('answers 401, 403 without the right or the app, 400 with the property and 404 across companies', async () => {
    const { company, as, companyId, agent, agentId } = await f.setup();
    const page = await f.page(companyId, 'Daily report', components, { agentIds: [agentId] });
    const body = {
      agent: { publicId: agent.publicId },
      report: { publicId: page.public_id },
      start,
      end,
      timeZone,
    };

    expect((await t.call('POST', 'QueueReportList', { body })).status).toBe(401);
    const member = await t.newMember(company, ['agents.connect']);
    expect(
      statusAndData(
        await t.call('POST', 'QueueReportList', { token: member.token, company: company.publicId, body }),
      ),
    ).toMatchObject({ status: 403 });
    const noApp = await f.setup(false);
    const noAppPage = await f.page(noApp.companyId, 'Page', [], { agentIds: [noApp.agentId] });
    const noAppResponse = await t.call('POST', 'QueueReportList', {
      ...noApp.as,
      body: { ...body, agent: { publicId: noApp.agent.publicId }, report: { publicId: noAppPage.public_id } },
    });
    expect(noAppResponse.status).toBe(403);

    const bad = async (changes: object, propertyName: string, message?: string) => {
      const response = await t.call('POST', 'QueueReportList', { ...as, body: { ...body, ...changes } });
      expect(response.status).toBe(400);
      expect((response.body.data as { propertyName?: string; message: string }[])[0]).toMatchObject({
        propertyName,
        ...(message ? { message } : {}),
      });
    };
    await bad({ asset: { publicId: agent.publicId } }, 'agent', reportErrors.deviceRequired);
    await bad({ agent: undefined }, 'agent', reportErrors.deviceRequired);
    await bad({ end: start }, 'end', reportErrors.periodInvalid);
    await bad({ end: '2028-01-01T00:00:00Z' }, 'end', reportErrors.periodTooLong);
    await bad({ timeZone: 'Mars/Olympus' }, 'timeZone', reportErrors.timeZoneInvalid);
    await bad({ start: 'yesterday' }, 'start');
    await bad({ report: { publicId: 'x' } }, 'report.publicId');
    const extra = await t.call('POST', 'QueueReportList', { ...as, body: { ...body, extra: 1 } });
    expect(statusAndData(extra)).toEqual(errorOf(400, 'Unknown property: extra'));
    const garbage = await t.call('POST', 'QueueReportList', { ...as, body: [1, 2] });
    expect(garbage.status).toBe(400);

    // Another company's agent and page are not found.
    const other = await f.setup();
    const otherPage = await f.page(other.companyId, 'Theirs', [], { agentIds: [other.agentId] });
    expect(
      statusAndData(
        await t.call('POST', 'QueueReportList', {
          ...as,
          body: { ...body, agent: { publicId: other.agent.publicId } },
        }),
      ),
    ).toEqual(errorOf(404, 'Not found', 'agent'));
    expect(
      statusAndData(
        await t.call('POST', 'QueueReportList', {
          ...as,
          body: { ...body, report: { publicId: otherPage.public_id } },
        }),
      ),
    ).toEqual(errorOf(404, 'Not found', 'report'));
    const draftOnly = await f.page(companyId, 'Draft only', [], { published: false, agentIds: [agentId] });
    expect(
      statusAndData(
        await t.call('POST', 'QueueReportList', {
          ...as,
          body: { ...body, report: { publicId: draftOnly.public_id } },
        }),
      ),
    ).toEqual(errorOf(409, reportErrors.notPublished, 'report'));

    // A member who sees no agent cannot queue for it.
    const blind = await t.newMember(company, ['reports.use']);
    expect(
      statusAndData(
        await t.call('POST', 'QueueReportList', { token: blind.token, company: company.publicId, body }),
      ),
    ).toEqual(errorOf(404, 'Not found', 'agent'));

    expect(
      (await f.db().selectFrom('report_jobs').select('id').where('company_id', '=', companyId).execute())
        .length,
    ).toBe(0);
  });

  it('queues only a page the user sees that belongs to the device: 404 `report` otherwise, before 409', async () => {
    const { company, as, companyId, agentId } = await f.setup();
    const site = await f.agents.createGroup(as, 'Site');
    const line = await f.agents.createGroup(as, 'Line', site);
    const grouped = await f.agents.createAgent(as, {
      name: `Grouped ${t.unique()}`,
      memberships: [{ group: { publicId: line } }],
    });
    const groupedId = await f.idOf('agents', grouped.publicId);
    const asset = await createAsset(as, 'Filler', grouped.publicId);
    const group = async (publicId: string) =>
      (
        await f
          .db()
          .selectFrom('groups')
          .select('id')
          .where('public_id', '=', publicId)
          .executeTakeFirstOrThrow()
      ).id;
    const pages = {
      ofAgent: await f.page(companyId, 'Of the agent', [], { agentIds: [groupedId] }),
      ofAsset: await f.page(companyId, 'Of the asset', [], { assetIds: [await f.idOf('assets', asset)] }),
      ofLine: await f.page(companyId, 'Of its group', [], { groupId: await group(line) }),
      ofSite: await f.page(companyId, 'Of the group above', [], { groupId: await group(site) }),
      ofOther: await f.page(companyId, 'Of another agent', [], { agentIds: [agentId] }),
      draftOfOther: await f.page(companyId, 'Draft elsewhere', [], { published: false, agentIds: [agentId] }),
      draftOfSite: await f.page(companyId, 'Draft above', [], {
        published: false,
        groupId: await group(site),
      }),
      unlinked: await f.page(companyId, 'Unlinked', []),
    };
    const member = await t.newMember(company, ['reports.use']);
    await f.agents.addGroupMember(company, line, member, []);
    const memberAs = { token: member.token, company: company.publicId };
    const queue = async (who: typeof as, device: object, page: { public_id: string }) => {
      const response = await t.call('POST', 'QueueReportList', {
        ...who,
        body: { ...device, report: { publicId: page.public_id }, start, end, timeZone },
      });
      // Not to run into the pending limit.
      await f.db().deleteFrom('report_jobs').where('company_id', '=', companyId).execute();
      return response.status === 201 ? 201 : statusAndData(response);
    };
    const ofAgent = { agent: { publicId: grouped.publicId } };
    const ofAsset = { asset: { publicId: asset } };
    const missing = errorOf(404, 'Not found', 'report');

    // Whoever sees every page: only those of the device (the asset's include its agent's).
    for (const page of [pages.ofAgent, pages.ofLine, pages.ofSite])
      expect(await queue(as, ofAgent, page), page.public_id).toBe(201);
    for (const page of [pages.ofAsset, pages.ofOther, pages.draftOfOther, pages.unlinked])
      expect(await queue(as, ofAgent, page), page.public_id).toEqual(missing);
    for (const page of [pages.ofAsset, pages.ofAgent, pages.ofLine])
      expect(await queue(as, ofAsset, page), page.public_id).toBe(201);
    expect(await queue(as, ofAsset, pages.ofOther)).toEqual(missing);
    expect(await queue(as, ofAgent, pages.draftOfSite)).toEqual(
      errorOf(409, reportErrors.notPublished, 'report'),
    );

    // A member sees the device but not the page of the group above it: not found, published or not.
    for (const page of [pages.ofAgent, pages.ofLine])
      expect(await queue(memberAs, ofAgent, page), page.public_id).toBe(201);
    expect(await queue(memberAs, ofAsset, pages.ofAsset)).toBe(201);
    for (const page of [pages.ofSite, pages.draftOfSite, pages.ofOther, pages.draftOfOther])
      expect(await queue(memberAs, ofAgent, page), page.public_id).toEqual(missing);

    // The company's default page is every device's.
    await f.db().updateTable('pages').set({ is_default: true }).where('id', '=', pages.unlinked.id).execute();
    expect(await queue(memberAs, ofAgent, pages.unlinked)).toBe(201);
    expect(await queue(as, ofAsset, pages.unlinked)).toBe(201);
  });

  it('queues up to the pending limit per user (429 beyond), lists per device and reads one job', async () => {
    const { as, companyId, agent, agentId } = await f.setup();
    const page = await f.page(companyId, 'Limit report', [], { agentIds: [agentId] });
    const body = { report: { publicId: page.public_id }, start, end, timeZone };
    const jobs: ReportJob[] = [];
    for (let i = 0; i < reportLimits.pendingPerUser; i += 1) {
      const response = await t.call('POST', `AgentQueueReportList/${agent.publicId}`, { ...as, body });
      expect(response.status).toBe(201);
      jobs.push(response.body.data as ReportJob);
    }
    expect(jobs[0]).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      state: 'queued',
      progress: 0,
      report: { publicId: page.public_id, title: 'Limit report' },
      agent: { publicId: agent.publicId, name: agent.name },
      asset: null,
      start,
      end,
      timeZone,
      requestedBy: expect.objectContaining({ name: 'Company Admin' }),
      fileName: null,
      sizeBytes: null,
      error: null,
      createdOn: expect.any(String),
      finishedOn: null,
    });
    expect(
      statusAndData(await t.call('POST', `AgentQueueReportList/${agent.publicId}`, { ...as, body })),
    ).toEqual(errorOf(429, reportErrors.pendingLimit));
    // The device is named by the path only.
    const named = await t.call('POST', `AgentQueueReportList/${agent.publicId}`, {
      ...as,
      body: { ...body, agent: { publicId: agent.publicId } },
    });
    expect(named.status).toBe(400);

    const listed = await t.call('POST', `AgentQueueReportList/${agent.publicId}`, { ...as, body: {} });
    expect(listed.status).toBe(200);
    expect((listed.body.data as ReportJob[]).map((job) => job.publicId).sort()).toEqual(
      jobs.map((job) => job.publicId).sort(),
    );
    expect((await t.call('POST', `AgentQueueReportList/${newPublicId()}`, { ...as, body: {} })).status).toBe(
      404,
    );
    expect(((await t.call('GET', 'ReportJobList', as)).body.data as ReportJob[]).length).toBe(
      reportLimits.pendingPerUser,
    );
    const one = await t.call('GET', `ReportJob/${jobs[0]!.publicId}`, as);
    expect(one.body.data).toEqual(jobs[0]);

    // Another user of the same company does not see them, nor their file.
    const colleague = await t.newMember({ publicId: as.company }, ['reports.use', 'agents.connect']);
    const colleagueAs = { token: colleague.token, company: as.company };
    expect((await t.call('GET', `ReportJob/${jobs[0]!.publicId}`, colleagueAs)).status).toBe(404);
    expect((await f.download(colleagueAs, jobs[0]!.publicId)).response.status).toBe(404);
    expect((await f.download(as, jobs[0]!.publicId)).response.status).toBe(409);
    expect((await f.download({}, jobs[0]!.publicId)).response.status).toBe(401);
    await f.db().deleteFrom('report_jobs').where('company_id', '=', companyId).execute();
  });
});

describe('report worker', () => {
  it('renders the PDF once with title and period, tells the requester and serves the file', async () => {
    const { as, companyId, agentId, agent } = await f.setup();
    await f.tagWithSamples(companyId, agentId, 'temp', '°C', new Date(start), [20, 21, 22.5, 23]);
    await f.tagWithSamples(companyId, agentId, 'pressure', 'bar', new Date(start), [4, 5.25]);
    const page = await f.page(companyId, 'Boiler Monthly Report', components, { agentIds: [agentId] });
    const queued = await t.call('POST', `AgentQueueReportList/${agent.publicId}`, {
      ...as,
      body: { report: { publicId: page.public_id }, start, end, timeZone },
    });
    const job = queued.body.data as ReportJob;
    expect(await runReportQueueOnce(f.workerDeps())).toBe(1);
    // A done job never runs again.
    expect(await runReportQueueOnce(f.workerDeps())).toBe(0);
    // Kept for reportLimits.keepDays after it finished.
    const later = new Date(Date.now() + (reportLimits.keepDays - 1) * 86_400_000);
    expect(await runReportQueueOnce(f.workerDeps(), later)).toBe(0);

    const done = (await t.call('GET', `ReportJob/${job.publicId}`, as)).body.data as ReportJob;
    expect(done).toMatchObject({
      state: 'done',
      progress: 100,
      error: null,
      fileName: 'Boiler-Monthly-Report-2026-11-24.pdf',
    });
    expect(done.sizeBytes).toBeGreaterThan(1000);
    const { response, bytes } = await f.download(as, job.publicId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="Boiler-Monthly-Report-2026-11-24.pdf"',
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(done.sizeBytes);
    const text = pdfText(bytes);
    expect(text).toContain('Boiler Monthly Report');
    expect(text).toContain(agent.name);
    expect(text).toContain(periodText(new Date(start), new Date(end), timeZone));
    expect(text).toContain('2026-11-24 01:00 – 2026-11-25 01:00 (Europe/Berlin)');
    expect(text).toContain('Shift notes');
    expect(text).toContain('Values table');
    expect(text).toContain('pressure: 5.25 bar');
    expect(text).toContain('No alarms in this period.');

    const inbox = await f
      .db()
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .select(['messages.subject', 'messages.body'])
      .where('messages.company_id', '=', companyId)
      .execute();
    expect(inbox).toEqual([
      {
        subject: 'Report ready: Boiler Monthly Report',
        body: expect.stringContaining(`${t.server.config.publicUrl}/devices/${agent.publicId}`),
      },
    ]);
  });

  it('runs a job left running by a crashed server once its lease is over, on a fresh server', async () => {
    const { as, companyId, agentId, agent } = await f.setup();
    const page = await f.page(companyId, 'Restart report', [], { agentIds: [agentId] });
    const me = (await t.call('GET', 'MyUser', as)).body.data as { publicId: string };
    const userId = await f.idOf('users', me.publicId);
    const publicId = newPublicId();
    await f
      .db()
      .insertInto('report_jobs')
      .values({
        public_id: publicId,
        company_id: companyId,
        page_id: page.id,
        agent_id: agentId,
        period_start: new Date(start),
        period_end: new Date(end),
        time_zone: 'UTC',
        requested_by_user_id: userId,
        state: 'running',
        attempts: 1,
        locked_until: new Date(Date.now() + 60_000),
      })
      .execute();
    // Still leased: nobody takes it.
    expect(await claimReportJob(f.db(), reportLeaseMs)).toBeUndefined();
    await f
      .db()
      .updateTable('report_jobs')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('public_id', '=', publicId)
      .execute();

    const fresh = await buildApp({
      config: t.server.config,
      db: t.server.db,
      logger: false,
      reportWorkerMs: 20,
      loginLimitsScope: `restart-${t.unique()}`,
    });
    try {
      await vi.waitFor(
        async () => {
          const row = await f
            .db()
            .selectFrom('report_jobs')
            .select(['state', 'attempts'])
            .where('public_id', '=', publicId)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({ state: 'done', attempts: 2 });
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await fresh.app.close();
    }
    const job = (await t.call('GET', `ReportJob/${publicId}`, as)).body.data as ReportJob;
    expect(job).toMatchObject({ state: 'done', agent: { publicId: agent.publicId } });
    expect(await runReportQueueOnce(f.workerDeps())).toBe(0);
  });

  it('renders a queued report at once through its own job, not at the queue’s next poll', async () => {
    // A process whose report poll is an hour away: only the job the queueing started runs it.
    const worker = await buildApp({
      config: t.server.config,
      db: t.server.db,
      logger: false,
      reportWorkerMs: 3_600_000,
      loginLimitsScope: `worker-${t.unique()}`,
    });
    try {
      const { as, companyId, agentId, agent } = await f.setup();
      const page = await f.page(companyId, 'At once', components, { agentIds: [agentId] });
      const queued = await t.call('POST', `AgentQueueReportList/${agent.publicId}`, {
        ...as,
        body: { report: { publicId: page.public_id }, start, end, timeZone },
      });
      expect(queued.status).toBe(201);
      const publicId = (queued.body.data as ReportJob).publicId;
      await vi.waitFor(
        async () => {
          const job = (await t.call('GET', `ReportJob/${publicId}`, as)).body.data as ReportJob;
          expect(job.state).toBe('done');
        },
        { timeout: 20_000, interval: 100 },
      );
      const runs = await f
        .db()
        .selectFrom('jobs')
        .select(['state', 'attempts'])
        .where('name', '=', 'reports.run')
        .where('created_at', '>=', new Date(Date.now() - 60_000))
        .execute();
      expect(runs).toContainEqual({ state: 'done', attempts: 1 });
    } finally {
      await worker.app.close();
    }
  });

  it('renews the lease whenever it writes progress, so a long render keeps its job', async () => {
    const { as, companyId, agentId, agent } = await f.setup();
    const page = await f.page(companyId, 'Long report', components, { agentIds: [agentId] });
    const queued = await t.call('POST', `AgentQueueReportList/${agent.publicId}`, {
      ...as,
      body: { report: { publicId: page.public_id }, start, end, timeZone },
    });
    const publicId = (queued.body.data as ReportJob).publicId;
    const lockedUntil = async () =>
      (
        await f
          .db()
          .selectFrom('report_jobs')
          .select('locked_until')
          .where('public_id', '=', publicId)
          .executeTakeFirstOrThrow()
      ).locked_until!;
    const leaseMs = 60_000;
    const seen: { before: Date; after: Date }[] = [];
    const render = vi.fn(async (_content: unknown, onProgress?: (share: number) => Promise<void>) => {
      for (const share of [0.3, 0.6]) {
        // The render has run past its lease.
        await f
          .db()
          .updateTable('report_jobs')
          .set({ locked_until: new Date(Date.now() - 1000) })
          .where('public_id', '=', publicId)
          .execute();
        const before = await lockedUntil();
        await onProgress!(share);
        seen.push({ before, after: await lockedUntil() });
      }
      return Buffer.from('%PDF-1.4 test');
    });
    expect(await runReportQueueOnce(f.workerDeps({ render, leaseMs }))).toBe(1);
    expect(seen).toHaveLength(2);
    for (const { before, after } of seen) {
      expect(after.getTime()).toBeGreaterThan(before.getTime());
      expect(after.getTime()).toBeGreaterThan(Date.now() + leaseMs / 2);
    }
    const row = await f
      .db()
      .selectFrom('report_jobs')
      .select(['state', 'attempts'])
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'done', attempts: 1 });
  });

  it('tries a failing job up to the attempts, then fails it with a readable error and tells the requester', async () => {
    const { as, companyId, agent, agentId } = await f.setup();
    const page = await f.page(companyId, 'Broken report', [], { agentIds: [agentId] });
    const queued = await t.call('POST', 'QueueReportList', {
      ...as,
      body: {
        agent: { publicId: agent.publicId },
        report: { publicId: page.public_id },
        start,
        end,
        timeZone,
      },
    });
    const job = queued.body.data as ReportJob;
    const render = vi.fn(() => Promise.reject(new Error('disk full at /var/secret')));
    expect(await runReportQueueOnce(f.workerDeps({ render }))).toBe(reportLimits.attempts);
    expect(render).toHaveBeenCalledTimes(reportLimits.attempts);
    const failed = (await t.call('GET', `ReportJob/${job.publicId}`, as)).body.data as ReportJob;
    expect(failed).toMatchObject({ state: 'failed', error: 'The report could not be made', fileName: null });
    expect((await f.download(as, job.publicId)).response.status).toBe(409);
    const message = await f
      .db()
      .selectFrom('messages')
      .select('subject')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    expect(message?.subject).toBe('Report failed: Broken report');
    const afterKeep = new Date(Date.now() + (reportLimits.keepDays + 1) * 86_400_000);
    await runReportQueueOnce(f.workerDeps(), afterKeep);
    expect((await t.call('GET', `ReportJob/${job.publicId}`, as)).status).toBe(404);

    // A page unpublished after queueing fails at once (no retries): its reason is shown.
    const second = await t.call('POST', 'QueueReportList', {
      ...as,
      body: {
        agent: { publicId: agent.publicId },
        report: { publicId: page.public_id },
        start,
        end,
        timeZone,
      },
    });
    await f.db().updateTable('pages').set({ published_version_id: null }).where('id', '=', page.id).execute();
    expect(await runReportQueueOnce(f.workerDeps())).toBe(1);
    expect(
      (await t.call('GET', `ReportJob/${(second.body.data as ReportJob).publicId}`, as)).body
        .data as ReportJob,
    ).toMatchObject({
      state: 'failed',
      error: 'No published page',
    });
  });
});

describe('ReportScheduleList', () => {
  it('checks recipients, queues the previous day when due and mails the PDF as an attachment', async () => {
    const { company, as, companyId, agent, agentId } = await f.setup();
    const page = await f.page(
      companyId,
      'Nightly report',
      [{ id: 't', kind: 'text', x: 0, y: 0, w: 12, h: 1, text: 'Hello' }],
      { agentIds: [agentId] },
    );
    const admin = (await t.call('GET', 'MyUser', as)).body.data as { publicId: string; emailAddress: string };
    const viewer = await t.newMember(company, ['agents.connect']);
    const blind = await t.newMember(company, []);
    const stranger = await t.newUser('Stranger');
    const body = {
      report: { publicId: page.public_id },
      agent: { publicId: agent.publicId },
      frequency: 'daily',
      timeZone: 'Europe/Berlin',
      recipients: [{ publicId: admin.publicId }, { publicId: viewer.publicId }],
    };
    expect(
      (await t.call('POST', 'ReportScheduleList', { token: viewer.token, company: company.publicId, body }))
        .status,
    ).toBe(403);
    // A member who may not read the report is 400; an unknown user, or one who is not a member
    // (another company's), is 404 like any reference, with the list index.
    const refusals = [
      { user: blind, status: 400, message: reportErrors.recipientCannotRead },
      { user: stranger, status: 404, message: 'Not found' },
      { user: { publicId: newPublicId() }, status: 404, message: 'Not found' },
    ];
    for (const { user, status, message } of refusals) {
      const response = await t.call('POST', 'ReportScheduleList', {
        ...as,
        body: { ...body, recipients: [{ publicId: admin.publicId }, { publicId: user.publicId }] },
      });
      expect(statusAndData(response), user.publicId).toEqual({
        status,
        data: [{ message, propertyName: 'recipients', listIndex: 1 }],
      });
    }
    const patchedRecipients = await t.call('PATCH', `ReportSchedule/${newPublicId()}`, {
      ...as,
      body: { recipients: [{ publicId: stranger.publicId }] },
    });
    expect(patchedRecipients.status).toBe(404);
    expect(
      (await t.call('POST', 'ReportScheduleList', { ...as, body: { ...body, timeZone: 'Nowhere/x' } }))
        .status,
    ).toBe(400);
    const created = await t.call('POST', 'ReportScheduleList', { ...as, body });
    expect(created.status).toBe(201);
    const schedule = created.body.data as ReportSchedule;
    expect(schedule).toMatchObject({ frequency: 'daily', timeZone: 'Europe/Berlin', lastRunOn: null });
    expect(schedule.recipients.map((r) => r.publicId).sort()).toEqual(
      [admin.publicId, viewer.publicId].sort(),
    );
    expect(
      ((await t.call('GET', 'ReportScheduleList', as)).body.data as ReportSchedule[]).map((s) => s.publicId),
    ).toEqual([schedule.publicId]);

    // Due: the worker queues yesterday (Berlin) and mails the file.
    await f
      .db()
      .updateTable('report_schedules')
      .set({ next_run_at: new Date('2026-11-24T23:00:00Z') })
      .where('public_id', '=', schedule.publicId)
      .execute();
    const now = new Date('2026-11-25T08:00:00Z');
    expect(await runReportQueueOnce(f.workerDeps(), now)).toBe(1);
    const job = await f
      .db()
      .selectFrom('report_jobs')
      .selectAll()
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      state: 'done',
      period_start: new Date('2026-11-23T23:00:00Z'),
      period_end: new Date('2026-11-24T23:00:00Z'),
    });
    const row = await f
      .db()
      .selectFrom('report_schedules')
      .selectAll()
      .where('public_id', '=', schedule.publicId)
      .executeTakeFirstOrThrow();
    expect(row.next_run_at).toEqual(new Date('2026-11-25T23:00:00Z'));
    expect(await runReportQueueOnce(f.workerDeps(), now)).toBe(0);

    for (const address of [admin.emailAddress, viewer.emailAddress]) {
      const mails = await t.mailsTo(address);
      const mail = mails.find((text) => text.includes('Nightly-report-2026-11-24.pdf'));
      expect(mail, address).toBeDefined();
      expect(mail).toContain('Content-Type: application/pdf');
      expect(mail).toContain('Nightly-report-2026-11-24.pdf');
    }

    const patched = await t.call('PATCH', `ReportSchedule/${schedule.publicId}`, {
      ...as,
      body: { frequency: 'weekly' },
    });
    expect((patched.body.data as ReportSchedule).frequency).toBe('weekly');
    expect(
      statusAndData(
        await t.call('PATCH', `ReportSchedule/${schedule.publicId}`, {
          ...as,
          body: { recipients: [{ publicId: viewer.publicId }, { publicId: stranger.publicId }] },
        }),
      ),
    ).toEqual({ status: 404, data: [{ message: 'Not found', propertyName: 'recipients', listIndex: 1 }] });
    const other = await f.setup();
    expect((await t.call('DELETE', `ReportSchedule/${schedule.publicId}`, other.as)).status).toBe(404);
    expect((await t.call('DELETE', `ReportSchedule/${schedule.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', 'ReportScheduleList', as)).body.data).toEqual([]);
  });
  it('refuses a page of another device, for its creator (404 `report`)', async () => {
    const { as, companyId, agent } = await f.setup();
    const second = await f.agents.createAgent(as, { name: `Second ${t.unique()}` });
    const elsewhere = await f.page(companyId, 'Elsewhere', [], {
      agentIds: [await f.idOf('agents', second.publicId)],
    });
    const unlinked = await f.page(companyId, 'Unlinked', []);
    const admin = (await t.call('GET', 'MyUser', as)).body.data as { publicId: string };
    for (const page of [elsewhere, unlinked]) {
      const response = await t.call('POST', 'ReportScheduleList', {
        ...as,
        body: {
          report: { publicId: page.public_id },
          agent: { publicId: agent.publicId },
          frequency: 'daily',
          timeZone: 'UTC',
          recipients: [{ publicId: admin.publicId }],
        },
      });
      expect(statusAndData(response), page.public_id).toEqual(errorOf(404, 'Not found', 'report'));
    }
    expect(
      await f.db().selectFrom('report_schedules').select('id').where('company_id', '=', companyId).execute(),
    ).toEqual([]);
  });
});

reportAccessCases(t, f);
