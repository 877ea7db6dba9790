import { describe, expect, it } from 'vitest';
import {
  reportErrors,
  reportLimits,
  type Capability,
  type ReportJob,
  type ReportSchedule,
} from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { runReportQueueOnce } from '../../jobs/report-queue.job.ts';
import type { reportFixtures } from './report.test-support.ts';

/**
 * Report access checked again when a job runs, schedule recipients and limits. Registered by
 * report.test.ts rather than being a test file of its own: on PostgreSQL every test file shares
 * one queue of report jobs, and a hand-run of the queue takes every waiting job, another file's
 * too. Run beside report.test.ts, it rendered that file's queued jobs while it counted them.
 */
export function reportAccessCases(t: ReturnType<typeof useTestServer>, f: ReturnType<typeof reportFixtures>) {
  const start = '2026-11-24T00:00:00.000Z';
  const end = '2026-11-25T00:00:00.000Z';

  /**
   * A company with an agent in group "Site", a report page of the agent, and a member who sees the
   * agent only through that group (with these company rights).
   */
  async function memberThroughGroup(capabilities: Capability[]) {
    const { company, as, companyId } = await f.setup();
    const site = await f.agents.createGroup(as, 'Site');
    const agent = await f.agents.createAgent(as, {
      name: `Pump ${t.unique()}`,
      memberships: [{ group: { publicId: site } }],
    });
    const agentId = await f.idOf('agents', agent.publicId);
    const page = await f.page(companyId, 'Pump report', [], { agentIds: [agentId] });
    const member = await t.newMember(company, capabilities);
    await f.agents.addGroupMember(company, site, member, []);
    const memberAs = { token: member.token, company: company.publicId };
    const memberId = await f.idOf('users', member.publicId);
    const leaveGroup = () => f.db().deleteFrom('group_members').where('user_id', '=', memberId).execute();
    const unlinkPage = () => f.db().deleteFrom('page_agents').where('page_id', '=', page.id).execute();
    return {
      company,
      as,
      companyId,
      site,
      agent,
      agentId,
      page,
      member,
      memberAs,
      memberId,
      leaveGroup,
      unlinkPage,
    };
  }

  const jobsOf = (companyId: number) =>
    f
      .db()
      .selectFrom('report_jobs')
      .select(['state', 'error', 'file'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute();

  describe('report access is checked again', () => {
    it('hides a done report (job, file, list) once the requester no longer sees the device or the page', async () => {
      for (const revoke of ['device', 'page'] as const) {
        const s = await memberThroughGroup(['reports.use']);
        const queued = await t.call('POST', `AgentQueueReportList/${s.agent.publicId}`, {
          ...s.memberAs,
          body: { report: { publicId: s.page.public_id }, start, end, timeZone: 'UTC' },
        });
        expect(queued.status, revoke).toBe(201);
        const job = queued.body.data as ReportJob;
        await runReportQueueOnce(f.workerDeps());
        expect((await t.call('GET', `ReportJob/${job.publicId}`, s.memberAs)).status).toBe(200);
        expect((await f.download(s.memberAs, job.publicId)).response.status).toBe(200);

        await (revoke === 'device' ? s.leaveGroup() : s.unlinkPage());
        expect((await t.call('GET', `ReportJob/${job.publicId}`, s.memberAs)).status, revoke).toBe(404);
        expect((await f.download(s.memberAs, job.publicId)).response.status, revoke).toBe(404);
        const listed = (await t.call('GET', 'ReportJobList', s.memberAs)).body.data as ReportJob[];
        expect(
          listed.map((one) => one.publicId),
          revoke,
        ).toEqual(revoke === 'device' ? [] : [job.publicId]);
      }
    });

    it('fails a queued job without rendering or telling anything when its requester lost the device', async () => {
      const s = await memberThroughGroup(['reports.use']);
      const queued = await t.call('POST', `AgentQueueReportList/${s.agent.publicId}`, {
        ...s.memberAs,
        body: { report: { publicId: s.page.public_id }, start, end, timeZone: 'UTC' },
      });
      expect(queued.status).toBe(201);
      await s.leaveGroup();
      await runReportQueueOnce(f.workerDeps());
      expect(await jobsOf(s.companyId)).toEqual([
        { state: 'failed', error: reportErrors.requesterLostDevice, file: null },
      ]);
      const inbox = await f
        .db()
        .selectFrom('messages')
        .select('subject')
        .where('user_id', '=', s.memberId)
        .execute();
      expect(inbox).toEqual([]);
    });

    it('runs a schedule as its creator only while they see the device and the page', async () => {
      const s = await memberThroughGroup(['pages.manage', 'reports.use']);
      const admin = (await t.call('GET', 'MyUser', s.as)).body.data as {
        publicId: string;
        emailAddress: string;
      };
      const created = await t.call('POST', 'ReportScheduleList', {
        ...s.memberAs,
        body: {
          report: { publicId: s.page.public_id },
          agent: { publicId: s.agent.publicId },
          frequency: 'daily',
          timeZone: 'UTC',
          recipients: [{ publicId: admin.publicId }, { publicId: s.member.publicId }],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const schedule = created.body.data as ReportSchedule;
      const runDue = async (now: string) => {
        await f
          .db()
          .updateTable('report_schedules')
          .set({ next_run_at: new Date(new Date(now).getTime() - 3600_000) })
          .where('public_id', '=', schedule.publicId)
          .execute();
        await runReportQueueOnce(f.workerDeps(), new Date(now));
      };

      await s.leaveGroup();
      await runDue('2026-11-25T08:00:00Z');
      expect(await jobsOf(s.companyId)).toEqual([
        { state: 'failed', error: reportErrors.requesterLostDevice, file: null },
      ]);

      // Back in the group, but the page no longer belongs to the device.
      await f.agents.addGroupMember(s.company, s.site, s.member, []);
      await s.unlinkPage();
      await runDue('2026-11-26T08:00:00Z');
      expect((await jobsOf(s.companyId)).map((job) => job.error)).toEqual([
        reportErrors.requesterLostDevice,
        reportErrors.requesterLostPage,
      ]);
      const row = await f
        .db()
        .selectFrom('report_schedules')
        .select('next_run_at')
        .where('public_id', '=', schedule.publicId)
        .executeTakeFirstOrThrow();
      expect(row.next_run_at).toEqual(new Date('2026-11-27T00:00:00Z'));
      // Nothing was made, so nothing was mailed.
      expect((await t.mailsTo(admin.emailAddress)).filter((mail) => mail.includes('Pump-report'))).toEqual(
        [],
      );
    });
  });

  describe('schedule recipients', () => {
    it('mails only recipients who still see the device, and refuses one who does not see the page', async () => {
      const s = await memberThroughGroup([]);
      const admin = (await t.call('GET', 'MyUser', s.as)).body.data as {
        publicId: string;
        emailAddress: string;
      };
      const line = await f.agents.createGroup(s.as, 'Line');
      await f
        .db()
        .insertInto('agent_groups')
        .values({ public_id: newPublicId(), agent_id: s.agentId, group_id: await f.idOf('groups', line) })
        .execute();
      // A page of the device through its group "Line", which the member (in "Site") does not see.
      const linePage = await f.page(s.companyId, 'Line report', [], {
        groupId: await f.idOf('groups', line),
      });
      const body = (page: string) => ({
        report: { publicId: page },
        agent: { publicId: s.agent.publicId },
        frequency: 'daily',
        timeZone: 'UTC',
        recipients: [{ publicId: admin.publicId }, { publicId: s.member.publicId }],
      });
      const refused = await t.call('POST', 'ReportScheduleList', { ...s.as, body: body(linePage.public_id) });
      expect({ status: refused.status, data: refused.body.data }).toEqual({
        status: 400,
        data: [{ message: reportErrors.recipientCannotRead, propertyName: 'recipients', listIndex: 1 }],
      });

      const created = await t.call('POST', 'ReportScheduleList', { ...s.as, body: body(s.page.public_id) });
      expect(created.status).toBe(201);
      await s.leaveGroup();
      await f
        .db()
        .updateTable('report_schedules')
        .set({ next_run_at: new Date('2026-11-25T00:00:00Z') })
        .where('public_id', '=', (created.body.data as ReportSchedule).publicId)
        .execute();
      await runReportQueueOnce(f.workerDeps(), new Date('2026-11-25T08:00:00Z'));
      expect((await jobsOf(s.companyId)).map((job) => job.state)).toEqual(['done']);
      const mailed = async (address: string) =>
        (await t.mailsTo(address)).some((mail) => mail.includes('Pump-report-2026-11-24.pdf'));
      expect(await mailed(admin.emailAddress)).toBe(true);
      expect(await mailed(s.member.emailAddress)).toBe(false);
    });
  });

  describe('report limits', () => {
    it('caps the schedules of a company (409) and counts them under a lock', async () => {
      const { as, companyId, agent, agentId } = await f.setup();
      const page = await f.page(companyId, 'Capped', [], { agentIds: [agentId] });
      const admin = (await t.call('GET', 'MyUser', as)).body.data as { publicId: string };
      const adminId = await f.idOf('users', admin.publicId);
      await f
        .db()
        .insertInto('report_schedules')
        .values(
          Array.from({ length: reportLimits.schedulesPerCompany - 1 }, () => ({
            public_id: newPublicId(),
            company_id: companyId,
            page_id: page.id,
            agent_id: agentId,
            frequency: 'daily' as const,
            time_zone: 'UTC',
            created_by_user_id: adminId,
            next_run_at: new Date('2030-01-01T00:00:00Z'),
          })),
        )
        .execute();
      const body = {
        report: { publicId: page.public_id },
        agent: { publicId: agent.publicId },
        frequency: 'weekly',
        timeZone: 'UTC',
        recipients: [{ publicId: admin.publicId }],
      };
      const answers = await Promise.all(
        [1, 2, 3].map(() => t.call('POST', 'ReportScheduleList', { ...as, body })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.data).toEqual([
        { message: reportErrors.scheduleLimit },
      ]);
    });

    it('keeps the pending limit per user when reports are queued in parallel', async () => {
      const { as, companyId, agent, agentId } = await f.setup();
      const page = await f.page(companyId, 'Parallel', [], { agentIds: [agentId] });
      const body = { report: { publicId: page.public_id }, start, end, timeZone: 'UTC' };
      const answers = await Promise.all(
        Array.from({ length: reportLimits.pendingPerUser + 3 }, () =>
          t.call('POST', `AgentQueueReportList/${agent.publicId}`, { ...as, body }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(reportLimits.pendingPerUser);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
      await f.db().deleteFrom('report_jobs').where('company_id', '=', companyId).execute();
    });
  });
}
