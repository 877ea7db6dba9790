import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { limits, trustedDeviceHeader } from '@fleetgate/contracts';
import { hashSecret } from '../../auth/secrets.ts';
import { headerValue, type Api, type ApiContext } from '../../http/api.ts';
import { badRequest } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import { parseInput } from '../../http/errors.ts';
import { listParameters } from '../../http/route-doc.ts';
import { listTrustedDevices } from './trusted-device.repository.ts';
import {
  presentTrustedDevice,
  trustedDeviceFields,
  trustedDeviceFilters,
} from './trusted-device.presenter.ts';
import {
  removeAllTrustedDevices,
  removeTrustedDevice,
  removeTrustedDevices,
  type Requester,
} from './trusted-device.service.ts';

const removeInput = z
  .array(z.strictObject({ publicId: z.string().regex(publicIdPattern) }))
  .min(1)
  .max(100);

/**
 * The signed-in user's trusted browsers (those that skip the code step): list them, forget one
 * or all. Another user's entry is not found. Browsers are trusted at the code step of sign-in.
 */
export function registerTrustedDeviceRoutes(api: Api) {
  api.route({
    rel: 'TrustedDeviceList',
    method: 'GET',
    access: 'user',
    doc: {
      summary: "The signed-in user's trusted browsers; the Api-Device-Id header marks this one",
      query: listParameters(trustedDeviceFilters),
      response: { type: 'TrustedDeviceList', fields: trustedDeviceFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const { fields, filters } = ctx.query;
      if (fields !== undefined && typeof fields !== 'string')
        throw badRequest('Give fields once, as a comma-separated list', 'fields');
      const selection = fields === undefined ? selectAll : parseFields(fields, trustedDeviceFields);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const where = parseFilterParams(
        (Array.isArray(filters) ? filters : [filters]).filter((f): f is string => typeof f === 'string'),
        trustedDeviceFilters,
      );
      const rows = await listTrustedDevices(ctx.db, ctx.user.id, {
        where,
        after: paging.after,
        limit: paging.size + 1,
      });
      const page = pageOf(rows, paging.size);
      const current = currentSecretHash(ctx.request);
      return {
        type: 'TrustedDeviceList',
        data: page.rows.map((row) => ({
          publicId: row.public_id,
          ...(project(presentTrustedDevice(row, current), selection) as object),
        })),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'TrustedDevice',
    method: 'DELETE',
    item: true,
    access: 'user',
    doc: { summary: 'Forget one trusted browser: it asks for a code again' },
    handler: async (ctx) => ({
      type: 'TrustedDevice',
      data: await removeTrustedDevice(ctx.db, requester(ctx), ctx.publicId),
    }),
  });

  api.route({
    rel: 'TrustedDeviceList',
    method: 'DELETE',
    access: 'user',
    doc: {
      summary: 'Forget the listed trusted browsers ([{publicId}]), or all of them without a body',
      body: removeInput.optional(),
    },
    handler: async (ctx) => {
      const who = requester(ctx);
      if (ctx.body === undefined || ctx.body === null) {
        await removeAllTrustedDevices(ctx.db, who);
        return { type: 'TrustedDeviceList', data: [] };
      }
      const items = parseInput(removeInput, ctx.body);
      const publicIds = [...new Set(items.map((item) => item.publicId))];
      return { type: 'TrustedDeviceList', data: await removeTrustedDevices(ctx.db, who, publicIds) };
    },
  });
}

/** The hash of this browser's secret, when it sent one that could be a secret at all. */
function currentSecretHash(request: FastifyRequest): string | null {
  const secret = headerValue(request, trustedDeviceHeader.toLowerCase());
  return secret && /^[A-Za-z0-9_-]{1,200}$/.test(secret) ? hashSecret(secret) : null;
}

function requester(ctx: ApiContext<'user'>): Requester {
  return { user: ctx.user, clientAddress: ctx.clientAddress, client: clientOf(ctx.request) };
}

/** Named as the session list names clients: the Api-Application header, else the user agent. */
function clientOf(request: FastifyRequest): string | null {
  const named = headerValue(request, 'api-application') || headerValue(request, 'user-agent');
  return named ? named.slice(0, limits.nameMaxLength) : null;
}
