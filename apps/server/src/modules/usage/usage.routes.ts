import { usageDefaultDays, usageMaxDays } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { QueryParameterDoc } from '../../http/route-doc.ts';
import { agentUsagePage, companyUsageDays, parsePeriod, usageCsv } from './usage.service.ts';

const capability = 'dataUsage.use';

const direction = '"in" = bytes sent to the company\'s devices, "out" = bytes from its devices.';

const periodParameters: QueryParameterDoc[] = [
  {
    name: 'from',
    description: `First UTC day (YYYY-MM-DD) of the period. Default: ${usageDefaultDays} days up to \`to\`.`,
    schema: { type: 'string', format: 'date' },
  },
  {
    name: 'to',
    description: `Last UTC day (YYYY-MM-DD), included; default today. At most ${usageMaxDays} days from \`from\`.`,
    schema: { type: 'string', format: 'date' },
  },
];

const dayFields: FieldSpec = { day: true, bytesIn: true, bytesOut: true, bytes: true };
const agentFields: FieldSpec = {
  agent: { publicId: true, name: true },
  bytesIn: true,
  bytesOut: true,
  bytes: true,
};

/**
 * Data usage: the bytes the relay carried for the company, per UTC day and per agent, for
 * members with `dataUsage.use`. Read-only: the relay writes the counts.
 */
export function registerUsageRoutes(api: Api) {
  api.route({
    rel: 'DataUsageList',
    method: 'GET',
    access: 'company',
    capability,
    doc: {
      summary: `The company's bytes per day of the period, days without traffic as zeros. ${direction}`,
      query: periodParameters,
      response: { type: 'DataUsageList', fields: dayFields, shape: 'list' },
    },
    handler: async (ctx) => {
      const period = parsePeriod(ctx.query);
      return { type: 'DataUsageList', data: await companyUsageDays(ctx.db, ctx.company.id, period) };
    },
  });

  api.route({
    rel: 'AgentDataUsageList',
    method: 'GET',
    access: 'company',
    capability,
    doc: {
      summary: `The company's agents with traffic in the period and their bytes, most first. ${direction}`,
      query: [
        ...periodParameters,
        {
          name: 'page-size',
          description: 'Agents per page (default 20, at most 4000).',
          schema: { type: 'integer', minimum: 1, maximum: 4000 },
        },
        {
          name: 'page-after',
          description: 'The `moreAfter` of the previous page.',
          schema: { type: 'string', maxLength: 200 },
        },
      ],
      response: { type: 'AgentDataUsageList', fields: agentFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const period = parsePeriod(ctx.query);
      const page = await agentUsagePage(ctx.db, ctx.company.id, period, ctx.query);
      return { type: 'AgentDataUsageList', ...page };
    },
  });

  api.route({
    rel: 'DataUsageCsv',
    method: 'GET',
    access: 'company',
    capability,
    doc: {
      summary:
        'The period as CSV: one row per day and agent (day,agentPublicId,agentName,bytesIn,bytesOut,bytes); ' +
        `a row without an agent holds the day's bytes no current agent accounts for. ${direction}`,
      query: periodParameters,
      contentType: 'text/csv',
    },
    handler: async (ctx) => {
      const period = parsePeriod(ctx.query);
      const csv = await usageCsv(ctx.db, ctx.company.id, period);
      ctx.reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="data-usage-${period.from}-to-${period.to}.csv"`)
        .header('cache-control', 'no-store');
      return { type: 'DataUsageCsv', data: null, raw: csv };
    },
  });
}
