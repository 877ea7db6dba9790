import {
  errorMessages,
  inviteExpiryDays,
  userErrorMessages,
  type InviteCreateInput,
  type UserInvite,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { invitationMail } from '../../mail/invitation-mail.ts';
import type { Mail } from '../../mail/mailer.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { addMember, findGrantableRole } from '../memberships/membership.service.ts';
import { presentMembership } from '../memberships/membership.presenter.ts';
import { sendMessage } from '../messages/message.service.ts';
import { presentInvite, presentMyInvite } from './invite.presenter.ts';
import {
  deleteInvite,
  findInviteOfAddress,
  findInvitesByPublicIds,
  findPendingInviteOf,
  insertInvite,
  isMemberByAddress,
  listOpenInvitesOfAddress,
  messageAccountOfAddress,
  renewInvite,
  secondsUntilResend,
} from './invite.repository.ts';
import { inviteResendSeconds, tooManyInvitations } from './invite.limiter.ts';
import { runInTransaction } from '../../db/transaction.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Invites addresses into the company, all or none. Inviting an address that already has a
 * pending invite renews it (new role, new expiry, the e-mail is sent again). Returns the
 * invites and the e-mails to send once the transaction has committed.
 */
export async function inviteUsers(
  db: Db,
  ctx: MutationContext,
  inputs: InviteCreateInput[],
  acceptUrl: string,
  many: boolean,
): Promise<{ invites: UserInvite[]; mails: Mail[] }> {
  const seen = new Map<string, number>();
  inputs.forEach((input, index) => {
    const key = input.emailAddress.toLowerCase();
    if (seen.has(key))
      throw new ApiError(400, [
        {
          message: errorMessages.duplicate,
          propertyName: 'emailAddress',
          ...(many ? { listIndex: index } : {}),
        },
      ]);
    seen.set(key, index);
  });
  return runInTransaction(db, async (trx) => {
    const invites: UserInvite[] = [];
    const mails: Mail[] = [];
    for (const [index, input] of inputs.entries()) {
      try {
        const { invite, mail } = await inviteOne(trx, ctx, input, acceptUrl);
        invites.push(invite);
        mails.push(mail);
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
    return { invites, mails };
  });
}

/**
 * Creates or renews one invite. Whether or not the address has an account, the answer is the
 * same (the invitation object) and so are the statements run: only the invitee's inbox differs.
 */
async function inviteOne(trx: Db, ctx: MutationContext, input: InviteCreateInput, acceptUrl: string) {
  const companyId = ctx.company.id;
  const role = await findGrantableRole(trx, ctx.company, input.role);

  // The row lock serialises parallel invites of one address; the renewal or the unique index
  // lets exactly one of them send within the resend interval.
  const expiresOn = new Date(Date.now() + inviteExpiryDays * dayMs);
  const pending = await findPendingInviteOf(trx, companyId, input.emailAddress);
  const changes = { emailAddress: input.emailAddress, roleId: role.id, invitedBy: ctx.user.id, expiresOn };
  const publicId = pending
    ? (await renewInvite(trx, pending.id, changes, inviteResendSeconds)) && pending.public_id
    : (await insertInvite(trx, { companyId, ...changes }))?.public_id;
  if (!publicId) {
    throw tooManyInvitations(
      await secondsUntilResend(trx, companyId, input.emailAddress, inviteResendSeconds),
    );
  }

  if (await isMemberByAddress(trx, companyId, input.emailAddress)) {
    throw conflict(userErrorMessages.alreadyMember, 'emailAddress');
  }
  const [row] = await findInvitesByPublicIds(trx, companyId, [publicId]);
  const invite = presentInvite(row!);
  await writeAudit(trx, {
    companyId,
    actorUserId: ctx.user.id,
    action: pending ? 'UPDATE' : 'CREATE',
    rel: 'UserInvite',
    publicId,
    before: pending ? presentInvite(pending) : undefined,
    after: invite,
    clientAddress: ctx.clientAddress,
  });

  const names = { companyName: ctx.company.name, roleName: role.name, inviterName: ctx.user.name };
  await messageAccountOfAddress(trx, {
    companyId,
    emailAddress: input.emailAddress,
    subject: `Invitation to join ${names.companyName}`,
    body: `${names.inviterName} invited you to join ${names.companyName} as ${names.roleName}. Accept or reject the invitation on your companies page (Switch company).`,
  });
  const mail = invitationMail({ to: input.emailAddress, ...names, acceptUrl, expiresOn });
  return { invite, mail };
}

/** The invites addressed to the signed-in user that can still be accepted. */
export async function listMyInvites(db: Db, user: AuthenticatedUser) {
  const rows = await listOpenInvitesOfAddress(db, user.emailAddress, new Date());
  return rows.map(presentMyInvite);
}

/** Rejects (deletes) an invite addressed to the user; other addresses' invites are not found. */
export async function rejectInvite(db: Db, user: AuthenticatedUser, publicId: string, clientAddress: string) {
  return runInTransaction(db, async (trx) => {
    const invite = await findInviteOfAddress(trx, user.emailAddress, publicId);
    if (!invite) throw notFound();
    await deleteInvite(trx, invite.id);
    await writeAudit(trx, {
      companyId: invite.company_id,
      actorUserId: user.id,
      action: 'DELETE',
      rel: 'MyUserInvite',
      publicId,
      before: presentMyInvite(invite),
      clientAddress,
    });
    return { publicId };
  });
}

/**
 * Accepts an invite: the user becomes a member with the invite's role (and the company's
 * default access category), the invite is used up and the inviter is told.
 */
export async function finishInvite(
  db: Db,
  user: AuthenticatedUser,
  publicId: string,
  termsOfUsePolicy: { publicId: string } | undefined,
  clientAddress: string,
) {
  return runInTransaction(db, async (trx) => {
    const invite = await findInviteOfAddress(trx, user.emailAddress, publicId);
    if (!invite) throw notFound();
    if (invite.expires_on <= new Date()) throw conflict(userErrorMessages.inviteExpired);
    const membership = presentMembership(
      await addMember(trx, invite.company_id, { userId: user.id, roleId: invite.role_id }),
    );
    await deleteInvite(trx, invite.id);
    const audit = { companyId: invite.company_id, actorUserId: user.id, clientAddress };
    await writeAudit(trx, {
      ...audit,
      action: 'CREATE',
      rel: 'UserMembership',
      publicId: membership.publicId,
      after: membership,
    });
    await writeAudit(trx, {
      ...audit,
      action: 'CREATE',
      rel: 'InviteFinish',
      publicId,
      before: presentMyInvite(invite),
      after: { membership: { publicId: membership.publicId }, termsOfUsePolicy: termsOfUsePolicy ?? null },
    });
    if (invite.invited_by_user_id !== null && invite.invited_by_user_id !== user.id) {
      await sendMessage(trx, {
        userId: invite.invited_by_user_id,
        companyId: invite.company_id,
        subject: `${user.name} joined ${invite.company_name}`,
        body: `${user.name} (${user.emailAddress}) accepted your invitation and joined ${invite.company_name} as ${invite.role_name}.`,
      });
    }
    await publishAccessChange(trx, { userId: user.id });
    return {
      publicId,
      company: { publicId: invite.company_public_id, name: invite.company_name },
      role: membership.role,
      membership: { publicId: membership.publicId },
    };
  });
}
