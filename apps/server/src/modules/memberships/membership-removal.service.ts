import type { Db } from '../../db/client.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { deleteMembership, findMembershipsByPublicIds } from './membership.repository.ts';
import { presentMembership } from './membership.presenter.ts';
import { assertMayGrant, assertNotLastAdministrator } from './membership.service.ts';
import { runInTransaction } from '../../db/transaction.ts';

/**
 * `DELETE UserMembership/{publicId}` and its bulk form, all or none. Anyone may leave: their
 * own membership needs no right, whatever role they were given, so nobody can be held in a
 * company. Removing someone else needs the users right and every right of their role. The
 * last administrator can neither leave nor be removed.
 */
export async function removeMemberships(
  db: Db,
  ctx: MutationContext,
  publicIds: string[],
  many: boolean,
): Promise<{ publicId: string }[]> {
  return runInTransaction(db, async (trx) => {
    const removed: { publicId: string }[] = [];
    for (const [index, publicId] of publicIds.entries()) {
      try {
        removed.push(await removeOne(trx, ctx, publicId));
      } catch (error) {
        if (many && error instanceof ApiError) {
          throw new ApiError(
            error.status,
            error.items.map((item) => ({ ...item, listIndex: item.listIndex ?? index })),
            error.headers,
          );
        }
        throw error;
      }
    }
    await publishAccessChange(trx, { all: true });
    return removed;
  });
}

async function removeOne(trx: Db, ctx: MutationContext, publicId: string) {
  const [membership] = await findMembershipsByPublicIds(trx, ctx.company.id, [publicId], true);
  const own = membership !== undefined && membership.user_id === ctx.user.id;
  // Without the users right every other publicId is refused alike, so members cannot probe them.
  if (!own && !ctx.company.capabilities.has('users.invite')) throw forbidden();
  if (!membership) throw notFound();
  if (!own) {
    assertMayGrant(ctx.company, {
      built_in: membership.role_built_in,
      capabilities: membership.role_capabilities,
    });
  }
  if (membership.role_built_in) await assertNotLastAdministrator(trx, ctx.company.id, membership.id);
  await deleteMembership(trx, membership.id);
  await writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action: 'DELETE',
    rel: 'UserMembership',
    publicId,
    before: presentMembership(membership),
    clientAddress: ctx.clientAddress,
  });
  return { publicId };
}
