import type { Api } from '../../http/api.ts';
import { badRequest } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import { registerResource } from '../../http/resource.ts';
import { listParameters } from '../../http/route-doc.ts';
import {
  companySignInEventFilters,
  mySignInEventFilters,
  presentCompanySignInEvent,
  presentMySignInEvent,
  signInEventFields,
} from './sign-in-event.presenter.ts';
import {
  findCompanySignInEventsByPublicIds,
  listCompanySignInEvents,
  listMySignInEvents,
} from './sign-in-event.repository.ts';

/**
 * The sign-in history: `GET MySignInEventList` shows the signed-in user their own, and
 * `GET SignInEventList` shows company auditors those of the company's current members. Both
 * are read-only: the sign-in flows write the entries themselves.
 */
export function registerSignInEventRoutes(api: Api) {
  api.route({
    rel: 'MySignInEventList',
    method: 'GET',
    access: 'user',
    doc: {
      summary: "The signed-in user's sign-in history, newest first",
      query: listParameters(mySignInEventFilters),
      response: { type: 'MySignInEventList', fields: signInEventFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const { fields, filters } = ctx.query;
      if (fields !== undefined && typeof fields !== 'string')
        throw badRequest('Give fields once, as a comma-separated list', 'fields');
      const selection = fields === undefined ? selectAll : parseFields(fields, signInEventFields);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const where = parseFilterParams(
        (Array.isArray(filters) ? filters : [filters]).filter((f): f is string => typeof f === 'string'),
        mySignInEventFilters,
      );
      const rows = await listMySignInEvents(ctx.db, ctx.user.id, {
        where,
        after: paging.after,
        limit: paging.size + 1,
      });
      const page = pageOf(rows, paging.size);
      return {
        type: 'MySignInEventList',
        // Every object carries its publicId, whatever `fields` selects.
        data: page.rows.map((row) => ({
          publicId: row.public_id,
          ...(project(presentMySignInEvent(row), selection) as object),
        })),
        moreAfter: page.moreAfter,
      };
    },
  });

  registerResource(api, {
    name: 'SignInEvent',
    read: 'auditLogs.use',
    newestFirst: true,
    fields: signInEventFields,
    filters: companySignInEventFilters,
    repository: { list: listCompanySignInEvents, findByPublicIds: findCompanySignInEventsByPublicIds },
    present: presentCompanySignInEvent,
  });
}
