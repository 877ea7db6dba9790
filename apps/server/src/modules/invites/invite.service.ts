import {
  errorMessages,
  inviteExpiryDays,
  userErrorMessages,
  uiLanguages,
  type InviteCreateInput,
  type UiLanguage,
  type UserInvite,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import { publishAccessChange } from '../../auth/auth-cache.ts';
import { ApiError, conflict, notFound } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { serverTexts } from '../../i18n/language.ts';
import { invitationMail } from '../../mail/invitation-mail.ts';
import { findLanguageByEmail, findLanguageById } from '../account/user.repository.ts';
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
import { acceptPolicyOnJoining, effectiveTermsOfUse } from '../terms/terms.service.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Invites addresses into the company, all or none. Inviting an address that already has a
 * pending invite renews it (new role, new expiry, the e-mail is sent again). Returns the
 * invites and the e-mails to send once the transaction has committed. Each invitee is written
 * to in their own language, or in `inviterLanguage` when they have chosen none (or have no
 * account yet).
 */
export async function inviteUsers(
  db: Db,
  ctx: MutationContext,
  inputs: InviteCreateInput[],
  acceptUrl: string,
  many: boolean,
  inviterLanguage: UiLanguage,
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
        const { invite, mail } = await inviteOne(trx, ctx, input, acceptUrl, inviterLanguage);
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
async function inviteOne(
  trx: Db,
  ctx: MutationContext,
  input: InviteCreateInput,
  acceptUrl: string,
  inviterLanguage: UiLanguage,
) {
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
    // The other invite was stamped with its own transaction's clock, which may read later than
    // this one's `now()`: never ask for more than the resend interval.
    const wait = await secondsUntilResend(trx, companyId, input.emailAddress, inviteResendSeconds);
    throw tooManyInvitations(Math.min(wait, inviteResendSeconds));
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
  const inboxTexts = (language: UiLanguage) => {
    const texts = serverTexts(language).messages.invitation;
    return { subject: texts.subject(names), body: texts.body(names) };
  };
  await messageAccountOfAddress(trx, {
    companyId,
    emailAddress: input.emailAddress,
    texts: Object.fromEntries(uiLanguages.map((l) => [l, inboxTexts(l)])) as Record<
      UiLanguage,
      { subject: string; body: string }
    >,
    fallback: inviterLanguage,
  });
  // Looked up whether or not the address has an account: the same statements either way.
  const language = (await findLanguageByEmail(trx, input.emailAddress)) ?? inviterLanguage;
  const mail = invitationMail({ to: input.emailAddress, ...names, acceptUrl, expiresOn, language });
  return { invite, mail };
}

/** The invites addressed to the signed-in user that can still be accepted. */
export async function listMyInvites(db: Db, user: AuthenticatedUser) {
  const rows = await listOpenInvitesOfAddress(db, user.emailAddress, new Date());
  // The invitee reads the company's terms before joining (and accepts them with InviteFinish).
  return Promise.all(
    rows.map(async (row) => ({
      ...presentMyInvite(row),
      termsOfUse: await effectiveTermsOfUse(db, row.company_id),
    })),
  );
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
    // Accepting the company's terms with the invitation: recorded (and audited) with the membership.
    const acceptance = termsOfUsePolicy
      ? await acceptPolicyOnJoining(trx, user, invite.company_id, termsOfUsePolicy.publicId, clientAddress)
      : null;
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
      const texts = serverTexts(await findLanguageById(trx, invite.invited_by_user_id)).messages
        .inviteAccepted;
      const names = {
        userName: user.name,
        emailAddress: user.emailAddress,
        companyName: invite.company_name,
        roleName: invite.role_name,
      };
      await sendMessage(trx, {
        userId: invite.invited_by_user_id,
        companyId: invite.company_id,
        subject: texts.subject(names),
        body: texts.body(names),
      });
    }
    await publishAccessChange(trx, { userId: user.id });
    return {
      publicId,
      company: { publicId: invite.company_public_id, name: invite.company_name },
      role: membership.role,
      membership: { publicId: membership.publicId },
      termsOfUseAcceptance: acceptance,
    };
  });
}
