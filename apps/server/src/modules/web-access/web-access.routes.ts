import { webAccessSessionCreateInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { notFound, parseInput } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { findOwnWebAccess } from './web-access.repository.ts';
import { createWebAccessSession } from './web-access.service.ts';

/** Each session costs an access check and a row: a budget per user keeps that cheap. */
const sessionsPerUserPerMinute = 30;

/**
 * `POST AgentWebAccessSessionList/{agentPublicId}`: a web access session to one http(s) or vnc
 * service of the agent; `DELETE WebAccessSession/{publicId}`: the caller ends their own session.
 */
export function registerWebAccessRoutes(api: Api, deps: ModuleDeps) {
  const budget = deps.limiters.attempts('web-access-session', sessionsPerUserPerMinute, 60);

  api.route({
    rel: 'AgentWebAccessSessionList',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary:
        "Open a device's web page (http/https service) or VNC screen (vnc service) in the browser: " +
        'the url is single-use for 60 s',
      body: webAccessSessionCreateInput,
      status: 201,
      rateLimited: true,
      response: { type: 'WebAccessSession' },
    },
    handler: async (ctx) => {
      await budget.consume(String(ctx.user.id));
      const input = parseInput(webAccessSessionCreateInput, ctx.body);
      const data = await createWebAccessSession({
        db: ctx.db,
        companyId: ctx.company.id,
        userId: ctx.user.id,
        ssoCompanyId: ctx.user.ssoCompanyId,
        clientAddress: ctx.clientAddress,
        agentPublicId: ctx.publicId,
        input,
        publicUrl: deps.config.publicUrl,
        webAccessDomain: deps.config.webAccessDomain,
      });
      return { type: 'WebAccessSession', data, status: 201 };
    },
  });

  api.route({
    rel: 'WebAccessSession',
    method: 'DELETE',
    item: true,
    access: 'company',
    doc: { summary: 'End one of your own web access sessions: its tab or viewer stops at once', status: 204 },
    handler: async (ctx) => {
      const owner = { userId: ctx.user.id, companyId: ctx.company.id };
      const session = await findOwnWebAccess(ctx.db, owner, ctx.publicId);
      if (!session) throw notFound();
      await deps.webAccess.end(session, 'ended by user', {
        userId: ctx.user.id,
        clientAddress: ctx.clientAddress,
      });
      return { type: 'WebAccessSession', data: null, status: 204, raw: '' };
    },
  });
}
