import { bearerSecret } from '../../auth/bearer.ts';
import {
  agentSampleBatchInput,
  dataLoggingErrors,
  dataLoggingLimits,
  dataSourceCreateInput,
  dataSourcePatchInput,
  sampleBatchBusyMessage,
  tagCreateInput,
  tagPatchInput,
  type AgentSampleBatchAck,
} from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { Api, ApiContext } from '../../http/api.ts';
import { ApiError, badRequest, parseEach, parseInput, unauthenticated } from '../../http/errors.ts';
import { parseFields, project, selectAll, type FieldSpec } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { keysetPage } from '../../http/keyset.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import type { MutationContext } from '../../http/resource.ts';
import { fieldsParameter, listParameters } from '../../http/route-doc.ts';
import type { ModuleDeps } from '../index.ts';
import { findAgentByCredential } from '../agents/agent-credential.ts';
import { requireAppInstalled } from '../apps/app-installation.ts';
import { isAppActiveOnAgent } from '../licences/app-activation.ts';
import {
  dataSourceFields,
  dataSourceFilters,
  presentDataSource,
  presentTag,
  sampleFields,
  sampleFilters,
  tagFields,
  tagFilters,
} from './data-logging.presenter.ts';
import { dataSourceRows, tagRows } from './data-logging.repository.ts';
import {
  changeDataSource,
  changeTag,
  createDataSource,
  createTag,
  removeDataSource,
  removeTag,
  visibleAgent,
  visibleDataSource,
  visibleTag,
} from './data-logging.service.ts';
import { IngestQueueFullError } from '../../db/ingest-scheduler.ts';
import { checkSamples, storeSampleBatch } from './sample-ingest.ts';
import {
  readSampleSeries,
  rawSampleQueryParameters,
  readTagSamples,
  seriesQueryParameters,
} from './sample-read.ts';
import type { SamplesStoredListener } from './samples-stored.ts';
import { createTagValuesPublisher } from './tag-values-publisher.ts';

/** Failed agent credentials per client address and window; a good one gives its point back. */
export const sampleBatchCredentialAttempts = { points: 60, windowSeconds: 15 * 60 };
/** Batches one agent may post per minute (it posts about one a second). */
export const sampleBatchesPerAgentPerMinute = 240;

export type DataLoggingDeps = ModuleDeps & { onSamplesStored?: SamplesStoredListener[] };

const app = 'dataLogging' as const;
const manage = 'dataLogging.manage' as const;

/**
 * Data logging: an agent's data sources and tags, the agent's sample
 * batches, and the raw and aggregated reads. Every call needs the company app `dataLogging`.
 */
export function registerDataLoggingRoutes(api: Api, deps: DataLoggingDeps) {
  const listeners = deps.onSamplesStored ?? [];
  const publishValues = createTagValuesPublisher(deps);

  const configChanged = (agent: { publicId: string; companyId: number }) =>
    deps.events
      .publish(
        { companyId: agent.companyId },
        { type: 'DataConfigChanged', data: { agent: { publicId: agent.publicId } } },
      )
      .catch((error: unknown) => deps.log.error({ err: error }, 'data config change not published'));

  // ---- data sources ----
  api.route({
    rel: 'AgentDataSourceList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "The agent's data sources ({publicId} is the agent's)",
      query: listParameters(dataSourceFilters),
      response: { type: 'AgentDataSourceList', fields: dataSourceFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const agent = await visibleAgent(ctx.db, ctx, ctx.publicId);
      const selection = fieldsOf(ctx.query, dataSourceFields);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const where = parseFilterParams(stringList(ctx.query.filters), dataSourceFilters);
      const rows = await keysetPage(dataSourceRows(ctx.db).where('ds.agent_id', '=', agent.id), 'ds', {
        where,
        after: paging.after,
        limit: paging.size + 1,
      }).execute();
      const page = pageOf(rows, paging.size);
      return {
        type: 'AgentDataSourceList',
        data: page.rows.map((row) => project(presentDataSource(row), selection)),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'AgentDataSourceList',
    method: 'POST',
    item: true,
    access: 'company',
    capability: manage,
    doc: {
      summary: 'Add one data source or a list of them to the agent (all or none)',
      body: dataSourceCreateInput,
      bodyShape: 'oneOrList',
      status: 201,
      response: { type: 'AgentDataSourceList', fields: dataSourceFields, shape: 'oneOrList' },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const agent = await visibleAgent(ctx.db, ctx, ctx.publicId);
      const { many, inputs } = oneOrMany(ctx.body, dataSourceCreateInput);
      const created = await mutate(ctx, inputs, (trx, mctx, input) =>
        createDataSource(trx, mctx, agent, input),
      );
      await configChanged(agent);
      return { type: 'AgentDataSourceList', data: many ? created : created[0], status: 201 };
    },
  });

  api.route({
    rel: 'DataSource',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: 'One data source',
      query: [fieldsParameter],
      response: { type: 'DataSource', fields: dataSourceFields },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const selection = fieldsOf(ctx.query, dataSourceFields);
      const row = await visibleDataSource(ctx.db, ctx, ctx.publicId);
      return { type: 'DataSource', data: project(presentDataSource(row), selection) };
    },
  });

  api.route({
    rel: 'DataSource',
    method: 'PATCH',
    item: true,
    access: 'company',
    capability: manage,
    doc: {
      summary: 'Change a data source (not its kind)',
      body: dataSourcePatchInput,
      response: { type: 'DataSource', fields: dataSourceFields },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const input = parseInput(dataSourcePatchInput, ctx.body);
      const [data] = await mutate(ctx, [input], async (trx, mctx, item) =>
        changeDataSource(trx, mctx, await visibleDataSource(trx, mctx, ctx.publicId, true), item),
      );
      await configChanged({ publicId: data!.agent.publicId, companyId: ctx.company.id });
      return { type: 'DataSource', data };
    },
  });

  api.route({
    rel: 'DataSource',
    method: 'DELETE',
    item: true,
    access: 'company',
    capability: manage,
    doc: {
      summary: 'Delete a data source without tags (409 while it has some)',
      response: { type: 'DataSource', fields: { publicId: true } },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const [data] = await mutate(ctx, [ctx.publicId], async (trx, mctx, publicId) =>
        removeDataSource(trx, mctx, await visibleDataSource(trx, mctx, publicId, true)),
      );
      await configChanged({ publicId: data!.agent.publicId, companyId: ctx.company.id });
      return { type: 'DataSource', data: { publicId: data!.publicId } };
    },
  });

  // ---- tags ----
  api.route({
    rel: 'AgentTagList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "The agent's tags with their newest value ({publicId} is the agent's)",
      query: listParameters(tagFilters),
      response: { type: 'AgentTagList', fields: tagFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const agent = await visibleAgent(ctx.db, ctx, ctx.publicId);
      const selection = fieldsOf(ctx.query, tagFields);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const where = parseFilterParams(stringList(ctx.query.filters), tagFilters);
      const rows = await keysetPage(tagRows(ctx.db).where('t.agent_id', '=', agent.id), 't', {
        where,
        after: paging.after,
        limit: paging.size + 1,
      }).execute();
      const page = pageOf(rows, paging.size);
      return {
        type: 'AgentTagList',
        data: page.rows.map((row) => project(presentTag(row), selection)),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'AgentTagList',
    method: 'POST',
    item: true,
    access: 'company',
    capability: manage,
    // A whole agent's tags may be sent at once (dataLoggingLimits.tagsPerAgent).
    bodyLimit: 1024 * 1024,
    doc: {
      summary: 'Add one tag or a list of them to the agent (all or none)',
      body: tagCreateInput,
      bodyShape: 'oneOrList',
      status: 201,
      response: { type: 'AgentTagList', fields: tagFields, shape: 'oneOrList' },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const agent = await visibleAgent(ctx.db, ctx, ctx.publicId);
      const { many, inputs } = oneOrMany(ctx.body, tagCreateInput);
      const created = await mutate(ctx, inputs, (trx, mctx, input) => createTag(trx, mctx, agent, input));
      await configChanged(agent);
      return { type: 'AgentTagList', data: many ? created : created[0], status: 201 };
    },
  });

  api.route({
    rel: 'Tag',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: 'One tag with its newest value',
      query: [fieldsParameter],
      response: { type: 'Tag', fields: tagFields },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const selection = fieldsOf(ctx.query, tagFields);
      return {
        type: 'Tag',
        data: project(presentTag(await visibleTag(ctx.db, ctx, ctx.publicId)), selection),
      };
    },
  });

  api.route({
    rel: 'Tag',
    method: 'PATCH',
    item: true,
    access: 'company',
    capability: manage,
    doc: { summary: 'Change a tag', body: tagPatchInput, response: { type: 'Tag', fields: tagFields } },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const input = parseInput(tagPatchInput, ctx.body);
      const [data] = await mutate(ctx, [input], async (trx, mctx, item) =>
        changeTag(trx, mctx, await visibleTag(trx, mctx, ctx.publicId, true), item),
      );
      await configChanged({ publicId: data!.agent.publicId, companyId: ctx.company.id });
      return { type: 'Tag', data };
    },
  });

  api.route({
    rel: 'Tag',
    method: 'DELETE',
    item: true,
    access: 'company',
    capability: manage,
    doc: {
      summary: 'Delete a tag (its samples are removed in the background)',
      response: { type: 'Tag', fields: { publicId: true } },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const [data] = await mutate(ctx, [ctx.publicId], async (trx, mctx, publicId) =>
        removeTag(trx, mctx, await visibleTag(trx, mctx, publicId, true)),
      );
      await configChanged({ publicId: data!.agent.publicId, companyId: ctx.company.id });
      return { type: 'Tag', data: { publicId: data!.publicId } };
    },
  });

  // ---- the agent's batches ----
  const credentialLimiter = deps.limiters.attempts(
    'sample-batch:credential',
    sampleBatchCredentialAttempts.points,
    sampleBatchCredentialAttempts.windowSeconds,
  );
  const batchLimiter = deps.limiters.attempts('sample-batch:agent', sampleBatchesPerAgentPerMinute, 60);
  api.route({
    rel: 'AgentSampleBatch',
    method: 'POST',
    access: 'public',
    bodyLimit: 1024 * 1024,
    doc: {
      summary:
        "Samples the agent collected (the agent's credential as Bearer); answered after they are stored; a resent batch stores nothing twice",
      auth: ['bearer'],
      rateLimited: true,
      body: agentSampleBatchInput,
      response: { type: 'AgentSampleBatch' },
    },
    handler: async (ctx) => {
      const credential = bearerSecret(ctx.request.raw);
      if (credential === undefined) throw unauthenticated();
      // Counted before the lookup, so parallel guesses cannot exceed the budget.
      await credentialLimiter.consume(ctx.clientAddress);
      const found = await findAgentByCredential(ctx.db, credential);
      if (!found) throw unauthenticated();
      await credentialLimiter.refund(ctx.clientAddress);
      await batchLimiter.consume(String(found.id));
      const input = parseInput(agentSampleBatchInput, ctx.body);
      const { valid, rejected, rejectedIndexes } = checkSamples(input.samples, Date.now());
      await requireAppInstalled(ctx.db, found.companyId, app);
      if (!(await isAppActiveOnAgent(ctx.db, found.id, app)))
        throw new ApiError(403, [{ message: dataLoggingErrors.loggingNotActive }]);
      const agent = { id: found.id, publicId: found.publicId, companyId: found.companyId };
      const result = await storeSampleBatch(ctx.db, agent, { ...input, samples: valid }, listeners).catch(
        (error: unknown) => {
          // The agent keeps the batch in its spool and sends it again after Retry-After.
          if (error instanceof IngestQueueFullError)
            throw new ApiError(503, [{ message: sampleBatchBusyMessage }], { 'Retry-After': '5' });
          throw error;
        },
      );
      // Live events and e-mails of the batch (alarms) go out in order but do not hold the
      // acknowledgement: a slow mail server must not make the agent resend.
      void (async () => {
        for (const after of result.afterCommit)
          await after().catch((error: unknown) =>
            deps.log.error({ err: error }, 'after-commit work of a batch failed'),
          );
      })();
      if (result.newest.length > 0) void publishValues(ctx.db, agent, result.newest);
      const data: AgentSampleBatchAck = {
        batchId: input.batchId,
        stored: result.stored,
        rejected,
        rejectedIndexes,
      };
      return { type: 'AgentSampleBatch', data };
    },
  });

  // ---- reads ----
  api.route({
    rel: 'TagSampleList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: `The tag's raw samples in [start, end) of at most ${dataLoggingLimits.maxRawReadDays} days, oldest first ({publicId} is the tag's)`,
      query: [...rawSampleQueryParameters, ...listParameters(sampleFilters)],
      response: { type: 'TagSampleList', fields: sampleFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const tag = await visibleTag(ctx.db, ctx, ctx.publicId);
      const selection = fieldsOf(ctx.query, sampleFields);
      const page = await readTagSamples(ctx.db, tag, ctx.query);
      return {
        type: 'TagSampleList',
        data: page.rows.map((s) => project(s, selection)),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'AgentSampleSeriesList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "Aggregated series of the agent's tags, by name ({publicId} is the agent's)",
      query: seriesQueryParameters,
      response: { type: 'AgentSampleSeriesList', shape: 'list' },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const agent = await visibleAgent(ctx.db, ctx, ctx.publicId);
      return { type: 'AgentSampleSeriesList', data: await readSampleSeries(ctx.db, agent.id, ctx.query) };
    },
  });

  api.route({
    rel: 'AssetSampleSeriesList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "Aggregated series of the tags of the asset's agent, by name ({publicId} is the asset's)",
      query: seriesQueryParameters,
      response: { type: 'AssetSampleSeriesList', shape: 'list' },
    },
    handler: async (ctx) => {
      await requireAppInstalled(ctx.db, ctx.company.id, app);
      const asset = await ctx.db
        .selectFrom('assets as s')
        .innerJoin('agents as a', 'a.id', 's.agent_id')
        .select('a.public_id')
        .where('s.company_id', '=', ctx.company.id)
        .where('s.public_id', '=', ctx.publicId)
        .executeTakeFirst();
      if (!asset) throw new ApiError(404, [{ message: 'Not found' }]);
      const agent = await visibleAgent(ctx.db, ctx, asset.public_id);
      return { type: 'AssetSampleSeriesList', data: await readSampleSeries(ctx.db, agent.id, ctx.query) };
    },
  });
}

function fieldsOf(query: Record<string, unknown>, spec: FieldSpec) {
  const raw = query.fields;
  if (raw === undefined) return selectAll;
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, spec);
}

function stringList(value: unknown): string[] {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === 'string');
}

function oneOrMany<S extends z.ZodType>(body: unknown, schema: S) {
  const many = Array.isArray(body);
  const items = many ? (body as unknown[]) : [body];
  if (items.length === 0) throw badRequest('The list is empty');
  if (items.length > dataLoggingLimits.tagsPerAgent) throw badRequest('Too many items at once');
  return { many, inputs: parseEach(schema, items, many) };
}

/** Runs every item in one transaction, all or none; an item's error names its listIndex in a list. */
async function mutate<I, O>(
  ctx: ApiContext<'company'>,
  items: I[],
  run: (trx: Db, mctx: MutationContext, item: I) => Promise<O>,
): Promise<O[]> {
  const mctx: MutationContext = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
  const many = Array.isArray(ctx.body);
  return runInTransaction(ctx.db, async (trx) => {
    const out: O[] = [];
    for (const [index, item] of items.entries()) {
      try {
        out.push(await run(trx, mctx, item));
      } catch (error) {
        if (many && error instanceof ApiError)
          throw new ApiError(
            error.status,
            error.items.map((e) => ({ ...e, listIndex: e.listIndex ?? index })),
            error.headers,
          );
        throw error;
      }
    }
    return out;
  });
}
