import type { Agent } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { agentCapabilities } from '../access/access.policy.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { clearRateLimit, findAgentsByPublicIds, findAgentView } from './agent.repository.ts';
import { presentAgent } from './agent.presenter.ts';

/**
 * `POST AgentRateLimitReset/{agent}`: lifts a soft or hard connection limit so the agent may
 * attach again at once. Whoever may manage or connect to this agent (by company or group role)
 * may do it; the relay reads the cleared fields on the agent's next attempt.
 */
export async function resetAgentRateLimit(trx: Db, ctx: MutationContext, publicId: string): Promise<Agent> {
  const [agent] = await findAgentsByPublicIds(trx, ctx.company.id, [publicId], true);
  if (!agent) throw notFound();
  const held = await agentCapabilities(trx, ctx.user.id, { id: agent.id, companyId: agent.company_id });
  if (!held.has('agents.manage') && !held.has('agents.connect')) throw forbidden();
  await clearRateLimit(trx, agent.id);
  const before = presentAgent(agent);
  const after = presentAgent(await findAgentView(trx, agent.id));
  await writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action: 'UPDATE',
    rel: 'Agent',
    publicId: agent.public_id,
    before,
    after,
    clientAddress: ctx.clientAddress,
  });
  return after;
}
