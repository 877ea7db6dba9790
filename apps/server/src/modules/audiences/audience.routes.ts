import { audienceCreateInput, audiencePatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import { audienceFields, audienceFilters, presentAudience } from './audience.presenter.ts';
import { findAudiencesByPublicIds, listAudiences } from './audience.repository.ts';
import { changeAudience, createAudience, removeAudience, setAudienceDefault } from './audience.service.ts';

/**
 * Access categories ("audiences" in data). Every member may read them (user managers assign
 * them to members); the roles right covers changing them.
 */
export function registerAudienceRoutes(api: Api, _deps: ModuleDeps) {
  registerResource(api, {
    name: 'Audience',
    read: null,
    write: 'roles.manage',
    fields: audienceFields,
    filters: audienceFilters,
    repository: { list: listAudiences, findByPublicIds: findAudiencesByPublicIds },
    present: presentAudience,
    create: { schema: audienceCreateInput, run: createAudience },
    update: { schema: audiencePatchInput, run: changeAudience },
    remove: { run: removeAudience },
  });

  for (const [method, isDefault] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      rel: 'AudienceDefault',
      method,
      item: true,
      access: 'company',
      capability: 'roles.manage',
      doc: { summary: `${isDefault ? 'Make' : 'Stop making'} the audience a default for new members` },
      handler: async (ctx) => ({
        type: 'AudienceDefault',
        data: await setAudienceDefault(
          ctx.db,
          { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress },
          ctx.publicId,
          isDefault,
        ),
      }),
    });
  }
}
