import { sql, type SelectQueryBuilder } from 'kysely';
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
