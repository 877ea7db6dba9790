import { sql, type Compilable, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/client.ts';
import { executePrepared } from '../db/prepared-query.ts';
import type { ListQuery } from './resource.ts';

/** Applies filters, the keyset cursor and the page limit, ordered by (created_at, public_id), oldest or newest first. */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  alias: string,
  list: ListQuery,
): SelectQueryBuilder<DB, TB, O> {
  const createdAt = sql.ref(`${alias}.created_at`);
  const publicId = sql.ref(`${alias}.public_id`);
  let q = query;
  if (list.where) q = q.where(list.where);
  const direction = list.newestFirst ? 'desc' : 'asc';
  if (list.after) {
    const beyond = list.newestFirst ? sql`<` : sql`>`;
    q = q.where(
      sql<boolean>`(${createdAt}, ${publicId}) ${beyond} (${list.after.at}, ${list.after.publicId})`,
    );
  }
  return q.orderBy(createdAt, direction).orderBy(publicId, direction).limit(list.limit);
}

/**
 * `build(companyId, list).execute()` for a company's list page, with the SQL of unfiltered pages
 * built and compiled once per shape (fields read, order, first page or not) and reused with each
 * page's company, cursor and limit as parameters (db/prepared-query.ts). Filtered pages are
 * built each time. `build` must be one function (not made per call) that reads only these.
 */
export function preparedKeysetPage<Row>(
  db: Db,
  companyId: number,
  list: ListQuery,
  build: (db: Db, companyId: number, list: ListQuery) => Compilable<Row>,
): Promise<Row[]> {
  if (list.where) return db.executeQuery(build(db, companyId, list)).then((result) => result.rows);
  const shape = `${list.newestFirst ? 'desc' : 'asc'} ${list.after ? 'after' : 'first'} ${list.columns?.join(',') ?? '*'}`;
  const values = {
    companyId,
    limit: list.limit,
    afterAt: list.after?.at,
    afterPublicId: list.after?.publicId,
  };
  return executePrepared(db, build, shape, values, (slots) =>
    build(db, slots.companyId, {
      where: null,
      limit: slots.limit,
      newestFirst: list.newestFirst ?? false,
      columns: list.columns,
      after: list.after ? { at: slots.afterAt!, publicId: slots.afterPublicId! } : null,
    }),
  );
}
