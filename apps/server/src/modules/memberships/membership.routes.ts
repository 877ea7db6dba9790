import { limits, membershipPatchInput, membershipUserPutInput } from '@fleetgate/contracts';
import { z } from 'zod';
import type { Api } from '../../http/api.ts';
import { ApiError, badRequest, notFound, parseEach, parseInput } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { registerResource } from '../../http/resource.ts';
import type { SendInvites } from '../invites/invite.sender.ts';
import {
  findMembershipOfUser,
  findMembershipsByPublicIds,
  listMemberships,
} from './membership.repository.ts';
import { membershipFields, membershipFilters, presentMembership } from './membership.presenter.ts';
import { removeMemberships } from './membership-removal.service.ts';
import { changeMembership, replaceUserMembership } from './membership.service.ts';

const removalItem = z.strictObject({ publicId: z.string().regex(publicIdPattern) });

export function registerMembershipRoutes(api: Api, sendInvites: SendInvites) {
  // Reading and changing roles and access categories; joining and leaving have their own rules below.
  registerResource(api, {
    name: 'UserMembership',
    read: 'users.invite',
    write: 'users.invite',
    fields: membershipFields,
    filters: membershipFilters,
    repository: { list: listMemberships, findByPublicIds: findMembershipsByPublicIds },
    present: presentMembership,
    update: { schema: membershipPatchInput, run: changeMembership },
    changesAccess: true,
  });

  // Asking for someone's membership sends them an invitation: 202, because the membership
  // exists only once they accept it. The answer is the invitation, the same one
  // `POST UserInviteList` gives, whether or not the address has an account.
  api.route({
    rel: 'UserMembershipList',
    method: 'POST',
    access: 'company',
    handler: async (ctx) => {
      const { invites, many } = await sendInvites(ctx);
      return { type: 'UserInviteList', data: many ? invites : invites[0], status: 202 };
    },
  });

  api.route({
    rel: 'UserMembership',
    method: 'DELETE',
    item: true,
    access: 'company',
    handler: async (ctx) => {
      const mctx = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
      const [data] = await removeMemberships(ctx.db, mctx, [ctx.publicId], false);
      api.applyAccessChange({ all: true });
      return { type: 'UserMembership', data };
    },
  });

  api.route({
    rel: 'UserMembershipList',
    method: 'DELETE',
    access: 'company',
    handler: async (ctx) => {
      if (!Array.isArray(ctx.body)) throw badRequest('Expected a list of objects with publicId');
      if (ctx.body.length === 0) throw badRequest('The list is empty');
      if (ctx.body.length > limits.pageSizeMax)
        throw badRequest(`At most ${limits.pageSizeMax} items at once`);
      const publicIds = parseEach(removalItem, ctx.body as unknown[], true).map((item) => item.publicId);
      const duplicate = publicIds.findIndex((id, index) => publicIds.indexOf(id) !== index);
      if (duplicate >= 0) {
        throw new ApiError(400, [{ message: 'Duplicate', propertyName: 'publicId', listIndex: duplicate }]);
      }
      const mctx = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
      const data = await removeMemberships(ctx.db, mctx, publicIds, true);
      api.applyAccessChange({ all: true });
      return { type: 'UserMembershipList', data };
    },
  });

  // Every member finds their own membership here (to leave the company), whatever their rights.
  api.route({
    rel: 'MyUserMembership',
    method: 'GET',
    access: 'company',
    handler: async (ctx) => {
      const membership = await findMembershipOfUser(ctx.db, ctx.company.id, ctx.user.id);
      if (!membership) throw notFound();
      return { type: 'MyUserMembership', data: presentMembership(membership) };
    },
  });

  api.route({
    rel: 'UserMembershipUserList',
    method: 'PUT',
    item: true,
    access: 'company',
    capability: 'users.invite',
    doc: { summary: "Replace the user's memberships", body: membershipUserPutInput },
    handler: async (ctx) => {
      const input = parseInput(membershipUserPutInput, ctx.body);
      const mctx = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
      const data = await replaceUserMembership(ctx.db, mctx, ctx.publicId, input);
      api.applyAccessChange({ all: true });
      return { type: 'UserMembershipUserList', data };
    },
  });
}
