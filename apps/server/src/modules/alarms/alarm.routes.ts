import { z } from 'zod';
import {
  alarmAcknowledgeInput,
  alarmConditionCreateInput,
  alarmConditionPatchInput,
  alarmSubscriptionInput,
} from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import { encodeCursor, parsePaging } from '../../http/paging.ts';
import type { ModuleDeps } from '../index.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { AlarmNotifyDeps } from './alarm-notify.ts';
import { createConditionService, visibleCondition } from './alarm-condition.service.ts';
import {
  acknowledgeAlarm,
  listVisibleAlarms,
  parseStateFilter,
  putSubscription,
  readAlarm,
  readSubscription,
} from './alarm.service.ts';
import { alarmAgentOf } from './alarms.policy.ts';
import { presentCondition } from './alarms.presenter.ts';
import { listConditionsOfAgent } from './alarms.repository.ts';
import { requireAppInstalled } from '../apps/app-installation.ts';

const pagingQuery = [
  { name: 'page-size', description: 'Items per page (default 20)', schema: { type: 'integer' } },
  { name: 'page-after', description: 'The moreAfter of the previous page', schema: { type: 'string' } },
];
const stateQuery = {
  name: 'state',
  description: '`open` (default: not cleared, or cleared and never acknowledged) or `all`',
  schema: { type: 'string', enum: ['open', 'all'] },
};
const noInput = z.strictObject({}).optional();

/** The dependencies alarm notifications need, built from the modules' ones. */
export function alarmNotifyDeps(deps: ModuleDeps): AlarmNotifyDeps {
  return { events: deps.events, mailer: createMailer(deps.config), log: deps.log, config: deps.config };
}

/**
 * Alarm conditions (`AgentAlarmConditionList/{agent}`, `AlarmCondition/{publicId}`), occurrences
 * (`AgentAlarmList/{agent}`, `AlarmList`, `Alarm/{publicId}`, `AlarmAcknowledge/{publicId}`) and
 * the caller's e-mail subscription (`AgentAlarmSubscription/{agent}`). All need the company app
 * `alarming`; reads need only to see the agent.
 */
export function registerAlarmRoutes(api: Api, deps: ModuleDeps) {
  const notify = alarmNotifyDeps(deps);
  const conditions = (db: Parameters<typeof createConditionService>[0]) => createConditionService(db, notify);

  api.route({
    rel: 'AgentAlarmConditionList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "The agent's alarm conditions, oldest first",
      query: pagingQuery,
      response: { type: 'AlarmCondition', shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const agent = await alarmAgentOf(ctx.db, ctx, ctx.publicId);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const rows = await listConditionsOfAgent(ctx.db, agent.id, paging.after, paging.size + 1);
      const page = rows.slice(0, paging.size);
      const last = page.at(-1);
      const moreAfter =
        rows.length > paging.size && last
          ? encodeCursor({ at: last.created_at, publicId: last.public_id })
          : null;
      return { type: 'AlarmCondition', data: page.map(presentCondition), moreAfter };
    },
  });

  api.route({
    rel: 'AgentAlarmConditionList',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary: 'Add an alarm condition on one of the agent’s tags (dataLogging.manage)',
      body: alarmConditionCreateInput,
      status: 201,
      response: { type: 'AlarmCondition' },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, 'alarming');
      const input = parseInput(alarmConditionCreateInput, ctx.body);
      const data = await conditions(ctx.db).create(ctx, ctx.publicId, input);
      return { type: 'AlarmCondition', data, status: 201 };
    },
  });

  api.route({
    rel: 'AlarmCondition',
    method: 'GET',
    item: true,
    access: 'company',
    doc: { summary: 'One alarm condition', response: { type: 'AlarmCondition' } },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, 'alarming');
      const { row } = await visibleCondition(ctx.db, ctx, ctx.publicId);
      return { type: 'AlarmCondition', data: presentCondition(row) };
    },
  });

  api.route({
    rel: 'AlarmCondition',
    method: 'PATCH',
    item: true,
    access: 'company',
    doc: {
      summary: 'Change an alarm condition (dataLogging.manage); its open occurrence is cleared',
      body: alarmConditionPatchInput,
      response: { type: 'AlarmCondition' },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, 'alarming');
      const input = parseInput(alarmConditionPatchInput, ctx.body);
      const data = await conditions(ctx.db).change(ctx, ctx.publicId, input);
      return { type: 'AlarmCondition', data };
    },
  });

  api.route({
    rel: 'AlarmCondition',
    method: 'DELETE',
    item: true,
    access: 'company',
    doc: {
      summary: 'Delete an alarm condition and its occurrences (dataLogging.manage)',
      body: noInput,
      bodyOptional: true,
      response: { type: 'AlarmCondition' },
    },
    handler: async (ctx) => {
      parseInput(noInput, ctx.body);
      const data = await conditions(ctx.db).remove(ctx, ctx.publicId);
      return { type: 'AlarmCondition', data };
    },
  });

  api.route({
    rel: 'AgentAlarmList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "The agent's alarm occurrences, newest first",
      query: [stateQuery, ...pagingQuery],
      response: { type: 'Alarm', shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const openOnly = parseStateFilter(ctx.query.state);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const page = await listVisibleAlarms(ctx.db, ctx, { agentPublicId: ctx.publicId, openOnly, paging });
      return { type: 'Alarm', ...page };
    },
  });

  api.route({
    rel: 'AlarmList',
    method: 'GET',
    access: 'company',
    doc: {
      summary: "The company's alarm occurrences on the agents the caller sees, newest first",
      query: [stateQuery, ...pagingQuery],
      response: { type: 'Alarm', shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, 'alarming');
      const openOnly = parseStateFilter(ctx.query.state);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const page = await listVisibleAlarms(ctx.db, ctx, { openOnly, paging });
      return { type: 'Alarm', ...page };
    },
  });

  api.route({
    rel: 'Alarm',
    method: 'GET',
    item: true,
    access: 'company',
    doc: { summary: 'One alarm occurrence', response: { type: 'Alarm' } },
    handler: async (ctx) => ({ type: 'Alarm', data: await readAlarm(ctx.db, ctx, ctx.publicId) }),
  });

  api.route({
    rel: 'AlarmAcknowledge',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary: 'Acknowledge an alarm occurrence with a comment (alarms.acknowledge); a second time is a 409',
      body: alarmAcknowledgeInput,
      bodyOptional: true,
      response: { type: 'Alarm' },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, 'alarming');
      const input = parseInput(alarmAcknowledgeInput, ctx.body ?? {});
      const data = await acknowledgeAlarm(ctx.db, notify, ctx, ctx.publicId, input.comment);
      return { type: 'Alarm', data };
    },
  });

  api.route({
    rel: 'AgentAlarmSubscription',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "Whether the caller gets this agent's alarms by e-mail",
      response: { type: 'AlarmSubscription' },
    },
    handler: async (ctx) => ({
      type: 'AlarmSubscription',
      data: await readSubscription(ctx.db, ctx, ctx.publicId),
    }),
  });

  api.route({
    rel: 'AgentAlarmSubscription',
    method: 'PUT',
    item: true,
    access: 'company',
    doc: {
      summary: "Get this agent's alarms by e-mail, or not (the caller's own choice)",
      body: alarmSubscriptionInput,
      response: { type: 'AlarmSubscription' },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, 'alarming');
      const input = parseInput(alarmSubscriptionInput, ctx.body);
      return {
        type: 'AlarmSubscription',
        data: await putSubscription(ctx.db, ctx, ctx.publicId, input.email),
      };
    },
  });
}
