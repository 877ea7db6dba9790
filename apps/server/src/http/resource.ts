import type { Expression, SqlBool } from 'kysely';
import type { z } from 'zod';
import { limits, type Capability } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import type { AuthenticatedUser, CompanyContext } from '../auth/context.ts';
import { writeAudit } from '../modules/audit/audit.writer.ts';
import { publishAccessChange } from '../auth/auth-cache.ts';
import type { Api, ApiContext, ApiResult } from './api.ts';
import { ApiError, badRequest, forbidden, notFound, parseEach, parseInput } from './errors.ts';
import { parseFields, project, selectAll, type FieldSpec } from './fields.ts';
import { partialRead, type FieldColumns } from './field-columns.ts';
import { parseFilterParams, type FilterSpec } from './filters.ts';
import { pageOf, parsePaging, type Cursor } from './paging.ts';
import { publicIdPattern } from './ids.ts';
import { runInTransaction } from '../db/transaction.ts';
import { fieldsParameter, listParameters } from './route-doc.ts';

export type ListQuery = {
  where: Expression<SqlBool> | null;
  after: Cursor | null;
  limit: number;
  newestFirst?: boolean;
  /** The columns the fields asked for need (ResourceDefinition.fieldColumns); absent: all of them. */
  columns?: readonly string[] | undefined;
};
export type ResourceRow = { public_id: string; created_at: Date };

/** Who is reading: resources whose rows are visible per user (agents) filter by it. */
export type Viewer = { user: AuthenticatedUser; company: CompanyContext };

/** Who is changing what: passed to every mutation so it can check rules and be audited. */
export type MutationContext = { user: AuthenticatedUser; company: CompanyContext; clientAddress: string };

/**
 * A check of one input that waits on the network (a name resolved in DNS): it runs before the
 * transaction, so no transaction (on PGlite, the one connection) is held while it waits.
 */
type CheckInput = (ctx: MutationContext, input: never) => Promise<void>;

export type ResourceDefinition<Row extends ResourceRow, Out extends object> = {
  /** Item rel; the list rel is `<name>List`. */
  name: string;
  /** Capability needed to read; null lets every member of the company read. */
  read: Capability | null;
  /** Capability needed to create, update or delete (resources with mutations only). */
  write?: Capability;
  fields: FieldSpec;
  filters: FilterSpec;
  /**
   * Company-scoped queries: every one takes the company id. Reads also pass the viewer, for
   * resources that show each user only some rows; mutations find rows without it (their write
   * capability is checked instead).
   */
  repository: {
    list(db: Db, companyId: number, query: ListQuery, viewer: Viewer): Promise<Row[]>;
    findByPublicIds(
      db: Db,
      companyId: number,
      publicIds: string[],
      forUpdate?: boolean,
      viewer?: Viewer,
    ): Promise<Row[]>;
  };
  present(row: Row): Out;
  /**
   * For lists read often with few fields (a picker's names): each field's presenter and the
   * columns it reads. A list that names only such fields reads only their columns (the
   * repository gets them as `columns`) and presents only those fields.
   */
  fieldColumns?: FieldColumns<Row>;
  /** Lists newest first (audit trails, inboxes) instead of oldest first. */
  newestFirst?: boolean;
  /** Largest body of an item PATCH, for items bigger than the default (a template's code). */
  itemBodyLimit?: number;
  /** Mutations change who may do what (roles, memberships): cached rights are dropped on commit. */
  changesAccess?: boolean;
  /**
   * Items carry fields about their reader (an agent's `myAccess`): the answers to creates and
   * changes are read again as the caller reads them, once committed, so they equal a GET, while
   * audit records stay free of one reader's view.
   */
  readerSpecific?: boolean;
  // Inputs are typed `never` so each resource's services can take their own schema's output.
  create?: {
    schema: z.ZodType;
    run: (trx: Db, ctx: MutationContext, input: never) => Promise<Row>;
    check?: CheckInput;
  };
  update?: {
    schema: z.ZodType;
    run: (trx: Db, ctx: MutationContext, row: Row, input: never) => Promise<Row>;
    check?: CheckInput;
  };
  remove?: { run: (trx: Db, ctx: MutationContext, row: Row) => Promise<void> };
};

/**
 * Declares a company-scoped resource: list and item reads with fields, filters and keyset
 * paging, and single or bulk create, patch and delete, each audited in its transaction.
 */
export function registerResource<Row extends ResourceRow, Out extends object>(
  api: Api,
  def: ResourceDefinition<Row, Out>,
) {
  const list = `${def.name}List`;
  const readCapability = def.read ?? undefined;
  const typed = <T>(run: T) => run as unknown as (...args: unknown[]) => Promise<Row>;

  api.route({
    rel: list,
    method: 'GET',
    access: 'company',
    capability: readCapability,
    doc: {
      summary: `List ${def.name} items`,
      query: listParameters(def.filters),
      response: { type: list, fields: def.fields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const selection = fieldsOf(ctx.query, def.fields);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const where = parseFilterParams(stringList(ctx.query.filters), def.filters);
      const partial = def.fieldColumns && partialRead(def.fieldColumns, selection);
      const rows = await def.repository.list(
        ctx.db,
        ctx.company.id,
        {
          where,
          after: paging.after,
          limit: paging.size + 1,
          newestFirst: def.newestFirst ?? false,
          columns: partial?.columns,
        },
        { user: ctx.user, company: ctx.company },
      );
      const page = pageOf(rows, paging.size);
      return {
        type: list,
        data: page.rows.map((row) => (partial ? partial.present(row) : project(def.present(row), selection))),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: def.name,
    method: 'GET',
    item: true,
    access: 'company',
    capability: readCapability,
    doc: {
      summary: `Read one ${def.name}`,
      query: [fieldsParameter],
      response: { type: def.name, fields: def.fields },
    },
    handler: async (ctx) => {
      const selection = fieldsOf(ctx.query, def.fields);
      const viewer = { user: ctx.user, company: ctx.company };
      const [row] = await def.repository.findByPublicIds(
        ctx.db,
        ctx.company.id,
        [ctx.publicId],
        false,
        viewer,
      );
      if (!row) throw notFound();
      return { type: def.name, data: project(def.present(row), selection) };
    },
  });

  const { create, update, remove } = def;
  const asRead = async (ctx: ApiContext<'company'>, answers: Out[]): Promise<Out[]> => {
    if (!def.readerSpecific) return answers;
    const ids = answers.map((answer) => (answer as { publicId: string }).publicId);
    const viewer = { user: ctx.user, company: ctx.company };
    const rows = await def.repository.findByPublicIds(ctx.db, ctx.company.id, ids, false, viewer);
    const read = new Map(rows.map((row) => [row.public_id, def.present(row)]));
    return answers.map((answer, i) => ({ ...answer, ...read.get(ids[i]!) }));
  };
  if (create) {
    api.route({
      rel: list,
      method: 'POST',
      access: 'company',
      doc: {
        summary: `Create one ${def.name} or a list of them (all or none)`,
        body: create.schema,
        bodyShape: 'oneOrList',
        status: 201,
        response: { type: list, fields: def.fields, shape: 'oneOrList' },
      },
      handler: async (ctx) => {
        authorizeWrite(ctx, def.write);
        const many = Array.isArray(ctx.body);
        const items = many ? (ctx.body as unknown[]) : [ctx.body];
        checkBatch(items);
        const inputs = parseEach(create.schema, items, many) as object[];
        await checkEach(ctx, create.check, inputs);
        const created = await mutate(api, def, ctx, inputs, async (trx, mctx, input) => {
          const row = await typed(create.run)(trx, mctx, input);
          const after = def.present(row);
          await audit(trx, mctx, 'CREATE', def.name, row.public_id, undefined, after);
          return { ...input, ...after };
        }).then((answers) => asRead(ctx, answers));
        return { type: list, data: many ? created : created[0], status: 201 };
      },
    });
  }

  if (update) {
    const patchOne = async (trx: Db, mctx: MutationContext, publicId: string, input: object) => {
      const [row] = await def.repository.findByPublicIds(trx, mctx.company.id, [publicId], true);
      if (!row) throw notFound();
      const before = def.present(row);
      // Naming no property changes nothing (and an UPDATE with nothing to set is not SQL).
      if (Object.values(input).every((value) => value === undefined)) return before;
      const after = def.present(await typed(update.run)(trx, mctx, row, input));
      await audit(trx, mctx, 'UPDATE', def.name, publicId, before, after);
      return after;
    };
    api.route({
      rel: def.name,
      method: 'PATCH',
      item: true,
      access: 'company',
      ...(def.itemBodyLimit === undefined ? {} : { bodyLimit: def.itemBodyLimit }),
      doc: {
        summary: `Change one ${def.name}`,
        body: update.schema,
        response: { type: def.name, fields: def.fields },
      },
      handler: async (ctx) => {
        authorizeWrite(ctx, def.write);
        const input = parseInput(update.schema, ctx.body) as object;
        await checkEach(ctx, update.check, [input]);
        const [after] = await asRead(
          ctx,
          await mutate(api, def, ctx, [input], (trx, mctx, item) => patchOne(trx, mctx, ctx.publicId, item)),
        );
        return { type: def.name, data: after };
      },
    });
    api.route({
      rel: list,
      method: 'PATCH',
      access: 'company',
      doc: {
        summary: `Change several ${def.name} items by publicId (all or none)`,
        body: update.schema,
        bodyByPublicId: true,
        response: { type: list, fields: def.fields, shape: 'list' },
      },
      handler: async (ctx) => {
        authorizeWrite(ctx, def.write);
        const items = bulkItems(ctx.body);
        const parsed = parseEach(
          update.schema,
          items.map((item) => item.rest),
          true,
        ) as object[];
        await checkEach(ctx, update.check, parsed);
        const inputs = items.map(({ publicId }, i) => ({ publicId, input: parsed[i]! }));
        const data = await asRead(
          ctx,
          await mutate(api, def, ctx, inputs, (trx, mctx, item) =>
            patchOne(trx, mctx, item.publicId, item.input),
          ),
        );
        return { type: list, data };
      },
    });
  }

  if (remove) {
    const removeOne = async (trx: Db, mctx: MutationContext, publicId: string) => {
      const [row] = await def.repository.findByPublicIds(trx, mctx.company.id, [publicId], true);
      if (!row) throw notFound();
      const before = def.present(row);
      await remove.run(trx, mctx, row);
      await audit(trx, mctx, 'DELETE', def.name, publicId, before, undefined);
      return { publicId };
    };
    api.route({
      rel: def.name,
      method: 'DELETE',
      item: true,
      access: 'company',
      doc: { summary: `Delete one ${def.name}`, response: { type: def.name, fields: { publicId: true } } },
      handler: async (ctx) => {
        authorizeWrite(ctx, def.write);
        const [data] = await mutate(api, def, ctx, [ctx.publicId], removeOne);
        return { type: def.name, data };
      },
    });
    api.route({
      rel: list,
      method: 'DELETE',
      access: 'company',
      doc: {
        summary: `Delete several ${def.name} items by publicId (all or none)`,
        bodyByPublicId: true,
        response: { type: list, fields: { publicId: true }, shape: 'list' },
      },
      handler: async (ctx) => {
        authorizeWrite(ctx, def.write);
        const items = bulkItems(ctx.body);
        items.forEach(({ rest }, i) => {
          if (Object.keys(rest).length > 0)
            throw new ApiError(400, [{ message: 'Only publicId is accepted', listIndex: i }]);
        });
        const data = await mutate(
          api,
          def,
          ctx,
          items.map((item) => item.publicId),
          removeOne,
        );
        return { type: list, data };
      },
    });
  }
}

function authorizeWrite(ctx: ApiContext<'company'>, capability: Capability | undefined) {
  if (!capability) throw new Error('A resource with mutations must declare its write capability');
  if (!ctx.company.capabilities.has(capability)) throw forbidden();
}

function fieldsOf(query: Record<string, unknown>, spec: FieldSpec) {
  const raw = query.fields;
  if (raw === undefined) return selectAll;
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, spec);
}

function stringList(value: unknown): string[] {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === 'string');
}

function checkBatch(items: unknown[]) {
  if (items.length === 0) throw badRequest('The list is empty');
  if (items.length > limits.pageSizeMax) throw badRequest(`At most ${limits.pageSizeMax} items at once`);
}

/** Reads `[{publicId, …}]`: every item needs a well-formed publicId, each at most once. */
function bulkItems(body: unknown): { publicId: string; rest: Record<string, unknown> }[] {
  if (!Array.isArray(body)) throw badRequest('Expected a list of objects with publicId');
  checkBatch(body);
  const seen = new Set<string>();
  return body.map((item: unknown, listIndex) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new ApiError(400, [{ message: 'Expected an object', listIndex }]);
    }
    const { publicId, ...rest } = item as Record<string, unknown>;
    if (typeof publicId !== 'string' || !publicIdPattern.test(publicId)) {
      throw new ApiError(400, [{ message: 'Required property', propertyName: 'publicId', listIndex }]);
    }
    if (seen.has(publicId))
      throw new ApiError(400, [{ message: 'Duplicate', propertyName: 'publicId', listIndex }]);
    seen.add(publicId);
    return { publicId, rest };
  });
}

/**
 * Runs every item in one transaction: all are stored or none. An error of one item carries
 * its listIndex when the request was a list.
 */
async function mutate<I, O>(
  api: Api,
  def: { changesAccess?: boolean },
  ctx: ApiContext<'company'>,
  items: I[],
  run: (trx: Db, mctx: MutationContext, item: I) => Promise<O>,
): Promise<O[]> {
  const mctx = mutationContext(ctx);
  const results = await runInTransaction(ctx.db, async (trx) => {
    const out: O[] = [];
    for (const [index, item] of items.entries())
      out.push(await atIndex(ctx, index, () => run(trx, mctx, item)));
    if (def.changesAccess) await publishAccessChange(trx, { all: true });
    return out;
  });
  if (def.changesAccess) api.applyAccessChange({ all: true });
  return results;
}

/** Runs a resource's network checks on every input, in order, outside any transaction. */
async function checkEach(ctx: ApiContext<'company'>, check: CheckInput | undefined, inputs: object[]) {
  if (!check) return;
  const mctx = mutationContext(ctx);
  for (const [index, input] of inputs.entries()) await atIndex(ctx, index, () => check(mctx, input as never));
}

/** An error of one item of a list request carries its listIndex. */
async function atIndex<T>(ctx: ApiContext<'company'>, index: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (Array.isArray(ctx.body) && error instanceof ApiError) {
      throw new ApiError(
        error.status,
        error.items.map((e) => ({ ...e, listIndex: e.listIndex ?? index })),
        error.headers,
      );
    }
    throw error;
  }
}

function mutationContext(ctx: ApiContext<'company'>): MutationContext {
  return { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
}

function audit(
  trx: Db,
  mctx: MutationContext,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  rel: string,
  publicId: string,
  before: unknown,
  after: unknown,
) {
  return writeAudit(trx, {
    companyId: mctx.company.id,
    actorUserId: mctx.user.id,
    action,
    rel,
    publicId,
    before,
    after,
    clientAddress: mctx.clientAddress,
  });
}

export type { ApiResult };
