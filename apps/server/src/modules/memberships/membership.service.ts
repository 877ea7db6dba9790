import {
  errorMessages,
  temporaryAccessErrors,
  userErrorMessages,
  type MembershipPatchInput,
  type membershipUserPutInput,
} from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { roleCapabilities, type CompanyContext } from '../../auth/context.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { findAudienceOfCompany, findDefaultAudienceId } from '../audiences/audience.repository.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { parseExpiresOn } from './temporary-access.service.ts';
import {
  countPermanentAdministrators,
  deleteEndedMembership,
  findMembershipsByPublicIds,
  findMembershipsByUserPublicIds,
  findRoleOfCompany,
  insertMembershipWithAudience,
  isMember,
  setMembershipAudience,
  setMembershipExpiry,
  setMembershipRole,
  type MembershipView,
} from './membership.repository.ts';
import { presentMembership } from './membership.presenter.ts';
import { runInTransaction } from '../../db/transaction.ts';

type Ref = { publicId: string };

const notFoundAt = (propertyName: string) =>
  new ApiError(404, [{ message: errorMessages.notFound, propertyName }]);

/** Whether the actor holds every right of the role, so may give it to someone or take it away. */
export function mayGrant(
  company: CompanyContext,
  role: { built_in: boolean; capabilities: string[] },
): boolean {
  return [...roleCapabilities(role.built_in, role.capabilities)].every((c) => company.capabilities.has(c));
}

export function assertMayGrant(
  company: CompanyContext,
  role: { built_in: boolean; capabilities: string[] },
  propertyName?: string,
) {
  if (!mayGrant(company, role)) {
    throw new ApiError(403, [
      { message: userErrorMessages.roleAboveActor, ...(propertyName ? { propertyName } : {}) },
    ]);
  }
}

/** A role of the company that the actor may assign; another company's role is not found. */
export async function findGrantableRole(
  trx: Db,
  company: CompanyContext,
  ref: Ref,
  propertyName = 'role.publicId',
) {
  const role = await findRoleOfCompany(trx, company.id, ref.publicId);
  if (!role) throw notFoundAt(propertyName);
  assertMayGrant(company, role, propertyName);
  return role;
}

/** `undefined` leaves the access category as it is, `null` clears it, a reference must be the company's. */
async function audienceIdOf(trx: Db, companyId: number, ref: Ref | null | undefined) {
  if (ref === undefined || ref === null) return ref;
  const audience = await findAudienceOfCompany(trx, companyId, ref.publicId);
  if (!audience) throw notFoundAt('audience.publicId');
  return audience.id;
}

/**
 * Makes a user a member with a role; without an explicit access category the company's
 * default one applies. A user who already belongs to the company is a conflict. Only an
 * accepted invitation (InviteFinish) and creating a company lead here: nobody is made a
 * member of a company without saying yes.
 */
export async function addMember(
  trx: Db,
  companyId: number,
  member: { userId: number; roleId: number; audienceId?: number | null | undefined },
  propertyName?: string,
): Promise<MembershipView> {
  await deleteEndedMembership(trx, companyId, member.userId);
  if (await isMember(trx, companyId, member.userId)) {
    throw new ApiError(409, [
      { message: userErrorMessages.alreadyMember, ...(propertyName ? { propertyName } : {}) },
    ]);
  }
  const audienceId =
    member.audienceId === undefined ? await findDefaultAudienceId(trx, companyId) : member.audienceId;
  const inserted = await insertMembershipWithAudience(trx, { companyId, ...member, audienceId });
  const [view] = await findMembershipsByPublicIds(trx, companyId, [inserted.public_id]);
  return view!;
}

/**
 * Changes a member's role, access category and end of access. The company keeps at least one
 * administrator whose access does not end: that one cannot be demoted or given an end.
 */
export async function changeMembership(
  trx: Db,
  ctx: MutationContext,
  membership: MembershipView,
  input: MembershipPatchInput,
) {
  // A member whose role holds rights the actor lacks is out of the actor's reach.
  assertMayGrant(ctx.company, {
    built_in: membership.role_built_in,
    capabilities: membership.role_capabilities,
  });
  const expiresOn = parseExpiresOn(input.expiresOn);
  // Whoever was given access for a while cannot make it last: the end of one's own access is
  // for another member to change.
  if (expiresOn !== undefined && membership.user_id === ctx.user.id)
    throw new ApiError(403, [{ message: temporaryAccessErrors.ownExpiry, propertyName: 'expiresOn' }]);
  let administrator = membership.role_built_in;
  if (input.role !== undefined) {
    const role = await findGrantableRole(trx, ctx.company, input.role);
    if (membership.role_built_in && !role.built_in)
      await assertNotLastAdministrator(trx, ctx.company.id, membership.id);
    administrator = role.built_in;
    await setMembershipRole(trx, membership.id, role.id);
  }
  if (expiresOn !== undefined) {
    if (administrator && expiresOn !== null)
      await assertNotLastAdministrator(trx, ctx.company.id, membership.id);
    await setMembershipExpiry(trx, membership.id, expiresOn);
  }
  const audienceId = await audienceIdOf(trx, ctx.company.id, input.audience);
  if (audienceId !== undefined) await setMembershipAudience(trx, membership.id, audienceId);
  const [updated] = await findMembershipsByPublicIds(trx, ctx.company.id, [membership.public_id]);
  return updated!;
}

/**
 * `PUT UserMembershipUserList/{userPublicId}`: replaces the role (and, when given, the access
 * category) of that user in this company, audited in one transaction.
 */
export async function replaceUserMembership(
  db: Db,
  ctx: MutationContext,
  userPublicId: string,
  input: z.output<typeof membershipUserPutInput>,
) {
  return runInTransaction(db, async (trx) => {
    const [membership] = await findMembershipsByUserPublicIds(trx, ctx.company.id, [userPublicId], true);
    if (!membership) throw notFound();
    const before = presentMembership(membership);
    const after = presentMembership(await changeMembership(trx, ctx, membership, input));
    await writeAudit(trx, {
      companyId: ctx.company.id,
      actorUserId: ctx.user.id,
      action: 'UPDATE',
      rel: 'UserMembership',
      publicId: membership.public_id,
      before,
      after,
      clientAddress: ctx.clientAddress,
    });
    await publishAccessChange(trx, { all: true });
    return after;
  });
}

/** Another administrator whose access does not end must remain besides this membership. */
export async function assertNotLastAdministrator(trx: Db, companyId: number, membershipId: number) {
  if ((await countPermanentAdministrators(trx, companyId, membershipId)) === 0)
    throw conflict(errorMessages.lastAdministrator);
}
