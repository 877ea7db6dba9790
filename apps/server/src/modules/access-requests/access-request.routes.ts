import { sql, type SqlBool } from 'kysely';
import type { Api, ApiContext } from '../../http/api.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { parseFields, project, selectAll, type FieldSpec } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import type { ModuleDeps } from '../index.ts';
import { agentCapabilities } from '../access/access.policy.ts';
import { findApprovers, mayApproveService } from './approver.policy.ts';
import {
  findAgentById,
  findAgentInCompany,
  findAssetInCompany,
  listAccessRequests,
  type RequestAgent,
  type Viewer,
} from './access-request.repository.ts';
import {
  accessRequestFields,
  accessRequestFilters,
  presentAccessRequests,
} from './access-request.presenter.ts';
import { createAccessRequest, decideAccessRequest, type Decision } from './access-request.service.ts';
import { parseAccessRequestInput } from './access-request.validation.ts';
import { accessRequestCreateInput, accessRequestErrors } from '@fleetgate/contracts';
import { fieldsParameter, listParameters } from '../../http/route-doc.ts';

const approverFields: FieldSpec = { publicId: true, name: true, servers: { publicId: true } };

/**
 * Access requests: who may approve them, making them, listing them and deciding them. Item
 * routes under `Agent…` take the agent's publicId; the decision routes are user routes so an
 * approver of a controlling company can decide without acting in the agent's company.
 */
export function registerAccessRequestRoutes(api: Api, deps: ModuleDeps) {
  api.route({
    rel: 'AgentAccessRequestApproverList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: 'Who may approve access to the agent, and for which of its servers',
      query: [fieldsParameter],
      response: { type: 'AgentAccessRequestApproverList', fields: approverFields, shape: 'list' },
    },
    handler: async (ctx) => {
      const selection = selectionOf(ctx.query, approverFields);
      const data = await approversFor(ctx, await requestableAgent(ctx));
      return { type: 'AgentAccessRequestApproverList', data: project(data, selection) };
    },
  });

  api.route({
    rel: 'AssetAccessRequestApproverList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "Who may approve access to the asset's agent, and for which of its servers",
      query: [fieldsParameter],
      response: { type: 'AssetAccessRequestApproverList', fields: approverFields, shape: 'list' },
    },
    handler: async (ctx) => {
      const selection = selectionOf(ctx.query, approverFields);
      const { agent } = await requestableAsset(ctx);
      const data = await approversFor(ctx, agent);
      return { type: 'AssetAccessRequestApproverList', data: project(data, selection) };
    },
  });

  api.route({
    rel: 'AssetAccessRequestList',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary: 'Request access to the asset: a request for its agent that names the asset',
      body: accessRequestCreateInput,
      status: 201,
      response: { type: 'AccessRequest', fields: accessRequestFields },
    },
    handler: async (ctx) => {
      const { asset, agent } = await requestableAsset(ctx);
      const input = parseAccessRequestInput(ctx.body);
      const actor = { user: ctx.user, clientAddress: ctx.clientAddress };
      const data = await createAccessRequest(ctx.db, deps.events, actor, agent, input, asset);
      return { type: 'AccessRequest', data, status: 201 };
    },
  });

  api.route({
    rel: 'AgentAccessRequestList',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary: 'Request access to the agent',
      body: accessRequestCreateInput,
      status: 201,
      response: { type: 'AccessRequest', fields: accessRequestFields },
    },
    handler: async (ctx) => {
      const agent = await requestableAgent(ctx);
      const input = parseAccessRequestInput(ctx.body);
      const actor = { user: ctx.user, clientAddress: ctx.clientAddress };
      const data = await createAccessRequest(ctx.db, deps.events, actor, agent, input);
      return { type: 'AccessRequest', data, status: 201 };
    },
  });

  api.route({
    rel: 'AgentAccessRequestList',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "The agent's access requests, newest first",
      query: listParameters(accessRequestFilters),
      response: { type: 'AgentAccessRequestList', fields: accessRequestFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const agent = await findAgentInCompany(ctx.db, ctx.company.id, ctx.publicId);
      if (!agent) throw notFound();
      return listRequests(ctx, 'AgentAccessRequestList', agent.id);
    },
  });

  api.route({
    rel: 'AccessRequestList',
    method: 'GET',
    access: 'company',
    doc: {
      summary: 'Access requests the user made or may decide, newest first',
      query: listParameters(accessRequestFilters),
      response: { type: 'AccessRequestList', fields: accessRequestFields, shape: 'list', paged: true },
    },
    handler: (ctx) => listRequests(ctx, 'AccessRequestList'),
  });

  api.route({
    rel: 'AccessRequest',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: 'Read one access request',
      query: [fieldsParameter],
      response: { type: 'AccessRequest', fields: accessRequestFields },
    },
    handler: async (ctx) => {
      const selection = selectionOf(ctx.query, accessRequestFields);
      const where = sql<SqlBool>`access_requests.public_id = ${ctx.publicId}`;
      const rows = await listAccessRequests(ctx.db, viewerOf(ctx), { where, after: null, limit: 1 });
      const [request] = await presentAccessRequests(ctx.db, rows);
      if (!request) throw notFound();
      return { type: 'AccessRequest', data: project(request, selection) };
    },
  });

  const decisionRoutes: [rel: string, decision: Decision][] = [
    ['AccessRequestApprove', 'approve'],
    ['AccessRequestReject', 'reject'],
    ['AccessRequestRevoke', 'revoke'],
  ];
  for (const [rel, decision] of decisionRoutes) {
    api.route({
      rel,
      method: 'POST',
      item: true,
      access: 'user',
      doc: {
        summary: `${decision} an access request (no body, or {})`,
        response: { type: 'AccessRequest', fields: accessRequestFields },
      },
      handler: async (ctx) => {
        refuseBody(ctx.body);
        const actor = { user: ctx.user, clientAddress: ctx.clientAddress };
        const data = await decideAccessRequest(ctx.db, deps.events, actor, ctx.publicId, decision);
        return { type: 'AccessRequest', data };
      },
    });
  }
}

/** The agent of the path, in the company acted in (else 404), for which the caller may request access (else 403). */
async function requestableAgent(ctx: ApiContext<'company'>): Promise<RequestAgent> {
  const agent = await findAgentInCompany(ctx.db, ctx.company.id, ctx.publicId);
  if (!agent) throw notFound();
  const held = await agentCapabilities(ctx.db, ctx.user.id, agent);
  if (!held.has('accessRequests.use')) throw forbidden();
  return agent;
}

/**
 * The asset of the path in the company acted in (else 404) with its agent: an asset reached
 * through no agent cannot be requested (400 on `asset`), and the caller needs
 * accessRequests.use for the agent (else 403).
 */
async function requestableAsset(ctx: ApiContext<'company'>) {
  const asset = await findAssetInCompany(ctx.db, ctx.company.id, ctx.publicId);
  if (!asset) throw notFound();
  const agent = asset.agent_id === null ? undefined : await findAgentById(ctx.db, asset.agent_id);
  if (!agent) throw badRequest(accessRequestErrors.noAgentReference, 'asset');
  const held = await agentCapabilities(ctx.db, ctx.user.id, agent);
  if (!held.has('accessRequests.use')) throw forbidden();
  return { asset, agent };
}

/** Who may approve requests for the agent (never the caller), with the services each may approve. */
async function approversFor(ctx: ApiContext<'company'>, agent: RequestAgent) {
  const approvers = await findApprovers(ctx.db, agent, ctx.user.id);
  return approvers.map((approver) => ({
    publicId: approver.publicId,
    name: approver.name,
    servers: agent.servers
      .filter((server) => mayApproveService(approver, server))
      .map((server) => ({ publicId: server.publicId })),
  }));
}

function viewerOf(ctx: ApiContext<'company'>): Viewer {
  return {
    userId: ctx.user.id,
    companyId: ctx.company.id,
    manages: ctx.company.capabilities.has('accessRequests.manage'),
  };
}

async function listRequests(ctx: ApiContext<'company'>, type: string, agentId?: number) {
  const selection = selectionOf(ctx.query, accessRequestFields);
  const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
  const where = parseFilterParams(stringList(ctx.query.filters), accessRequestFilters);
  const query = { where, after: paging.after, limit: paging.size + 1, newestFirst: true };
  const page = pageOf(await listAccessRequests(ctx.db, viewerOf(ctx), query, agentId), paging.size);
  const data = await presentAccessRequests(ctx.db, page.rows);
  return { type, data: project(data, selection), moreAfter: page.moreAfter };
}

function selectionOf(query: Record<string, unknown>, spec: FieldSpec) {
  const raw = query.fields;
  if (raw === undefined) return selectAll;
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, spec);
}

function stringList(value: unknown): string[] {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === 'string');
}

/** Decisions take no input: nothing, or an empty object. */
function refuseBody(body: unknown) {
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Expected no body or {}');
  const keys = Object.keys(body);
  if (keys.length > 0)
    throw new ApiError(
      400,
      keys.map((key) => ({ message: `Unknown property: ${key}`, propertyName: key })),
    );
}
