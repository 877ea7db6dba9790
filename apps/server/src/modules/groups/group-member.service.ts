import { errorMessages, type GroupMemberCreateInput, type GroupMemberPatchInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { assertMayGrant, findGrantableRole } from '../memberships/membership.service.ts';
import { parseExpiresOn } from '../memberships/temporary-access.service.ts';
import {
  deleteGroupMember,
  findGroupMemberView,
  findGroupOfCompany,
  findMemberUser,
  holdsGroupRole,
  insertGroupMember,
  updateGroupMember,
  type GroupMemberView,
} from './group-member.repository.ts';

const notFoundAt = (propertyName: string) =>
  new ApiError(404, [{ message: errorMessages.notFound, propertyName }]);

/**
 * Gives a member of the company a role in a group: its rights on the group's agents (and those
 * of its subgroups), until `expiresOn` when given. Only company members can be given one, so
 * nobody gains rights in a company they did not join; a role holding rights the actor lacks is
 * refused.
 */
export async function createGroupMember(trx: Db, ctx: MutationContext, input: GroupMemberCreateInput) {
  const expiresOn = parseExpiresOn(input.expiresOn) ?? null;
  const group = await findGroupOfCompany(trx, ctx.company.id, input.group.publicId);
  if (!group) throw notFoundAt('group.publicId');
  const user = await findMemberUser(trx, ctx.company.id, input.user.publicId);
  if (!user) throw notFoundAt('user.publicId');
  const role = await findGrantableRole(trx, ctx.company, input.role);
  if (await holdsGroupRole(trx, group.id, user.id)) throw conflict(errorMessages.duplicate, 'user.publicId');
  const { id } = await insertGroupMember(trx, {
    companyId: ctx.company.id,
    groupId: group.id,
    userId: user.id,
    roleId: role.id,
    expiresOn,
  });
  return findGroupMemberView(trx, ctx.company.id, id);
}

export async function changeGroupMember(
  trx: Db,
  ctx: MutationContext,
  member: GroupMemberView,
  input: GroupMemberPatchInput,
) {
  assertMayGrant(ctx.company, { built_in: member.role_built_in, capabilities: member.role_capabilities });
  const expiresOn = parseExpiresOn(input.expiresOn);
  const role = input.role && (await findGrantableRole(trx, ctx.company, input.role));
  await updateGroupMember(trx, member.id, {
    ...(role ? { role_id: role.id } : {}),
    ...(expiresOn !== undefined ? { expires_on: expiresOn } : {}),
  });
  return findGroupMemberView(trx, ctx.company.id, member.id);
}

export async function removeGroupMember(trx: Db, ctx: MutationContext, member: GroupMemberView) {
  assertMayGrant(ctx.company, { built_in: member.role_built_in, capabilities: member.role_capabilities });
  await deleteGroupMember(trx, member.id);
}
