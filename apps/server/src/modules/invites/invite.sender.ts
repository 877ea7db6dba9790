import type { FastifyBaseLogger } from 'fastify';
import { inviteCreateInput, type UserInvite } from '@fleetgate/contracts';
import type { Config } from '../../config.ts';
import { headerValue, type ApiContext } from '../../http/api.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { badRequest, forbidden, parseEach } from '../../http/errors.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { InviteLimiter } from './invite.limiter.ts';
import { inviteUsers } from './invite.service.ts';

const maxInvitesAtOnce = 100;

export type InviteSenderDeps = {
  config: Parameters<typeof createMailer>[0] & Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
  inviteLimiter: InviteLimiter;
};

/** Invites one address (an object) or several (a list) into the company acted in. */
export type SendInvites = (ctx: ApiContext<'company'>) => Promise<{ invites: UserInvite[]; many: boolean }>;

/**
 * The one way into a company for someone else: `POST UserInviteList` and `POST
 * UserMembershipList` both come here. The hourly budgets are taken before any lookup or mail.
 */
export function createInviteSender(deps: InviteSenderDeps): SendInvites {
  const mailer = createMailer(deps.config);
  return async (ctx) => {
    if (!ctx.company.capabilities.has('users.invite')) throw forbidden();
    const many = Array.isArray(ctx.body);
    const items = many ? (ctx.body as unknown[]) : [ctx.body];
    if (items.length === 0) throw badRequest('The list is empty');
    if (items.length > maxInvitesAtOnce) throw badRequest(`At most ${maxInvitesAtOnce} items at once`);
    const inputs = parseEach(inviteCreateInput, items, many);
    await deps.inviteLimiter.consume(ctx.user.id, ctx.company.id, inputs.length);

    const mctx = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
    // For invitees who have chosen no language: the inviter's, as chosen or as their browser asks.
    const inviterLanguage =
      ctx.user.language ?? requestLanguage(headerValue(ctx.request, 'accept-language')) ?? 'en';
    const { invites, mails } = await inviteUsers(
      ctx.db,
      mctx,
      inputs,
      `${deps.config.publicUrl}/my-companies`,
      many,
      inviterLanguage,
    );
    // Sent after the commit: a rolled-back invite never mails anyone. A failed mail leaves the
    // invite in place (the invitee still sees it on the companies page); inviting again once the resend
    // interval has passed sends it again.
    for (const mail of mails) {
      await mailer.send(mail).catch((error: unknown) => {
        deps.log.error(
          { err: error, to: mail.to },
          `invitation e-mail could not be sent (${mailer.destination})`,
        );
      });
    }
    return { invites, many };
  };
}
