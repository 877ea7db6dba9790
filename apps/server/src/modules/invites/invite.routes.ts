import { inviteCreateInput, inviteFinishInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { badRequest, forbidden, parseEach, parseInput } from '../../http/errors.ts';
import { registerResource } from '../../http/resource.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { ModuleDeps } from '../index.ts';
import { inviteFields, inviteFilters, presentInvite } from './invite.presenter.ts';
import { deleteInvite, findInvitesByPublicIds, listInvites } from './invite.repository.ts';
import { finishInvite, inviteUsers, listMyInvites, rejectInvite } from './invite.service.ts';

const maxInvitesAtOnce = 100;

export function registerInviteRoutes(api: Api, deps: ModuleDeps) {
  const mailer = createMailer(deps.config);

  // GET UserInviteList, GET UserInvite/{publicId}, DELETE UserInvite/{publicId} (cancel) and its bulk form.
  registerResource(api, {
    name: 'UserInvite',
    read: 'users.invite',
    write: 'users.invite',
    fields: inviteFields,
    filters: inviteFilters,
    repository: { list: listInvites, findByPublicIds: findInvitesByPublicIds },
    present: (row) => presentInvite(row),
    remove: { run: (trx, _ctx, row) => deleteInvite(trx, row.id) },
  });

  api.route({
    rel: 'UserInviteList',
    method: 'POST',
    access: 'company',
    doc: {
      summary: 'Invite users by e-mail address',
      body: inviteCreateInput,
      bodyShape: 'oneOrList',
      status: 201,
    },
    handler: async (ctx) => {
      if (!ctx.company.capabilities.has('users.invite')) throw forbidden();
      const many = Array.isArray(ctx.body);
      const items = many ? (ctx.body as unknown[]) : [ctx.body];
      if (items.length === 0) throw badRequest('The list is empty');
      if (items.length > maxInvitesAtOnce) throw badRequest(`At most ${maxInvitesAtOnce} items at once`);
      const inputs = parseEach(inviteCreateInput, items, many);
      const origin = deps.config.publicUrl ?? `${ctx.request.protocol}://${ctx.request.host}`;
      const mctx = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
      const { invites, mails } = await inviteUsers(ctx.db, mctx, inputs, `${origin}/my-companies`, many);
      // Sent after the commit: a rolled-back invite never mails anyone. A failed mail leaves the
      // invite in place (the invitee still sees it on the companies page); inviting again resends it.
      for (const mail of mails) {
        await mailer.send(mail).catch((error: unknown) => {
          deps.log.error(
            { err: error, to: mail.to },
            `invitation e-mail could not be sent (${mailer.destination})`,
          );
        });
      }
      return { type: 'UserInviteList', data: many ? invites : invites[0], status: 201 };
    },
  });

  api.route({
    rel: 'MyUserInviteList',
    method: 'GET',
    access: 'user',
    doc: { summary: 'Invitations waiting for the user' },
    handler: async (ctx) => ({
      type: 'MyUserInviteList',
      data: await listMyInvites(ctx.db, ctx.user),
      moreAfter: null,
    }),
  });

  api.route({
    rel: 'MyUserInvite',
    method: 'DELETE',
    item: true,
    access: 'user',
    doc: { summary: 'Reject an invitation' },
    handler: async (ctx) => ({
      type: 'MyUserInvite',
      data: await rejectInvite(ctx.db, ctx.user, ctx.publicId, ctx.clientAddress),
    }),
  });

  api.route({
    rel: 'InviteFinish',
    method: 'POST',
    item: true,
    access: 'user',
    doc: { summary: 'Accept an invitation', body: inviteFinishInput, bodyOptional: true },
    handler: async (ctx) => {
      const input = parseInput(inviteFinishInput, ctx.body ?? {});
      const data = await finishInvite(
        ctx.db,
        ctx.user,
        ctx.publicId,
        input.termsOfUsePolicy,
        ctx.clientAddress,
      );
      api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'InviteFinish', data };
    },
  });
}
