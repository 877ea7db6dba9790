import type { z } from 'zod';
import {
  errorMessages,
  generatedColor,
  groupsAndAssetsErrors,
  type groupTypeCreateInput,
  type groupTypePatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { GroupTypeRow } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { OrderedTypeRules } from '../ordered-types/ordered-type.service.ts';
import {
  deleteGroupType,
  groupTypeInUse,
  insertGroupType,
  updateGroupType,
} from './group-type.repository.ts';

const rules = new OrderedTypeRules({
  table: 'group_types',
  inUse: groupTypeInUse,
  messages: {
    inUse: groupsAndAssetsErrors.cannotDeleteGroupType,
    last: groupsAndAssetsErrors.cannotDeleteLastGroupType,
  },
});

// The colour of a group type is part of managing subgroups: only users with that right see
// the colour input, must fill it in when creating, and may change it.
function canSetColor(ctx: MutationContext) {
  return ctx.company.capabilities.has('subgroups.manage');
}

function colorRefused() {
  return new ApiError(403, [{ message: errorMessages.forbidden, propertyName: 'color' }]);
}

export async function createGroupType(
  trx: Db,
  ctx: MutationContext,
  input: z.output<typeof groupTypeCreateInput>,
) {
  if (input.color !== undefined && !canSetColor(ctx)) throw colorRefused();
  if (input.color === undefined && canSetColor(ctx))
    throw new ApiError(400, [{ message: errorMessages.required, propertyName: 'color' }]);
  const { order } = await rules.prepareCreate(trx, ctx.company.id, input.name);
  const publicId = newPublicId();
  const color = input.color ?? generatedColor(publicId);
  return insertGroupType(trx, ctx.company.id, { publicId, name: input.name, color, order });
}

export async function changeGroupType(
  trx: Db,
  ctx: MutationContext,
  row: GroupTypeRow,
  input: z.output<typeof groupTypePatchInput>,
) {
  if (input.color !== undefined && !canSetColor(ctx)) throw colorRefused();
  await rules.prepareUpdate(trx, ctx.company.id, row, input.name);
  return updateGroupType(trx, row.id, input);
}

export async function removeGroupType(trx: Db, ctx: MutationContext, row: GroupTypeRow) {
  await rules.assertRemovable(trx, ctx.company.id, row);
  await deleteGroupType(trx, row.id);
}
