import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queueReportInput, reportScheduleCreateInput, reportSchedulePatchInput } from '@fleetgate/contracts';
import type { Api, ApiContext } from '../../http/api.ts';
import { forbidden } from '../../http/errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { requireAppInstalled } from '../apps/app-installation.ts';
import { presentReportJob } from './report.presenter.ts';
import {
  listReportJobs,
  queueReport,
  readReportFile,
  readReportJob,
  visibleAgent,
  visibleAsset,
} from './report.service.ts';
import {
  changeReportSchedule,
  createReportSchedule,
  listReportSchedules,
  removeReportSchedule,
} from './report-schedule.service.ts';

const noInput = z.strictObject({}).optional();

/** `{}` (or no body) lists the device's jobs; anything else is a report to queue. */
const isEmptyBody = (body: unknown) =>
  body === undefined ||
  body === null ||
  (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

/**
 * The report queue: `POST QueueReportList`, `POST AgentQueueReportList/{agent}` and
 * `POST AssetQueueReportList/{asset}` (an empty body lists that device's jobs of the caller,
 * a report queues one), `GET ReportJobList` (the caller's own jobs), `GET ReportJob/{publicId}`;
 * schedules `ReportScheduleList` and `ReportSchedule/{publicId}` (pages.manage). All need the
 * company app `reports`. The file itself (`GET ReportFile/{publicId}`) is sent raw by
 * `registerReportFileRoute`.
 */
export function registerReportRoutes(api: Api, deps: { events: EventBus }) {
  const inApp = async (ctx: ApiContext<'company'>) => requireAppInstalled(ctx.db, ctx.company.id, 'reports');

  api.route({
    rel: 'QueueReportList',
    method: 'POST',
    access: 'company',
    capability: 'reports.use',
    doc: {
      summary: 'Queue a report: the published version of a page rendered to PDF for one device and period',
      body: queueReportInput,
      status: 201,
      response: { type: 'ReportJob' },
      rateLimited: true,
    },
    handler: async (ctx) => {
      await inApp(ctx);
      const data = await queueReport(ctx.db, ctx, deps.events, ctx.body);
      return { type: 'ReportJob', data, status: 201 };
    },
  });

  for (const kind of ['agent', 'asset'] as const) {
    const rel = kind === 'agent' ? 'AgentQueueReportList' : 'AssetQueueReportList';
    api.route({
      rel,
      method: 'POST',
      item: true,
      access: 'company',
      capability: 'reports.use',
      doc: {
        summary: `The caller's report jobs of this ${kind} (empty body), or queue a report for it (201)`,
        body: queueReportInput.omit({ agent: true, asset: true }),
        bodyOptional: true,
        response: { type: 'ReportJob' },
        rateLimited: true,
      },
      handler: async (ctx) => {
        await inApp(ctx);
        if (isEmptyBody(ctx.body)) {
          const device =
            kind === 'agent'
              ? await visibleAgent(ctx.db, ctx, ctx.publicId)
              : await visibleAsset(ctx.db, ctx, ctx.publicId);
          return { type: 'ReportJob', data: await listReportJobs(ctx.db, ctx, device) };
        }
        const data = await queueReport(ctx.db, ctx, deps.events, ctx.body, { kind, publicId: ctx.publicId });
        return { type: 'ReportJob', data, status: 201 };
      },
    });
  }

  api.route({
    rel: 'ReportJobList',
    method: 'GET',
    access: 'company',
    capability: 'reports.use',
    doc: { summary: "The caller's report jobs, newest first (at most 100)", response: { type: 'ReportJob' } },
    handler: async (ctx) => {
      await inApp(ctx);
      return { type: 'ReportJob', data: await listReportJobs(ctx.db, ctx) };
    },
  });

  api.route({
    rel: 'ReportJob',
    method: 'GET',
    item: true,
    access: 'company',
    capability: 'reports.use',
    doc: {
      summary: 'One of the caller’s report jobs: state, progress, error',
      response: { type: 'ReportJob' },
    },
    handler: async (ctx) => {
      await inApp(ctx);
      return { type: 'ReportJob', data: presentReportJob(await readReportJob(ctx.db, ctx, ctx.publicId)) };
    },
  });

  api.route({
    rel: 'ReportScheduleList',
    method: 'GET',
    access: 'company',
    capability: 'pages.manage',
    doc: {
      summary: 'The scheduled reports of the devices the caller sees',
      response: { type: 'ReportSchedule' },
    },
    handler: async (ctx) => {
      await inApp(ctx);
      return { type: 'ReportSchedule', data: await listReportSchedules(ctx.db, ctx) };
    },
  });
  api.route({
    rel: 'ReportScheduleList',
    method: 'POST',
    access: 'company',
    capability: 'pages.manage',
    doc: {
      summary: 'Schedule a report (previous day, week or month) e-mailed to members who see the device',
      body: reportScheduleCreateInput,
      status: 201,
      response: { type: 'ReportSchedule' },
    },
    handler: async (ctx) => {
      await inApp(ctx);
      return { type: 'ReportSchedule', data: await createReportSchedule(ctx.db, ctx, ctx.body), status: 201 };
    },
  });
  api.route({
    rel: 'ReportSchedule',
    method: 'PATCH',
    item: true,
    access: 'company',
    capability: 'pages.manage',
    doc: {
      summary: 'Change a scheduled report',
      body: reportSchedulePatchInput,
      response: { type: 'ReportSchedule' },
    },
    handler: async (ctx) => {
      await inApp(ctx);
      return {
        type: 'ReportSchedule',
        data: await changeReportSchedule(ctx.db, ctx, ctx.publicId, ctx.body),
      };
    },
  });
  api.route({
    rel: 'ReportSchedule',
    method: 'DELETE',
    item: true,
    access: 'company',
    capability: 'pages.manage',
    doc: {
      summary: 'Remove a scheduled report',
      body: noInput,
      bodyOptional: true,
      response: { type: 'ReportSchedule' },
    },
    handler: async (ctx) => {
      await inApp(ctx);
      return { type: 'ReportSchedule', data: await removeReportSchedule(ctx.db, ctx, ctx.publicId) };
    },
  });

  api.declare({
    rel: 'ReportFile',
    method: 'GET',
    item: true,
    access: 'company',
    capability: 'reports.use',
    doc: {
      summary: 'The PDF of a done report job (409 before it is done)',
      contentType: 'application/pdf',
    },
  });
}

/** `GET ReportFile/{publicId}`: the PDF as an attachment (not the JSON envelope). */
export function registerReportFileRoute(app: FastifyInstance, api: Api) {
  app.get<{ Params: { publicId: string } }>('/api/ReportFile/:publicId', async (request, reply) => {
    const ctx = await api.signIn(request, reply);
    if (!ctx.company.capabilities.has('reports.use')) throw forbidden();
    await requireAppInstalled(ctx.db, ctx.company.id, 'reports');
    const file = await readReportFile(ctx.db, ctx, request.params.publicId);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.bytes);
  });
}
