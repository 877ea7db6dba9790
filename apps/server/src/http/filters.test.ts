import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CompiledQuery } from 'kysely';
import { PostgresQueryCompiler, sql } from 'kysely';
import { ApiError } from './errors.ts';
import { parseFilter, parseFilterParams, type FilterSpec } from './filters.ts';

const spec: FilterSpec = {
  publicId: { column: 't.public_id', type: 'string' },
  name: { column: 't.name', type: 'string' },
  order: { column: 't.order', type: 'number' },
  active: { column: 't.active', type: 'boolean' },
  start: { column: 't.start', type: 'date' },
  'type.publicId': { column: 'types.public_id', type: 'string' },
};

function compile(params: string[]): CompiledQuery {
  const expression = parseFilterParams(params, spec);
  if (!expression) throw new Error('no expression');
  return new PostgresQueryCompiler().compileQuery(sql`${expression}`.toOperationNode(), { queryId: 'q' });
}

describe('filters', () => {
  it.each([
    ['eq(publicId,"abc")', '"t"."public_id" = $1', ['abc']],
    ['ne(name, "a")', '"t"."name" is distinct from $1', ['a']],
    ['lt(order,5)', '"t"."order" < $1', [5]],
    ['lte(order,-1.5)', '"t"."order" <= $1', [-1.5]],
    ['gt(order,1e3)', '"t"."order" > $1', [1000]],
    ['gte(order,0)', '"t"."order" >= $1', [0]],
    ['in(name,"a","b")', '"t"."name" in ($1, $2)', ['a', 'b']],
    ['ni(name,"a")', '"t"."name" not in ($1)', ['a']],
    ['isnull(name)', '"t"."name" is null', []],
    ['isnotnull(type.publicId)', '"types"."public_id" is not null', []],
    ['between(order,1,2)', '"t"."order" between $1 and $2', [1, 2]],
    ['contains(name,"Pump")', 'strpos(lower("t"."name"), lower($1)) > 0', ['Pump']],
    ['eq(active,true)', '"t"."active" = $1', [true]],
    ['eq(name,"say \\"hi\\" \\\\ ok")', '"t"."name" = $1', ['say "hi" \\ ok']],
  ])('%s', (filter, expectedSql, parameters) => {
    const query = compile([filter]);
    expect(query.sql).toBe(expectedSql);
    expect(query.parameters).toEqual(parameters);
  });

  it('turns date values into dates', () => {
    expect(compile(['gte(start,"2026-01-02T03:04:05Z")']).parameters).toEqual([
      new Date('2026-01-02T03:04:05Z'),
    ]);
  });

  it('combines and / or, and ANDs several params', () => {
    const query = compile(['or(eq(name,"a"),and(gt(order,1),lt(order,9)))', 'eq(active,false)']);
    expect(query.sql).toBe(
      '(("t"."name" = $1 or ("t"."order" > $2 and "t"."order" < $3)) and "t"."active" = $4)',
    );
  });

  it.each([
    'eq(name)',
    'eq(name,"a","b")',
    'between(order,1)',
    'isnull(name,"a")',
    'like(name,"a")',
    'eq(nope,"a")',
    'eq(name,1)',
    'eq(order,"1")',
    'eq(active,"true")',
    'lt(active,true)',
    'contains(order,1)',
    'gte(start,"yesterday")',
    'eq(name,"unterminated)',
    'eq(name,"bad \\n escape")',
    'eq(name,null)',
    'eq(name,"a") trailing',
    'and()',
    'eq(order,1e999)',
    '',
  ])('refuses %j with a 400 naming filters', (filter) => {
    try {
      parseFilterParams([filter], spec);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).items[0]?.propertyName).toBe('filters');
    }
  });

  it('never fails other than with a 400 on any string', () => {
    const tokens = fc.constantFrom(
      'eq',
      'and',
      'or',
      'in',
      'between',
      'name',
      'order',
      '(',
      ')',
      ',',
      '"',
      '\\',
      ' ',
      '1',
      '-',
      '.',
      'e',
      'true',
      'null',
      'x',
    );
    const inputs = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.array(tokens, { maxLength: 40 }).map((t) => t.join('')),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        try {
          parseFilterParams([input], spec);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).status).toBe(400);
          expect((error as ApiError).items[0]?.propertyName).toBe('filters');
        }
      }),
      { numRuns: 3000 },
    );
  });

  describe('values outside the column type', () => {
    const typed: FilterSpec = {
      count: { column: 't.count', type: 'int' },
      big: { column: 't.big', type: 'bigint' },
      ratio: { column: 't.ratio', type: 'number' },
      at: { column: 't.at', type: 'date' },
      name: { column: 't.name', type: 'string' },
    };
    it.each([
      'eq(count,1.5)',
      'lt(count,2147483648)',
      'gt(count,-2147483649)',
      'in(count,1,2,3e9)',
      'eq(big,9007199254740993)',
      'eq(big,0.5)',
      'eq(ratio,1e400)',
      'eq(at,"0000-12-31")',
      'lt(at,"9999-12-31T23:00:00-05:00")',
      'gt(at,"+275760-09-13")',
      'eq(at,"2026-02-31garbage")',
      `eq(name,"${'x'.repeat(2049)}")`,
      'eq(name,"a\u0000b")',
    ])('refuses %.60j', (filter) => {
      expect(() => parseFilterParams([filter], typed)).toThrow(
        expect.objectContaining({
          status: 400,
          items: [expect.objectContaining({ propertyName: 'filters' })],
        }),
      );
    });

    it.each([
      'and(gte(count,-2147483648),lte(count,2147483647))',
      'eq(count,1e3)',
      'eq(big,9007199254740991)',
      'eq(ratio,-1.5e300)',
      'between(at,"0001-01-01","9999-12-31T23:59:59.999Z")',
      `eq(name,"${'x'.repeat(2048)}")`,
    ])('accepts %.60j', (filter) => {
      expect(parseFilterParams([filter], typed)).not.toBeNull();
    });
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = 'and('.repeat(40) + 'eq(name,"a")' + ')'.repeat(40);
    expect(() => parseFilter(deep)).toThrow(ApiError);
  });
});
