import type { Api } from '../../http/api.ts';
import { badRequest } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import { listSessions } from './access-token.repository.ts';
import { revokeTokens } from './account.service.ts';
import { presentSession, sessionFields, sessionFilters } from './session.presenter.ts';

/**
 * The signed-in user's own sessions: `GET AccessTokenList` lists them (fields, filters and
 * paging as other lists), `DELETE AccessToken/{publicId}` ends one at once. Another user's
 * token is not found. (`DELETE AccessTokenList` lives with sign-in in account.routes.ts.)
 */
export function registerSessionRoutes(api: Api) {
  api.route({
    rel: 'AccessTokenList',
    method: 'GET',
    access: 'user',
    handler: async (ctx) => {
      const { fields, filters } = ctx.query;
      if (fields !== undefined && typeof fields !== 'string')
        throw badRequest('Give fields once, as a comma-separated list', 'fields');
      const selection = fields === undefined ? selectAll : parseFields(fields, sessionFields);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const where = parseFilterParams(
        (Array.isArray(filters) ? filters : [filters]).filter((f): f is string => typeof f === 'string'),
        sessionFilters,
      );
      const rows = await listSessions(ctx.db, ctx.user.id, {
        where,
        after: paging.after,
        limit: paging.size + 1,
      });
      const page = pageOf(rows, paging.size);
      return {
        type: 'AccessTokenList',
        // Every object carries its publicId, whatever `fields` selects.
        data: page.rows.map((row) => ({
          publicId: row.public_id,
          ...(project(presentSession(row, ctx.user.tokenPublicId), selection) as object),
        })),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'AccessToken',
    method: 'DELETE',
    item: true,
    access: 'user',
    handler: async (ctx) => {
      const [data] = await revokeTokens(ctx.db, ctx.user, [ctx.publicId], ctx.clientAddress);
      // Forget the cached identity now, so the ended session is refused on its very next call.
      api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'AccessToken', data };
    },
  });
}
