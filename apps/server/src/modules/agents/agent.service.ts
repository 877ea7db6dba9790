import type { z } from 'zod';
import { errorMessages, type agentCreateInput, type agentPatchInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import {
  deleteAgent,
  findAgentView,
  findCompanyByPublicId,
  findCompanyGroups,
  insertAgent,
  replaceAgentGroups,
  updateAgent,
  type AgentView,
} from './agent.repository.ts';
import { assertServerNamesDistinct, insertAgentServer } from './agent-server.repository.ts';

type CreateInput = z.output<typeof agentCreateInput>;
type PatchInput = z.output<typeof agentPatchInput>;

const notFoundAt = (propertyName: string) =>
  new ApiError(404, [{ message: errorMessages.notFound, propertyName }]);

/** The controlling company is another company: the one that decides access requests for it. */
async function resolveControlledBy(trx: Db, ctx: MutationContext, ref: { publicId: string } | null) {
  if (ref === null) return null;
  if (ref.publicId === ctx.company.publicId) throw badRequest(errorMessages.invalid, 'controlledBy.publicId');
  const company = await findCompanyByPublicId(trx, ref.publicId);
  if (!company) throw notFoundAt('controlledBy.publicId');
  return company.id;
}

/** The groups of `memberships`, each once and each in the company. */
async function resolveGroups(trx: Db, ctx: MutationContext, memberships: { group: { publicId: string } }[]) {
  const publicIds = memberships.map((membership) => membership.group.publicId);
  publicIds.forEach((publicId, i) => {
    if (publicIds.indexOf(publicId) !== i)
      throw badRequest(errorMessages.duplicate, `memberships.${i}.group.publicId`);
  });
  const found = new Map(
    (await findCompanyGroups(trx, ctx.company.id, publicIds)).map((group) => [group.public_id, group.id]),
  );
  return publicIds.map((publicId, i) => {
    const id = found.get(publicId);
    if (id === undefined) throw notFoundAt(`memberships.${i}.group.publicId`);
    return id;
  });
}

export async function createAgent(trx: Db, ctx: MutationContext, input: CreateInput): Promise<AgentView> {
  const controlledByCompanyId = await resolveControlledBy(trx, ctx, input.controlledBy ?? null);
  const groupIds = await resolveGroups(trx, ctx, input.memberships ?? []);
  const servers = input.servers ?? [];
  assertServerNamesDistinct(servers, 'servers');
  const { id } = await insertAgent(trx, ctx.company.id, {
    name: input.name,
    vpnLocked: input.vpnLocked,
    webAccessLocked: input.webAccessLocked,
    vpnRequireAccessApproval: input.vpnRequireAccessApproval,
    useStunnel: input.useStunnel,
    hasDisplay: input.hasDisplay,
    controlledByCompanyId,
  });
  for (const server of servers) await insertAgentServer(trx, ctx.company.id, id, server);
  await replaceAgentGroups(trx, id, groupIds);
  return findAgentView(trx, id);
}

export async function changeAgent(
  trx: Db,
  ctx: MutationContext,
  agent: AgentView,
  input: PatchInput,
): Promise<AgentView> {
  const controlledByCompanyId =
    input.controlledBy === undefined ? undefined : await resolveControlledBy(trx, ctx, input.controlledBy);
  // `memberships` replaces the whole set; leaving it out keeps the groups as they are.
  if (input.memberships !== undefined)
    await replaceAgentGroups(trx, agent.id, await resolveGroups(trx, ctx, input.memberships));
  await updateAgent(trx, agent.id, {
    name: input.name,
    vpnLocked: input.vpnLocked,
    webAccessLocked: input.webAccessLocked,
    vpnRequireAccessApproval: input.vpnRequireAccessApproval,
    useStunnel: input.useStunnel,
    hasDisplay: input.hasDisplay,
    controlledByCompanyId,
  });
  return findAgentView(trx, agent.id);
}

export async function removeAgent(trx: Db, _ctx: MutationContext, agent: AgentView) {
  await deleteAgent(trx, agent.id);
}
