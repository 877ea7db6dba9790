import { brandingErrorMessages } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { fieldsParameter } from '../../http/route-doc.ts';
import { brandingFields } from '../branding/branding.presenter.ts';
import { readMySector } from './sector.service.ts';

export const sectorFields = { publicId: true, name: true, branding: brandingFields } as const;

/** `GET MySector` (`/api/sectors/me`): the white-label partner of the company acted in. */
export function registerSectorRoutes(api: Api) {
  api.route({
    rel: 'MySector',
    method: 'GET',
    path: '/api/sectors/me',
    access: 'company',
    doc: {
      summary: "The sector (white-label partner) of the company acted in, with the sector's branding",
      query: [fieldsParameter],
      response: { type: 'MySector', fields: sectorFields },
    },
    handler: async (ctx) => {
      const raw = ctx.query.fields;
      if (raw !== undefined && typeof raw !== 'string')
        throw badRequest('Give fields once, as a comma-separated list', 'fields');
      const selection = raw === undefined ? selectAll : parseFields(raw, sectorFields);
      const sector = await readMySector(ctx.db, ctx.company.id);
      if (!sector) throw new ApiError(404, brandingErrorMessages.sectorNotFound);
      return { type: 'MySector', data: project(sector, selection) };
    },
  });
}
