import type { z } from 'zod';
import {
  errorMessages,
  generatedColor,
  groupsAndAssetsErrors,
  type groupCreateInput,
  type groupPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { findGroupTypeForGroup } from '../group-types/group-type.repository.ts';
import {
  ancestryIncludes,
  deleteGroup,
  findGroupView,
  findParentGroup,
  hasSubgroups,
  insertGroup,
  lockGroupHierarchy,
  updateGroup,
  type GroupView,
} from './group.repository.ts';

function notFoundAt(propertyName: string) {
  return new ApiError(404, [{ message: errorMessages.notFound, propertyName }]);
}

async function resolveGroupType(trx: Db, ctx: MutationContext, publicId: string) {
  const type = await findGroupTypeForGroup(trx, ctx.company.id, publicId);
  if (!type) throw notFoundAt('groupType.publicId');
  return type;
}

// Placing a group under another one (or taking it out) is managing subgroups.
function assertMaySetParent(ctx: MutationContext) {
  if (!ctx.company.capabilities.has('subgroups.manage'))
    throw new ApiError(403, [{ message: errorMessages.forbidden, propertyName: 'parent' }]);
}

async function resolveParent(trx: Db, ctx: MutationContext, publicId: string) {
  const parent = await findParentGroup(trx, ctx.company.id, publicId);
  if (!parent) throw notFoundAt('parent.publicId');
  return parent;
}

export async function createGroup(trx: Db, ctx: MutationContext, input: z.output<typeof groupCreateInput>) {
  const type = await resolveGroupType(trx, ctx, input.groupType.publicId);
  let parentId: number | null = null;
  if (input.parent) {
    assertMaySetParent(ctx);
    parentId = (await resolveParent(trx, ctx, input.parent.publicId)).id;
  }
  const publicId = newPublicId();
  const { id } = await insertGroup(trx, ctx.company.id, {
    publicId,
    name: input.name,
    // Groups lacking a colour get a generated one, the same for the same group every time.
    color: input.color ?? generatedColor(publicId),
    groupTypeId: type.id,
    parentId,
  });
  return findGroupView(trx, ctx.company.id, id);
}

export async function changeGroup(
  trx: Db,
  ctx: MutationContext,
  group: GroupView,
  input: z.output<typeof groupPatchInput>,
) {
  const groupTypeId = input.groupType && (await resolveGroupType(trx, ctx, input.groupType.publicId)).id;
  let parentId: number | null | undefined;
  // Sending the parent a group already has is not a change and needs no right.
  if (input.parent !== undefined && (input.parent?.publicId ?? null) !== group.parent_public_id) {
    assertMaySetParent(ctx);
    if (input.parent === null) parentId = null;
    else {
      await lockGroupHierarchy(trx, ctx.company.id);
      const parent = await resolveParent(trx, ctx, input.parent.publicId);
      if (await ancestryIncludes(trx, parent.id, group.id))
        throw conflict(groupsAndAssetsErrors.groupParentCycle, 'parent.publicId');
      parentId = parent.id;
    }
  }
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.color === undefined ? {} : { color: input.color }),
    ...(groupTypeId === undefined ? {} : { groupTypeId }),
    ...(parentId === undefined ? {} : { parentId }),
  };
  if (Object.keys(changes).length > 0) await updateGroup(trx, group.id, changes);
  return findGroupView(trx, ctx.company.id, group.id);
}

export async function removeGroup(trx: Db, _ctx: MutationContext, group: GroupView) {
  if (await hasSubgroups(trx, group.id)) throw conflict(groupsAndAssetsErrors.groupHasSubgroups);
  await deleteGroup(trx, group.id);
}
