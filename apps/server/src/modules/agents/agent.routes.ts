import { z } from 'zod';
import {
  agentCreateInput,
  agentEnrolInput,
  agentPatchInput,
  agentServerCreateInput,
  agentServerPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { Api, ApiContext } from '../../http/api.ts';
import { notFound, parseInput } from '../../http/errors.ts';
import { registerResource, type MutationContext } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import { agentFields, agentFilters, presentAgent } from './agent.presenter.ts';
import { findAgentsByPublicIds, listAgents } from './agent.repository.ts';
import { changeAgent, createAgent, removeAgent } from './agent.service.ts';
import {
  agentServerFilters,
  agentServerOfAgentFields,
  presentAgentServerOfAgent,
} from './agent-server.presenter.ts';
import { findAgentServersByPublicIds, listAgentServers } from './agent-server.repository.ts';
import { changeAgentServer, createAgentServer, removeAgentServer } from './agent-server.service.ts';
import { createEnrolmentToken, enrolAgent } from './agent-enrolment.service.ts';
import { resetAgentRateLimit } from './agent-rate-limit.service.ts';
import {
  platformServerFields,
  platformServerFilters,
  presentPlatformServer,
} from './platform-server.presenter.ts';
import { findPlatformServersByPublicIds, listPlatformServers } from './platform-server.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';

/** Enrolment attempts per client address and window: ample for a site enrolling its gateways. */
export const enrolmentAttempts = { points: 30, windowSeconds: 15 * 60 };

/** Action routes take no input; an empty object is accepted for clients that always send one. */
const noInput = z.strictObject({}).optional();

export function registerAgentRoutes(api: Api, deps: ModuleDeps) {
  registerResource(api, {
    name: 'Agent',
    // Every member may ask; each sees only the agents their rights reach (agent-visibility.ts).
    read: null,
    write: 'agents.manage',
    fields: agentFields,
    filters: agentFilters,
    repository: { list: listAgents, findByPublicIds: findAgentsByPublicIds },
    present: presentAgent,
    // `myAccess` is the reader's own access.
    readerSpecific: true,
    create: { schema: agentCreateInput, run: createAgent },
    update: { schema: agentPatchInput, run: changeAgent },
    remove: { run: removeAgent },
  });

  registerResource(api, {
    name: 'AgentServer',
    read: null,
    write: 'agents.manage',
    fields: agentServerOfAgentFields,
    filters: agentServerFilters,
    repository: { list: listAgentServers, findByPublicIds: findAgentServersByPublicIds },
    present: presentAgentServerOfAgent,
    create: { schema: agentServerCreateInput, run: createAgentServer },
    update: { schema: agentServerPatchInput, run: changeAgentServer },
    remove: { run: removeAgentServer },
  });

  registerResource(api, {
    name: 'MyCompanyPlatformServer',
    read: null,
    fields: platformServerFields,
    filters: platformServerFilters,
    repository: { list: listPlatformServers, findByPublicIds: findPlatformServersByPublicIds },
    present: presentPlatformServer,
  });

  api.route({
    rel: 'AgentEnrolmentTokenList',
    method: 'POST',
    item: true,
    access: 'company',
    capability: 'agents.manage',
    doc: { summary: 'Issue an enrolment token for the agent', body: noInput, status: 201 },
    handler: async (ctx) => {
      parseInput(noInput, ctx.body);
      const data = await inTransaction(ctx, async (trx, mctx) => {
        const [agent] = await findAgentsByPublicIds(trx, mctx.company.id, [ctx.publicId], true);
        if (!agent) throw notFound();
        return createEnrolmentToken(trx, mctx, agent, deps.config.publicUrl);
      });
      return { type: 'AgentEnrolmentToken', data, status: 201 };
    },
  });

  const enrolmentLimiter = deps.limiters.attempts(
    'agent-enrolment',
    enrolmentAttempts.points,
    enrolmentAttempts.windowSeconds,
  );
  api.route({
    rel: 'AgentEnrolment',
    method: 'POST',
    access: 'public',
    doc: {
      summary: 'Enrol an agent with its enrolment token',
      body: agentEnrolInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      // Counted before anything else (tokens cannot be guessed, but the lookups cost), so
      // parallel attempts cannot exceed the budget; a site enrolling many gateways gets
      // the point of each successful enrolment back.
      await enrolmentLimiter.consume(ctx.clientAddress);
      const input = parseInput(agentEnrolInput, ctx.body);
      const data = await runInTransaction(ctx.db, (trx) =>
        enrolAgent(trx, input, deps.config.publicUrl, ctx.clientAddress),
      );
      await enrolmentLimiter.refund(ctx.clientAddress);
      return { type: 'AgentEnrolment', data, status: 201 };
    },
  });

  api.route({
    rel: 'AgentRateLimitReset',
    method: 'POST',
    item: true,
    access: 'company',
    doc: { summary: "Reset the agent's connection rate limit", body: noInput },
    handler: async (ctx) => {
      parseInput(noInput, ctx.body);
      const data = await inTransaction(ctx, (trx, mctx) => resetAgentRateLimit(trx, mctx, ctx.publicId));
      return { type: 'Agent', data };
    },
  });
}

/** Runs an action route's change in one transaction, with the context mutations take. */
function inTransaction<T>(
  ctx: ApiContext<'company'>,
  run: (trx: Db, mctx: MutationContext) => Promise<T>,
): Promise<T> {
  const mctx: MutationContext = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
  return runInTransaction(ctx.db, (trx) => run(trx, mctx));
}
