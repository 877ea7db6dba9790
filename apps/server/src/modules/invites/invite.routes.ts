import { inviteCreateInput, inviteFinishInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import { registerResource } from '../../http/resource.ts';
import { inviteFields, inviteFilters, presentInvite } from './invite.presenter.ts';
import { deleteInvite, findInvitesByPublicIds, listInvites } from './invite.repository.ts';
import type { SendInvites } from './invite.sender.ts';
import { finishInvite, listMyInvites, rejectInvite } from './invite.service.ts';

export function registerInviteRoutes(api: Api, sendInvites: SendInvites) {
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
      const { invites, many } = await sendInvites(ctx);
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
