import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Tables of ordered types; they share the columns these queries use (company_id, name, sort_order). */
export type OrderedTypeTable = 'group_types' | 'asset_types';

// One advisory lock space per table, keyed by company: creating, renaming and deleting types of one
// company run one at a time, so name checks, "highest + step" and "not the last one" cannot race.
const lockSpaces: Record<OrderedTypeTable, number> = { group_types: 30_001, asset_types: 30_002 };

// Both tables have the columns used below; typing them as one keeps the queries checked.
const as = (table: OrderedTypeTable) => table as 'asset_types';

export async function lockOrderedTypes(db: Db, table: OrderedTypeTable, companyId: number) {
  await sql`select pg_advisory_xact_lock(${lockSpaces[table]}::integer, ${companyId}::integer)`.execute(db);
}

export async function highestOrder(db: Db, table: OrderedTypeTable, companyId: number) {
  const row = await db
    .selectFrom(as(table))
    .select((eb) => eb.fn.max('sort_order').as('highest'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.highest ?? null;
}

export async function orderedTypeNameTaken(
  db: Db,
  table: OrderedTypeTable,
  companyId: number,
  name: string,
  exceptId?: number,
) {
  let query = db
    .selectFrom(as(table))
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function countOrderedTypes(db: Db, table: OrderedTypeTable, companyId: number) {
  const row = await db
    .selectFrom(as(table))
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
