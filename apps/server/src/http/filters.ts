import { sql, type Expression, type SqlBool } from 'kysely';
import { badRequest } from './errors.ts';

export type FilterValue = string | number | boolean | null;

const comparisons = [
  'lt',
  'lte',
  'eq',
  'ne',
  'gt',
  'gte',
  'in',
  'ni',
  'isnull',
  'isnotnull',
  'between',
  'contains',
] as const;
export type ComparisonOperator = (typeof comparisons)[number];

export type FilterNode =
  | { kind: 'logical'; op: 'and' | 'or'; args: FilterNode[] }
  | { kind: 'comparison'; op: ComparisonOperator; field: string; values: FilterValue[] };

/**
 * The SQL type behind a filterable field: values outside it are a 400, never a database error.
 * `int` is an integer column, `bigint` a bigint one (within JavaScript's exact integers),
 * `number` a double precision one.
 */
export type FilterFieldType = 'string' | 'int' | 'bigint' | 'number' | 'boolean' | 'date';
/** The filterable fields of a resource: field path → SQL column reference and value type. */
export type FilterSpec = { readonly [field: string]: { column: string; type: FilterFieldType } };

const maxLength = 4000;
const maxDepth = 16;
/** The longest text a filterable column stores (MQTT broker URLs). */
const maxTextLength = 2048;
const int4 = { min: -2_147_483_648, max: 2_147_483_647 };
/** PostgreSQL's timestamps reach further, but years outside 1…9999 are no one's data and not ISO 8601. */
const years = { min: 1, max: 9999 };

/** Parses and type-checks every `filters` parameter; they are ANDed. Problems are a 400 naming `filters`. */
export function parseFilterParams(params: string[], spec: FilterSpec): Expression<SqlBool> | null {
  const nodes = params.map((param) => {
    const node = parseFilter(param);
    checkTypes(node, spec);
    return node;
  });
  if (nodes.length === 0) return null;
  return compile(nodes.length === 1 ? nodes[0]! : { kind: 'logical', op: 'and', args: nodes }, spec);
}

function invalid(reason: string) {
  return badRequest(`Invalid filters: ${reason}`, 'filters');
}

const arity: Record<ComparisonOperator, [min: number, max: number]> = {
  lt: [1, 1],
  lte: [1, 1],
  eq: [1, 1],
  ne: [1, 1],
  gt: [1, 1],
  gte: [1, 1],
  contains: [1, 1],
  in: [1, 4000],
  ni: [1, 4000],
  isnull: [0, 0],
  isnotnull: [0, 0],
  between: [2, 2],
};

export function parseFilter(input: string): FilterNode {
  if (input.length > maxLength) throw invalid('is too long');
  const parser = new FilterParser(input);
  const node = parser.parseExpression(0);
  parser.skipSpaces();
  if (parser.pos !== input.length) throw invalid(`unexpected "${input[parser.pos]}" at ${parser.pos}`);
  return node;
}

class FilterParser {
  pos = 0;
  readonly #input: string;
  constructor(input: string) {
    this.#input = input;
  }

  parseExpression(depth: number): FilterNode {
    if (depth > maxDepth) throw invalid('nested too deeply');
    this.skipSpaces();
    const op = this.#word();
    this.#expect('(');
    if (op === 'and' || op === 'or') {
      const args: FilterNode[] = [];
      do args.push(this.parseExpression(depth + 1));
      while (this.#eat(','));
      this.#expect(')');
      return { kind: 'logical', op, args };
    }
    if (!(comparisons as readonly string[]).includes(op)) throw invalid(`unknown operator "${op}"`);
    const operator = op as ComparisonOperator;
    this.skipSpaces();
    const field = this.#fieldPath();
    const values: FilterValue[] = [];
    while (this.#eat(',')) values.push(this.#value());
    this.#expect(')');
    const [min, max] = arity[operator];
    if (values.length < min || values.length > max) throw invalid(`wrong number of values for "${op}"`);
    return { kind: 'comparison', op: operator, field, values };
  }

  skipSpaces() {
    while (this.#input[this.pos] === ' ') this.pos += 1;
  }

  #word(): string {
    const match = /[a-z]+/y;
    match.lastIndex = this.pos;
    const found = match.exec(this.#input);
    if (!found) throw invalid(`expected an operator at ${this.pos}`);
    this.pos += found[0].length;
    return found[0];
  }

  #fieldPath(): string {
    const match = /[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/y;
    match.lastIndex = this.pos;
    const found = match.exec(this.#input);
    if (!found) throw invalid(`expected a field name at ${this.pos}`);
    this.pos += found[0].length;
    this.skipSpaces();
    return found[0];
  }

  #value(): FilterValue {
    this.skipSpaces();
    const rest = this.#input.slice(this.pos);
    let value: FilterValue;
    let length: number;
    if (rest.startsWith('"')) {
      [value, length] = readString(rest);
    } else {
      const literal = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(rest);
      if (!literal) throw invalid(`expected a value at ${this.pos}`);
      length = literal[0].length;
      value =
        literal[0] === 'null'
          ? null
          : literal[0] === 'true'
            ? true
            : literal[0] === 'false'
              ? false
              : Number(literal[0]);
      if (typeof value === 'number' && !Number.isFinite(value))
        throw invalid(`number out of range at ${this.pos}`);
    }
    this.pos += length;
    this.skipSpaces();
    return value;
  }

  #eat(char: string): boolean {
    this.skipSpaces();
    if (this.#input[this.pos] !== char) return false;
    this.pos += 1;
    return true;
  }

  #expect(char: string) {
    if (!this.#eat(char)) throw invalid(`expected "${char}" at ${this.pos}`);
  }
}

function readString(rest: string): [string, number] {
  let out = '';
  for (let i = 1; i < rest.length; i += 1) {
    const char = rest[i]!;
    if (char === '"') return [out, i + 1];
    if (char === '\\') {
      const next = rest[i + 1];
      if (next !== '"' && next !== '\\') throw invalid('only \\" and \\\\ may be escaped in strings');
      out += next;
      i += 1;
    } else out += char;
  }
  throw invalid('unterminated string');
}

function checkTypes(node: FilterNode, spec: FilterSpec): void {
  if (node.kind === 'logical') {
    node.args.forEach((arg) => checkTypes(arg, spec));
    return;
  }
  const field = Object.hasOwn(spec, node.field) ? spec[node.field] : undefined;
  if (!field) throw invalid(`unknown field "${node.field}"`);
  if (node.op === 'contains' && field.type !== 'string') throw invalid(`"contains" needs a text field`);
  const ordered = ['lt', 'lte', 'gt', 'gte', 'between'].includes(node.op);
  if (ordered && field.type === 'boolean') throw invalid(`"${node.op}" cannot compare booleans`);
  for (const value of node.values) {
    if (!matchesType(value, field.type))
      throw invalid(`${JSON.stringify(value)} is not a ${field.type} for "${node.field}"`);
  }
}

function matchesType(value: FilterValue, type: FilterFieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string' && value.length <= maxTextLength && !value.includes('\u0000');
    case 'int':
      return Number.isInteger(value) && (value as number) >= int4.min && (value as number) <= int4.max;
    case 'bigint':
      return Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && isStorableDate(new Date(value));
  }
}

/** A date PostgreSQL's timestamp columns take (both drivers send it as an ISO string). */
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(year) && year >= years.min && year <= years.max;
}

function compile(node: FilterNode, spec: FilterSpec): Expression<SqlBool> {
  if (node.kind === 'logical') {
    const parts = node.args.map((arg) => compile(arg, spec));
    return sql<SqlBool>`(${sql.join(parts, node.op === 'and' ? sql` and ` : sql` or `)})`;
  }
  const field = spec[node.field]!;
  const column = sql.ref(field.column);
  const values = node.values.map((v) => (field.type === 'date' ? new Date(v as string) : v));
  const [first, second] = values;
  switch (node.op) {
    case 'lt':
      return sql<SqlBool>`${column} < ${first}`;
    case 'lte':
      return sql<SqlBool>`${column} <= ${first}`;
    case 'eq':
      return sql<SqlBool>`${column} = ${first}`;
    case 'ne':
      return sql<SqlBool>`${column} is distinct from ${first}`;
    case 'gt':
      return sql<SqlBool>`${column} > ${first}`;
    case 'gte':
      return sql<SqlBool>`${column} >= ${first}`;
    case 'in':
      return sql<SqlBool>`${column} in (${sql.join(values)})`;
    case 'ni':
      return sql<SqlBool>`${column} not in (${sql.join(values)})`;
    case 'isnull':
      return sql<SqlBool>`${column} is null`;
    case 'isnotnull':
      return sql<SqlBool>`${column} is not null`;
    case 'between':
      return sql<SqlBool>`${column} between ${first} and ${second}`;
    case 'contains':
      return sql<SqlBool>`strpos(lower(${column}), lower(${first})) > 0`;
  }
}
