import { z } from 'zod';
import {
  pageCreateInput,
  pageDraftPublishInput,
  pageImportFileSchema,
  pageLimits,
  pagePatchInput,
  pageVersionCreateInput,
  pageVersionPatchInput,
} from '@fleetgate/contracts';
import type { Api, ApiContext } from '../../http/api.ts';
import { badRequest, parseInput } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import type { MutationContext } from '../../http/resource.ts';
import { fieldsParameter, listParameters } from '../../http/route-doc.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../index.ts';
import { authorizeManage } from './page.policy.ts';
import { pageFields, pageFilters, pageVersionFields, presentExport } from './page.presenter.ts';
import {
  changePage,
  changeVersion,
  createDraft,
  createPage,
  devicePages,
  discardVersion,
  duplicatePage,
  importPage,
  presentRows,
  publishDraft,
  readPage,
  readPages,
  readVersion,
  removePage,
  setDefaultPage,
} from './page.service.ts';

const noInput = z.strictObject({}).optional();
const versionBodyLimit = pageLimits.importMaxBytes;

function selectionOf(query: Record<string, unknown>, spec = pageFields) {
  const raw = query.fields;
  if (raw === undefined) return selectAll;
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, spec);
}

const viewerOf = (ctx: ApiContext<'company'>) => ({ user: ctx.user, company: ctx.company });

/**
 * Pages (dashboards and reports) and their draft and published versions, console spec §4 and
 * §7. Members read the pages they see (page.policy.ts); `pages.manage` writes. Every write
 * runs in one transaction, is audited and announced as `PageChanged`.
 */
export function registerPageRoutes(api: Api, deps: ModuleDeps) {
  async function mutate<T>(
    ctx: ApiContext<'company'>,
    run: (trx: Db, mctx: MutationContext) => Promise<T>,
    changed: (result: T) => string[],
  ) {
    authorizeManage(ctx);
    const mctx: MutationContext = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
    const result = await runInTransaction(ctx.db, (trx) => run(trx, mctx));
    for (const publicId of changed(result))
      await deps.events.publish({ companyId: ctx.company.id }, { type: 'PageChanged', data: { publicId } });
    return result;
  }

  api.route({
    rel: 'PageList',
    method: 'GET',
    access: 'company',
    doc: {
      summary: 'The pages the caller sees (all of the company’s with pages.manage)',
      query: listParameters(pageFilters),
      response: { type: 'PageList', fields: pageFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const selection = selectionOf(ctx.query);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const raw = ctx.query.filters;
      const filters = (Array.isArray(raw) ? raw : [raw]).filter((f): f is string => typeof f === 'string');
      const where = parseFilterParams(filters, pageFilters);
      const rows = await readPages(ctx.db, viewerOf(ctx), {
        where,
        after: paging.after,
        limit: paging.size + 1,
      });
      const page = pageOf(rows, paging.size);
      const data = await presentRows(ctx.db, viewerOf(ctx), page.rows);
      return {
        type: 'PageList',
        data: data.map((item) => project(item, selection)),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'PageList',
    method: 'POST',
    access: 'company',
    doc: {
      summary: 'Create a page with no version yet',
      body: pageCreateInput,
      status: 201,
      response: { type: 'Page', fields: pageFields },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      const input = parseInput(pageCreateInput, ctx.body);
      const data = await mutate(
        ctx,
        (trx, mctx) => createPage(trx, mctx, input),
        (page) => [page.publicId],
      );
      return { type: 'Page', data, status: 201 };
    },
  });

  api.route({
    rel: 'Page',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: 'Read one page',
      query: [fieldsParameter],
      response: { type: 'Page', fields: pageFields },
    },
    handler: async (ctx) => {
      const selection = selectionOf(ctx.query);
      const data = await readPage(ctx.db, viewerOf(ctx), ctx.publicId);
      return { type: 'Page', data: project(data, selection) };
    },
  });

  api.route({
    rel: 'Page',
    method: 'PATCH',
    item: true,
    access: 'company',
    doc: {
      summary: 'Change what a page belongs to (agents, assets, group) and its kind',
      body: pagePatchInput,
      response: { type: 'Page', fields: pageFields },
    },
    bodyLimit: versionBodyLimit,
    handler: async (ctx) => {
      authorizeManage(ctx);
      const input = parseInput(pagePatchInput, ctx.body);
      const data = await mutate(
        ctx,
        (trx, mctx) => changePage(trx, mctx, ctx.publicId, input),
        (page) => [page.publicId],
      );
      return { type: 'Page', data };
    },
  });

  api.route({
    rel: 'Page',
    method: 'DELETE',
    item: true,
    access: 'company',
    doc: {
      summary: 'Delete a page and its versions',
      body: noInput,
      bodyOptional: true,
      response: { type: 'Page', fields: { publicId: true } },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      parseInput(noInput, ctx.body);
      const data = await mutate(
        ctx,
        (trx, mctx) => removePage(trx, mctx, ctx.publicId),
        (page) => [page.publicId],
      );
      return { type: 'Page', data };
    },
  });

  api.route({
    rel: 'PageVersionList',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary:
        "Create the page's draft: empty without a version, a copy of the published version otherwise (409 when a draft exists)",
      body: pageVersionCreateInput,
      bodyOptional: true,
      status: 201,
      response: { type: 'PageVersion', fields: pageVersionFields },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      const input = parseInput(pageVersionCreateInput, ctx.body ?? {});
      if (input.page && input.page.publicId !== ctx.publicId)
        throw badRequest('Does not match the page', 'page');
      const { version } = await mutate(
        ctx,
        (trx, mctx) => createDraft(trx, mctx, ctx.publicId, input),
        (result) => [result.page.publicId],
      );
      return { type: 'PageVersion', data: version, status: 201 };
    },
  });

  api.route({
    rel: 'PageVersion',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: "Read a page's draft or published version",
      query: [fieldsParameter],
      response: { type: 'PageVersion', fields: pageVersionFields },
    },
    handler: async (ctx) => {
      const selection = selectionOf(ctx.query, pageVersionFields);
      const data = await readVersion(ctx.db, viewerOf(ctx), ctx.publicId);
      return { type: 'PageVersion', data: project(data, selection) };
    },
  });

  api.route({
    rel: 'PageVersion',
    method: 'PATCH',
    item: true,
    access: 'company',
    doc: {
      summary: 'Change a draft version (409 for a published one)',
      body: pageVersionPatchInput,
      response: { type: 'PageVersion', fields: pageVersionFields },
    },
    bodyLimit: versionBodyLimit,
    handler: async (ctx) => {
      authorizeManage(ctx);
      const input = parseInput(pageVersionPatchInput, ctx.body);
      const { version } = await mutate(
        ctx,
        (trx, mctx) => changeVersion(trx, mctx, ctx.publicId, input),
        (result) => [result.page],
      );
      return { type: 'PageVersion', data: version };
    },
  });

  api.route({
    rel: 'PageVersion',
    method: 'DELETE',
    item: true,
    access: 'company',
    doc: {
      summary:
        "Discard the page's draft, named by its own publicId or the page's (409 'Page has no draft version' without one)",
      body: noInput,
      bodyOptional: true,
      response: { type: 'PageVersion', fields: { publicId: true } },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      parseInput(noInput, ctx.body);
      const { version } = await mutate(
        ctx,
        (trx, mctx) => discardVersion(trx, mctx, ctx.publicId),
        (result) => [result.page],
      );
      return { type: 'PageVersion', data: version };
    },
  });

  api.route({
    rel: 'PageDraft',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary:
        "Publish the page's draft (the body names the page): it replaces the published version, in one step",
      body: pageDraftPublishInput,
      response: { type: 'Page', fields: pageFields },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      const input = parseInput(pageDraftPublishInput, ctx.body);
      if (input.publicId !== ctx.publicId) throw badRequest('Does not match the page', 'publicId');
      const data = await mutate(
        ctx,
        (trx, mctx) => publishDraft(trx, mctx, ctx.publicId),
        (page) => [page.publicId],
      );
      return { type: 'Page', data };
    },
  });

  api.route({
    rel: 'PageDuplicate',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary: 'A new page holding a copy of the published version (409 without one)',
      body: noInput,
      bodyOptional: true,
      status: 201,
      response: { type: 'Page', fields: pageFields },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      parseInput(noInput, ctx.body);
      const data = await mutate(
        ctx,
        (trx, mctx) => duplicatePage(trx, mctx, ctx.publicId),
        (page) => [page.publicId],
      );
      return { type: 'Page', data, status: 201 };
    },
  });

  api.route({
    rel: 'PageDefault',
    method: 'POST',
    item: true,
    access: 'company',
    doc: {
      summary: "Make this page the company's one default page",
      body: noInput,
      bodyOptional: true,
      response: { type: 'Page', fields: pageFields },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      parseInput(noInput, ctx.body);
      const data = await mutate(
        ctx,
        (trx, mctx) => setDefaultPage(trx, mctx, ctx.publicId),
        (page) => [page.publicId],
      );
      return { type: 'Page', data };
    },
  });

  api.route({
    rel: 'PageExport',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: 'The page and its versions as a JSON file (PageExportFile), as a download (pages.manage)',
      contentType: 'application/json',
    },
    handler: async (ctx) => {
      // The file holds the draft, which only page managers read.
      authorizeManage(ctx);
      const page = await readPage(ctx.db, viewerOf(ctx), ctx.publicId);
      ctx.reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="page-${page.publicId}.json"`);
      return { type: 'PageExport', data: null, raw: JSON.stringify(presentExport(page)) };
    },
  });

  api.route({
    rel: 'PageImport',
    method: 'POST',
    access: 'company',
    bodyLimit: pageLimits.importMaxBytes,
    doc: {
      summary: 'Create a page from an export file (at most 5 MB)',
      body: pageImportFileSchema,
      status: 201,
      response: { type: 'Page', fields: pageFields },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      const file = parseInput(pageImportFileSchema, ctx.body);
      const data = await mutate(
        ctx,
        (trx, mctx) => importPage(trx, mctx, file),
        (page) => [page.publicId],
      );
      return { type: 'Page', data, status: 201 };
    },
  });

  api.route({
    rel: 'GroupPageImport',
    method: 'POST',
    item: true,
    access: 'company',
    bodyLimit: pageLimits.importMaxBytes,
    doc: {
      summary: 'Create a page of this group from an export file (at most 5 MB)',
      body: pageImportFileSchema,
      status: 201,
      response: { type: 'Page', fields: pageFields },
    },
    handler: async (ctx) => {
      authorizeManage(ctx);
      const file = parseInput(pageImportFileSchema, ctx.body);
      const data = await mutate(
        ctx,
        (trx, mctx) => importPage(trx, mctx, file, ctx.publicId),
        (page) => [page.publicId],
      );
      return { type: 'Page', data, status: 201 };
    },
  });

  const devicePageListParameters = listParameters({}).filter((parameter) => parameter.name !== 'filters');
  for (const [rel, device] of [
    ['AgentPageList', 'agent'],
    ['AssetPageList', 'asset'],
  ] as const) {
    api.route({
      rel,
      method: 'GET',
      item: true,
      access: 'company',
      doc: {
        summary: `The pages of this ${device}: linked to it, or to a group it is in (up to ${pageLimits.devicePageListSize})`,
        query: devicePageListParameters,
        response: { type: rel, fields: pageFields, shape: 'list', paged: true },
      },
      handler: async (ctx) => {
        const selection = selectionOf(ctx.query);
        // The spec's page size for these lists is 4000: the default here, and the most.
        const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
        const limit = ctx.query['page-size'] === undefined ? pageLimits.devicePageListSize : paging.size;
        const rows = await devicePages(ctx.db, viewerOf(ctx), device, ctx.publicId, {
          where: null,
          after: paging.after,
          limit: limit + 1,
        });
        const page = pageOf(rows, limit);
        const data = await presentRows(ctx.db, viewerOf(ctx), page.rows);
        return {
          type: rel,
          data: data.map((item) => project(item, selection)),
          moreAfter: page.moreAfter,
        };
      },
    });
  }
}
