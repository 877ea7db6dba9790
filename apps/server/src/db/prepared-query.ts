import { CompiledQuery, type Compilable } from 'kysely';
import { poolOf, type Db } from './client.ts';

/** Stands in for a value while a query is built; its compiled parameter takes each call's value. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/** A query's SQL and, for each of its parameters, the name of the value each call gives. */
type Template = { sql: string; parameters: readonly string[] };

const templates = new WeakMap<Db, WeakMap<object, Map<string, Template>>>();
// Shapes come from a bounded set (field names, order, cursor or not); this only guards against a slip.
const maxShapesPerOwner = 500;

/**
 * Runs `build(values)` the way `.execute()` would, but builds and compiles it only once per
 * database, owner and shape: the first call builds it with stand-ins for `values`, later calls
 * reuse its SQL with their own values as its parameters. Building and compiling a Kysely query
 * cost a tenth of a list page's time (issue 18).
 *
 * `shape` must name everything else `build` reads that changes the SQL: `build` sees stand-ins,
 * not values, so it may only pass them into the query, never test them. Every parameter must
 * come from `values` (a query's own value, such as the time, would be kept: refused).
 */
export async function executePrepared<V extends Record<string, unknown>, Row>(
  db: Db,
  owner: object,
  shape: string,
  values: V,
  build: (values: V) => Compilable<Row>,
): Promise<Row[]> {
  let byOwner = templates.get(db);
  if (!byOwner) templates.set(db, (byOwner = new WeakMap()));
  let byShape = byOwner.get(owner);
  if (!byShape) byOwner.set(owner, (byShape = new Map<string, Template>()));
  let template = byShape.get(shape);
  if (!template) {
    template = templateOf(build, values);
    if (byShape.size < maxShapesPerOwner) byShape.set(shape, template);
  }
  const parameters = template.parameters.map((name) => values[name]);
  // On PostgreSQL straight to the pool, as Kysely's driver would send it (client.query(sql,
  // parameters)) without its layers of promises; PGlite and transactions go through Kysely.
  const pool = poolOf(db);
  if (pool) return (await pool.query(template.sql, parameters)).rows as Row[];
  const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
  return result.rows;
}

function templateOf<V extends Record<string, unknown>>(
  build: (values: V) => Compilable<unknown>,
  values: V,
): Template {
  const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)])) as V;
  const compiled = build(slots).compile();
  const parameters = compiled.parameters.map((parameter) => {
    // A value of the query's own (a `new Date()`) would be kept for every later call.
    if (!(parameter instanceof Slot))
      throw new Error(
        `A prepared query took a value of its own (${typeof parameter}) as a parameter: pass it in values`,
      );
    return parameter.name;
  });
  // A value given but not passed as a parameter was read some other way: its SQL would not hold.
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && !parameters.includes(name))
      throw new Error(`A prepared query did not take ${name} as a parameter`);
  }
  return { sql: compiled.sql, parameters };
}
