import { tunnelTicketInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { createTunnelTicket } from './tunnel-ticket.service.ts';

/** Tickets are cheap to ask for and each costs an access check: a budget per user keeps it so. */
const ticketsPerUserPerMinute = 60;

/** `POST AgentTunnelTicketList/{agentPublicId}`: a short-lived ticket for one relay client session. */
export function registerTunnelRoutes(api: Api, deps: ModuleDeps) {
  const budget = deps.limiters.attempts('tunnel-ticket', ticketsPerUserPerMinute, 60);

  api.route({
    rel: 'AgentTunnelTicketList',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary: 'A short-lived ticket for one relay session to the agent',
      body: tunnelTicketInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      await budget.consume(String(ctx.user.id));
      const input = parseInput(tunnelTicketInput, ctx.body);
      const data = await createTunnelTicket({
        db: ctx.db,
        companyId: ctx.company.id,
        userId: ctx.user.id,
        ssoCompanyId: ctx.user.ssoCompanyId,
        agentPublicId: ctx.publicId,
        input,
        relayUrl: relayClientUrl(deps.config.publicUrl),
      });
      return { type: 'TunnelTicket', data, status: 201 };
    },
  });
}

/** Where clients attach: the relay's WebSocket at the public address, whatever Host was asked. */
function relayClientUrl(publicUrl: string): string {
  return `${publicUrl.replace(/^http/, 'ws')}/relay/client`;
}
