import type { z } from 'zod';
import { errorMessages, type agentServerCreateInput, type agentServerPatchInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import {
  deleteAgentServer,
  findAgentServerByName,
  findAgentServerView,
  insertAgentServer,
  updateAgentServer,
  type AgentServerView,
} from './agent-server.repository.ts';

async function assertNameFree(trx: Db, agentId: number, name: string, exceptId?: number) {
  const taken = await findAgentServerByName(trx, agentId, name);
  if (taken && taken.id !== exceptId) throw conflict(errorMessages.nameInUse, 'name');
}

export async function createAgentServer(
  trx: Db,
  ctx: MutationContext,
  input: z.output<typeof agentServerCreateInput>,
): Promise<AgentServerView> {
  const { agent: ref, ...server } = input;
  // Locked so that concurrent creates on one agent check names one after the other.
  const agent = await trx
    .selectFrom('agents')
    .select('id')
    .where('company_id', '=', ctx.company.id)
    .where('public_id', '=', ref.publicId)
    .forUpdate()
    .executeTakeFirst();
  if (!agent) throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'agent.publicId' }]);
  await assertNameFree(trx, agent.id, server.name);
  const { id } = await insertAgentServer(trx, ctx.company.id, agent.id, server);
  return findAgentServerView(trx, ctx.company.id, id);
}

export async function changeAgentServer(
  trx: Db,
  ctx: MutationContext,
  row: AgentServerView,
  input: z.output<typeof agentServerPatchInput>,
): Promise<AgentServerView> {
  if (input.name !== undefined) await assertNameFree(trx, row.agent_id, input.name, row.id);
  await updateAgentServer(trx, row.id, input);
  return findAgentServerView(trx, ctx.company.id, row.id);
}

export async function removeAgentServer(trx: Db, _ctx: MutationContext, row: AgentServerView) {
  await deleteAgentServer(trx, row.id);
}
