import { z } from 'zod';
import { errorMessages } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, conflict } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import {
  countAdministrators,
  deleteMembership,
  findMembershipsByPublicIds,
  findRoleOfCompany,
  setMembershipRole,
  type MembershipView,
} from './membership.repository.ts';

export const membershipPatchInput = z.strictObject({
  role: z.strictObject({ publicId: z.string().regex(publicIdPattern) }),
});

/** Changes a member's role; the last administrator of a company cannot be demoted. */
export async function changeMembershipRole(
  trx: Db,
  ctx: MutationContext,
  membership: MembershipView,
  input: z.output<typeof membershipPatchInput>,
) {
  const role = await findRoleOfCompany(trx, ctx.company.id, input.role.publicId);
  if (!role) throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'role.publicId' }]);
  if (membership.role_built_in && !role.built_in) await assertNotLastAdministrator(trx, ctx.company.id);
  await setMembershipRole(trx, membership.id, role.id);
  const [updated] = await findMembershipsByPublicIds(trx, ctx.company.id, [membership.public_id]);
  return updated!;
}

/** Removes a user from the company; the last administrator cannot be removed. */
export async function removeMembership(trx: Db, ctx: MutationContext, membership: MembershipView) {
  if (membership.role_built_in) await assertNotLastAdministrator(trx, ctx.company.id);
  await deleteMembership(trx, membership.id);
}

async function assertNotLastAdministrator(trx: Db, companyId: number) {
  if ((await countAdministrators(trx, companyId)) <= 1) throw conflict(errorMessages.lastAdministrator);
}
