import { errorMessages } from '@fleetgate/contracts';
import type { z } from 'zod';
import type { roleCreateInput, rolePatchInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { RoleRow } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { deleteRole, insertRole, roleHasMembers, roleNameTaken, updateRole } from './role.repository.ts';

export async function createRole(trx: Db, ctx: MutationContext, input: z.output<typeof roleCreateInput>) {
  if (await roleNameTaken(trx, ctx.company.id, input.name)) throw conflict(errorMessages.nameInUse, 'name');
  return insertRole(trx, ctx.company.id, input);
}

export async function changeRole(
  trx: Db,
  ctx: MutationContext,
  role: RoleRow,
  input: z.output<typeof rolePatchInput>,
) {
  // The administrator role always holds every capability; renaming or narrowing it could lock a company out.
  if (role.built_in) throw conflict(errorMessages.builtInRole);
  if (input.name !== undefined && (await roleNameTaken(trx, ctx.company.id, input.name, role.id))) {
    throw conflict(errorMessages.nameInUse, 'name');
  }
  return updateRole(trx, role.id, input);
}

export async function removeRole(trx: Db, _ctx: MutationContext, role: RoleRow) {
  if (role.built_in) throw conflict(errorMessages.builtInRole);
  if (await roleHasMembers(trx, role.id)) throw conflict(errorMessages.roleInUse);
  await deleteRole(trx, role.id);
}
