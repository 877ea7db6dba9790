import { membershipCreateInput, membershipPatchInput, membershipUserPutInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import { registerResource } from '../../http/resource.ts';
import { findMembershipsByPublicIds, listMemberships } from './membership.repository.ts';
import { membershipFields, membershipFilters, presentMembership } from './membership.presenter.ts';
import {
  changeMembership,
  createMembership,
  removeMembership,
  replaceUserMembership,
} from './membership.service.ts';

export function registerMembershipRoutes(api: Api) {
  registerResource(api, {
    name: 'UserMembership',
    read: 'users.invite',
    write: 'users.invite',
    fields: membershipFields,
    filters: membershipFilters,
    repository: { list: listMemberships, findByPublicIds: findMembershipsByPublicIds },
    present: presentMembership,
    create: { schema: membershipCreateInput, run: createMembership },
    update: { schema: membershipPatchInput, run: changeMembership },
    changesAccess: true,
    remove: { run: removeMembership },
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
