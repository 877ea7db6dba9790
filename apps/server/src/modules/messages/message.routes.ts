import { z } from 'zod';
import { limits, messagePatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { ApiError, badRequest, notFound, parseEach, parseInput } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import { fieldsParameter, listParameters } from '../../http/route-doc.ts';
import type { ModuleDeps } from '../index.ts';
import { countUnread, findInboxByPublicIds, listInbox } from './message.repository.ts';
import { messageFields, messageFilters, presentMessage } from './message.presenter.ts';
import { markMessages } from './message.service.ts';

const bulkItem = messagePatchInput.extend({ publicId: z.string().regex(publicIdPattern) });

function selectionOf(query: Record<string, unknown>) {
  const raw = query.fields;
  if (raw === undefined) return selectAll;
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, messageFields);
}

function filterParams(value: unknown): string[] {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === 'string');
}

function bulkChanges(body: unknown) {
  if (!Array.isArray(body)) throw badRequest('Expected a list of objects with publicId');
  if (body.length === 0) throw badRequest('The list is empty');
  if (body.length > limits.pageSizeMax) throw badRequest(`At most ${limits.pageSizeMax} items at once`);
  const changes = parseEach(bulkItem, body, true);
  const seen = new Set<string>();
  changes.forEach(({ publicId }, listIndex) => {
    if (seen.has(publicId))
      throw new ApiError(400, [{ message: 'Duplicate', propertyName: 'publicId', listIndex }]);
    seen.add(publicId);
  });
  return changes;
}

/**
 * The signed-in user's inbox. Messages belong to one user whatever company is selected;
 * another user's message is unknown (404).
 */
export function registerMessageRoutes(api: Api, _deps: ModuleDeps) {
  api.route({
    rel: 'MessageList',
    method: 'GET',
    access: 'user',
    doc: {
      summary: "The user's inbox",
      query: listParameters(messageFilters),
      response: { type: 'MessageList', fields: messageFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const selection = selectionOf(ctx.query);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const where = parseFilterParams(filterParams(ctx.query.filters), messageFilters);
      const rows = await listInbox(ctx.db, ctx.user.id, {
        where,
        after: paging.after,
        limit: paging.size + 1,
      });
      const page = pageOf(rows, paging.size);
      return {
        type: 'MessageList',
        data: page.rows.map((row) => project(presentMessage(row), selection)),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'MessageList',
    method: 'PATCH',
    access: 'user',
    doc: {
      summary: 'Mark several messages read or unread',
      body: bulkItem,
      bodyShape: 'list',
      response: { type: 'MessageList', fields: messageFields, shape: 'list' },
    },
    handler: async (ctx) => {
      const rows = await markMessages(ctx.db, ctx.user.id, bulkChanges(ctx.body), true);
      return { type: 'MessageList', data: rows.map(presentMessage) };
    },
  });

  api.route({
    rel: 'Message',
    method: 'GET',
    item: true,
    access: 'user',
    doc: {
      summary: 'Read one message',
      query: [fieldsParameter],
      response: { type: 'Message', fields: messageFields },
    },
    handler: async (ctx) => {
      const selection = selectionOf(ctx.query);
      const [row] = await findInboxByPublicIds(ctx.db, ctx.user.id, [ctx.publicId]);
      if (!row) throw notFound();
      return { type: 'Message', data: project(presentMessage(row), selection) };
    },
  });

  api.route({
    rel: 'Message',
    method: 'PATCH',
    item: true,
    access: 'user',
    doc: {
      summary: 'Mark a message read or unread',
      body: messagePatchInput,
      response: { type: 'Message', fields: messageFields },
    },
    handler: async (ctx) => {
      const { read } = parseInput(messagePatchInput, ctx.body);
      const [row] = await markMessages(ctx.db, ctx.user.id, [{ publicId: ctx.publicId, read }], false);
      return { type: 'Message', data: presentMessage(row!) };
    },
  });

  api.route({
    rel: 'MessageUnreadCount',
    method: 'GET',
    access: 'user',
    doc: { summary: 'How many messages are unread' },
    handler: async (ctx) => ({
      type: 'MessageUnreadCount',
      data: { count: await countUnread(ctx.db, ctx.user.id) },
    }),
  });
}
