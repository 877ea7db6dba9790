import {
  errorMessages,
  httpsLinkMessages,
  httpsLinkProblem,
  menuItemCreateInput,
  menuItemErrorMessages,
  menuItemPatchInput,
  menuItemsPerCompanyMax,
  type ApiErrorItem,
} from '@fleetgate/contracts';
import type { Api, ApiContext } from '../../http/api.ts';
import { ApiError, badRequest, forbidden, parseEach } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { decodeKeyset, encodeKeyset, parsePaging } from '../../http/paging.ts';
import { listParameters } from '../../http/route-doc.ts';
import type { MutationContext } from '../../http/resource.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../index.ts';
import { menuItemFields, menuItemFilters, presentMenuItem } from './menu-item.presenter.ts';
import { listMenuItems, type MenuCursor } from './menu-item.repository.ts';
import {
  changeMenuItems,
  createMenuItems,
  nameOrKeyProblem,
  removeMenuItems,
  type MenuItemChange,
} from './menu-item.service.ts';

const manage = 'branding.manage';

function authorize(ctx: ApiContext<'company'>) {
  if (!ctx.company.capabilities.has(manage)) throw forbidden();
}

function withIndex(item: Omit<ApiErrorItem, 'listIndex'>, listIndex: number, many: boolean): ApiErrorItem {
  return many ? { ...item, listIndex } : item;
}

const encodeCursor = (cursor: MenuCursor) => encodeKeyset(cursor.order, cursor.publicId);

/** Only what `encodeCursor` writes: an order and a publicId. */
function decodeCursor(raw: unknown): MenuCursor | null {
  if (raw === undefined) return null;
  const [order, publicId] = decodeKeyset(raw);
  // Orders are integer column values: anything outside that range was not written by encodeCursor.
  if (!Number.isInteger(order) || Math.abs(order as number) > 2_147_483_647)
    throw badRequest('Invalid page cursor', 'page-after');
  return { order: order as number, publicId };
}

/** A list body (or one object where `one` is allowed): never empty, never more than a company may hold. */
function bodyItems(body: unknown, one: boolean): { items: unknown[]; many: boolean } {
  const many = Array.isArray(body);
  if (!many && !one) throw badRequest('Expected a list of objects with publicId');
  const items = many ? (body as unknown[]) : [body];
  if (items.length === 0) throw badRequest('The list is empty');
  if (items.length > menuItemsPerCompanyMax) throw badRequest(menuItemErrorMessages.tooMany);
  return { items, many };
}

/** `[{publicId, …}]`: every item an object with a well-formed publicId, each at most once. */
function splitByPublicId(items: unknown[]) {
  const errors: ApiErrorItem[] = [];
  const seen = new Set<string>();
  const split = items.map((item, listIndex) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      errors.push({ message: 'Expected an object', listIndex });
      return { publicId: '', rest: {} };
    }
    const { publicId, ...rest } = item as Record<string, unknown>;
    if (typeof publicId !== 'string' || !publicIdPattern.test(publicId))
      errors.push({ message: errorMessages.required, propertyName: 'publicId', listIndex });
    else if (seen.has(publicId))
      errors.push({ message: errorMessages.duplicate, propertyName: 'publicId', listIndex });
    else seen.add(publicId);
    return { publicId: String(publicId), rest };
  });
  if (errors.length > 0) throw new ApiError(400, errors);
  return split;
}

function urlErrors(url: string | undefined, listIndex: number, many: boolean): ApiErrorItem[] {
  if (url === undefined) return [];
  const problem = httpsLinkProblem(url);
  return problem === null
    ? []
    : [withIndex({ message: httpsLinkMessages[problem], propertyName: 'url' }, listIndex, many)];
}

/**
 * `MenuItemList`: a company's own links in the portal menu. Every member reads the items meant
 * for them (no access category, or their own); `?all=true` lists every item for those who
 * manage them (`branding.manage`), who also create, change and delete them. Each batch is
 * checked whole, stored all or nothing, audited, and announced as `MenuItemsChanged`.
 */
export function registerMenuItemRoutes(api: Api, deps: ModuleDeps) {
  async function mutate<T>(ctx: ApiContext<'company'>, run: (trx: Db, mctx: MutationContext) => Promise<T>) {
    const mctx: MutationContext = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
    const result = await runInTransaction(ctx.db, (trx) => run(trx, mctx));
    await deps.events.publish(
      { companyId: ctx.company.id },
      { type: 'MenuItemsChanged', data: { company: { publicId: ctx.company.publicId } } },
    );
    return result;
  }

  api.route({
    rel: 'MenuItemList',
    method: 'GET',
    access: 'company',
    doc: {
      summary:
        "The company's menu links meant for the caller, in menu order; all of them with all=true (branding.manage)",
      query: [
        ...listParameters(menuItemFilters),
        {
          name: 'all',
          description:
            'true: every item of the company, whatever its access category (needs branding.manage).',
          schema: { type: 'string', enum: ['true', 'false'] },
        },
      ],
      response: { type: 'MenuItemList', fields: menuItemFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const { all, fields } = ctx.query;
      if (all !== undefined && all !== 'true' && all !== 'false')
        throw badRequest(errorMessages.invalid, 'all');
      if (all === 'true') authorize(ctx);
      if (fields !== undefined && typeof fields !== 'string')
        throw badRequest('Give fields once, as a comma-separated list', 'fields');
      const selection = fields === undefined ? selectAll : parseFields(fields, menuItemFields);
      // The size is read as everywhere; the cursor is the menu's own (by order, not by creation).
      const paging = parsePaging(ctx.query['page-size'], undefined);
      const after = decodeCursor(ctx.query['page-after']);
      const raw = ctx.query.filters;
      const filters = (Array.isArray(raw) ? raw : [raw]).filter((f): f is string => typeof f === 'string');
      const where = parseFilterParams(filters, menuItemFilters);
      const rows = await listMenuItems(
        ctx.db,
        ctx.company.id,
        { where, after, limit: paging.size + 1 },
        all === 'true' ? null : ctx.user.id,
      );
      const page = rows.slice(0, paging.size);
      const last = page.at(-1);
      return {
        type: 'MenuItemList',
        data: page.map((row) => project(presentMenuItem(row), selection)),
        moreAfter:
          rows.length > paging.size && last
            ? encodeCursor({ order: last.sort_order, publicId: last.public_id })
            : null,
      };
    },
  });

  api.route({
    rel: 'MenuItemList',
    method: 'POST',
    access: 'company',
    doc: {
      summary: 'Create menu items (all or none); every error comes back with its listIndex',
      body: menuItemCreateInput,
      bodyShape: 'oneOrList',
      status: 201,
      response: { type: 'MenuItemList', fields: menuItemFields, shape: 'oneOrList' },
    },
    handler: async (ctx) => {
      authorize(ctx);
      const { items, many } = bodyItems(ctx.body, true);
      const parsed = parseEach(menuItemCreateInput, items, many);
      const errors = parsed.flatMap((item, i) => {
        const problem = nameOrKeyProblem(item.name, item.translationKey);
        return [...(problem ? [withIndex(problem, i, many)] : []), ...urlErrors(item.url, i, many)];
      });
      if (errors.length > 0) throw new ApiError(400, errors);
      const data = await mutate(ctx, (trx, mctx) => createMenuItems(trx, mctx, parsed, many));
      return { type: 'MenuItemList', data: many ? data : data[0], status: 201 };
    },
  });

  api.route({
    rel: 'MenuItemList',
    method: 'PATCH',
    access: 'company',
    doc: {
      summary: 'Change menu items by publicId (all or none), e.g. their order after a drag',
      body: menuItemPatchInput,
      bodyByPublicId: true,
      response: { type: 'MenuItemList', fields: menuItemFields, shape: 'list' },
    },
    handler: async (ctx) => {
      authorize(ctx);
      const split = splitByPublicId(bodyItems(ctx.body, false).items);
      const parsed = parseEach(
        menuItemPatchInput,
        split.map((item) => item.rest),
        true,
      );
      const errors = parsed.flatMap((item, i) => urlErrors(item.url, i, true));
      if (errors.length > 0) throw new ApiError(400, errors);
      const changes: MenuItemChange[] = parsed.map((item, i) => ({ ...item, publicId: split[i]!.publicId }));
      const data = await mutate(ctx, (trx, mctx) => changeMenuItems(trx, mctx, changes));
      return { type: 'MenuItemList', data };
    },
  });

  api.route({
    rel: 'MenuItemList',
    method: 'DELETE',
    access: 'company',
    doc: {
      summary: 'Delete menu items by a body list of publicId (all or none)',
      bodyByPublicId: true,
      response: { type: 'MenuItemList', fields: { publicId: true }, shape: 'list' },
    },
    handler: async (ctx) => {
      authorize(ctx);
      const split = splitByPublicId(bodyItems(ctx.body, false).items);
      const unknown = split.flatMap(({ rest }, listIndex) =>
        Object.keys(rest).map((name) => ({
          message: `Unknown property: ${name}`,
          propertyName: name,
          listIndex,
        })),
      );
      if (unknown.length > 0) throw new ApiError(400, unknown);
      const publicIds = split.map((item) => item.publicId);
      const data = await mutate(ctx, (trx, mctx) => removeMenuItems(trx, mctx, publicIds));
      return { type: 'MenuItemList', data };
    },
  });
}
