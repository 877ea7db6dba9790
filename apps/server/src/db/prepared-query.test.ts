import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql, type CompiledQuery, type Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysetPage, preparedKeysetPage } from '../http/keyset.ts';
import type { ListQuery } from '../http/resource.ts';
import { openDatabase, poolOf, type Db } from './client.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { executePrepared } from './prepared-query.ts';

type Tables = {
  prepared_query_items: {
    id: Generated<number>;
    company_id: number;
    public_id: string;
    name: string;
    created_at: Date;
  };
};

const sent: Pick<CompiledQuery, 'sql' | 'parameters'>[] = [];
let kysely: Kysely<Tables>;
let db: Db;

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // On PostgreSQL prepared queries go to the pool itself: what it is sent is recorded there.
    db = await openDatabase({ databaseUrl, dataDir: 'memory://' });
    const pool = poolOf(db)!;
    const query = pool.query.bind(pool) as (sql: string, parameters: unknown[]) => Promise<unknown>;
    pool.query = ((text: string, parameters: unknown[]) => {
      sent.push({ sql: text, parameters });
      return query(text, parameters);
    }) as typeof pool.query;
    kysely = db as unknown as Kysely<Tables>;
  } else {
    kysely = new Kysely<Tables>({
      dialect: new PGliteDialect(await PGlite.create()),
      log: (event) => void sent.push(event.query),
    });
    db = kysely as unknown as Db;
  }
  await sql`drop table if exists prepared_query_items`.execute(kysely);
  await sql`create table prepared_query_items (id serial primary key, company_id int not null, public_id text not null,
    name text not null, created_at timestamptz not null)`.execute(kysely);
  await kysely
    .insertInto('prepared_query_items')
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        company_id: 1 + (i % 2),
        public_id: `item${String(i).padStart(8, '0')}`,
        name: `Item ${i}`,
        // Some rows share a creation time: the keyset order falls back to publicId.
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 3))),
      })),
    )
    .execute();
});
afterAll(async () => {
  await sql`drop table prepared_query_items`.execute(kysely);
  await kysely.destroy();
});

let builds = 0;
function itemPage(db: Db, companyId: number, list: ListQuery) {
  builds += 1;
  return itemQuery(db, companyId, list);
}

function itemQuery(db: Db, companyId: number, list: ListQuery) {
  const base = (db as unknown as Kysely<Tables>)
    .selectFrom('prepared_query_items')
    .where('company_id', '=', companyId);
  if (!list.columns) return keysetPage(base.selectAll(), 'prepared_query_items', list);
  return keysetPage(
    base.select(list.columns.map((column) => sql.ref<unknown>(`prepared_query_items.${column}`).as(column))),
    'prepared_query_items',
    list,
  );
}

describe('preparedKeysetPage', () => {
  it('answers every page as the query built each time does, building each shape once', async () => {
    const shapes: Omit<ListQuery, 'after' | 'limit'>[] = [
      { where: null },
      { where: null, newestFirst: true },
      { where: null, columns: ['public_id', 'created_at', 'name'] },
      { where: null, newestFirst: true, columns: ['public_id', 'created_at'] },
    ];
    builds = 0;
    for (let round = 0; round < 2; round += 1) {
      for (const shape of shapes) {
        for (const companyId of [1, 2, 3]) {
          for (const limit of [1, 4, 16]) {
            let after: ListQuery['after'] = null;
            for (;;) {
              const list = { ...shape, after, limit };
              const expected = await itemQuery(db, companyId, list).execute();
              const rows = await preparedKeysetPage(db, companyId, list, itemPage);
              expect(rows).toEqual(expected);
              const last = rows.at(-1) as { created_at: Date; public_id: string } | undefined;
              if (rows.length < limit || !last) break;
              after = { at: last.created_at, publicId: last.public_id };
            }
          }
        }
      }
    }
    // Once per shape, first page or a later one.
    expect(builds).toBe(shapes.length * 2);
    builds = 0;
    await preparedKeysetPage(db, 2, { where: null, after: null, limit: 5 }, itemPage);
    await preparedKeysetPage(db, 1, { where: null, after: null, limit: 7 }, itemPage);
    expect(builds).toBe(0);
  });

  it('sends the values as parameters, never in the SQL', async () => {
    sent.length = 0;
    const after = {
      at: new Date('2026-01-01T00:00:03Z'),
      publicId: "x'); drop table prepared_query_items; --",
    };
    const rows = await preparedKeysetPage(db, 1, { where: null, after, limit: 3 }, itemPage);
    expect(rows.map((row) => row.public_id)).toEqual(['item00000012', 'item00000014', 'item00000016']);
    const query = sent.at(-1)!;
    expect(query.sql).not.toContain('drop table');
    expect(query.parameters).toEqual([1, after.at, after.publicId, 3]);
  });

  it('builds filtered pages each time', async () => {
    builds = 0;
    const where = sql<boolean>`prepared_query_items.name like ${'Item 1%'}`;
    for (let i = 0; i < 2; i += 1) {
      const rows = await preparedKeysetPage(db, 1, { where, after: null, limit: 50 }, itemPage);
      expect(rows.map((row) => row.name)).toEqual(['Item 10', 'Item 12', 'Item 14', 'Item 16', 'Item 18']);
    }
    expect(builds).toBe(2);
  });
});

describe('executePrepared', () => {
  it('refuses a query that reads a value other than as a parameter', async () => {
    await expect(
      executePrepared(db, {}, 'shape', { limit: 3 }, () =>
        kysely.selectFrom('prepared_query_items').selectAll(),
      ),
    ).rejects.toThrow('A prepared query did not take limit as a parameter');
  });

  it('refuses a query with a value of its own, which later calls would keep', async () => {
    const build = (values: { companyId: number }) =>
      kysely
        .selectFrom('prepared_query_items')
        .select('name')
        .where('company_id', '=', values.companyId)
        .where('created_at', '<', new Date());
    await expect(executePrepared(db, {}, 'one', { companyId: 1 }, build)).rejects.toThrow(
      /A prepared query took a value of its own \(object\) as a parameter: pass it in values/,
    );
  });
});
