import fc from 'fast-check';
import * as contracts from '@fleetgate/contracts';
import type { z } from 'zod';

/**
 * Generators of API requests for the fuzz test. Requests are generated as plain data from a
 * seed; ids are placeholders (`idMarker` + pool + index) that the runner resolves against the
 * objects that exist when the request is sent, so the same seed replays the same requests.
 */
export const idMarker = '\u0001id:';
export type IdPool = 'own' | 'foreign' | 'company' | 'user' | 'token';
const idPools: IdPool[] = ['own', 'own', 'own', 'own', 'foreign', 'foreign', 'company', 'user', 'token'];
const idPlaceholder = fc
  .tuple(fc.constantFrom(...idPools), fc.nat(10_000))
  .map(([pool, index]) => `${idMarker}${pool}:${index}`);

/** Every request schema the API validates with, found in the shared contracts. */
const namedSchemas = (Object.entries(contracts) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => {
    const value = entry[1];
    return typeof value === 'object' && value !== null && '_zod' in value;
  },
);
const schemas = namedSchemas.map(([, schema]) => schema);

const baseOf = (name: string) => name.replace(/(Create|Patch|Put)?Input$/, '').toLowerCase();

/** The schemas a rel probably takes, by name: `membershipCreateInput` for POST UserMembershipList. */
function schemasFor(rel: string, method: string): z.ZodType[] {
  const subject = rel.replace(/List$/, '').toLowerCase();
  const matching = namedSchemas.filter(([name]) => {
    const base = baseOf(name);
    return base !== name.toLowerCase() && subject.includes(base);
  });
  // The most specific name wins: groupTypePatchInput, not groupPatchInput, for GroupType.
  const longest = Math.max(0, ...matching.map(([name]) => baseOf(name).length));
  const specific = matching.filter(([name]) => baseOf(name).length === longest);
  const preferred = specific.filter(([name]) =>
    method === 'PATCH' ? /Patch/.test(name) : method === 'POST' ? !/Patch/.test(name) : true,
  );
  return (preferred.length > 0 ? preferred : specific).map(([, schema]) => schema);
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  left?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Property names and enum values the schemas use: the words a request is most likely built from. */
function collectWords(schema: z.ZodType, keys: Set<string>, words: Set<string>, depth = 0) {
  if (depth > 12) return;
  const def = defOf(schema);
  const next = (inner: z.ZodType | undefined) => inner && collectWords(inner, keys, words, depth + 1);
  for (const [key, value] of Object.entries(def.shape ?? {})) {
    keys.add(key);
    next(value);
  }
  for (const value of Object.values(def.entries ?? {})) words.add(value);
  for (const value of def.values ?? []) if (typeof value === 'string') words.add(value);
  [def.innerType, def.element, def.in, def.left, def.valueType].forEach(next);
  (def.options ?? []).forEach(next);
  (def.items ?? []).forEach(next);
}
const schemaKeys = new Set<string>(['publicId', 'name', 'order']);
const schemaWords = new Set<string>();
schemas.forEach((schema) => collectWords(schema, schemaKeys, schemaWords));
export const propertyNames = [...schemaKeys];
const enumWords = [...schemaWords];

const now = Date.now();
const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
/** Plausible values: those that pass a string schema are used for it; together they make most schemas passable. */
const plausibleStrings = [
  'Fuzz name',
  'a',
  ' padded ',
  'fuzz-user@example.com',
  'not-an-email',
  '#12ab9f',
  'red',
  'mqtt://10.0.0.1:1883',
  'ws://127.0.0.1:1/mqtt',
  '10.0.0.7',
  'plc.local',
  '1.2.3',
  'fieldKey',
  'Passw0rd-fuzzing-long',
  'a'.repeat(20),
  iso(60_000),
  iso(3_600_000),
  iso(-86_400_000),
  '2026-01-01T00:00:00Z',
  // Periods in bodies (reports, a page's custom period) at the ends of the calendar and over long spans.
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  'custom:0001-01-01T00:00:00Z/9999-12-31T23:59:59Z',
  `custom:${iso(-86_400_000)}/${iso(0)}`,
  'custom:9999-12-31T00:00:00Z/+010000-01-01T00:00:00Z',
  ...enumWords,
];

/** Values that broke or may break a database: NUL, lone surrogates, huge and odd numbers, long text. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '',
    ' ',
    'x'.repeat(256),
    'y'.repeat(5000),
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '9999-12-31T23:59:59-12:00',
    'NaN',
    '__proto__',
    'constructor',
    '%00',
    "'; drop table users; --",
    '\u202e\ufeff',
    '😀'.repeat(100),
  ),
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e21,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER,
  ),
  fc.constantFrom(true, false, null, [], {}, [null], { publicId: null }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 3 }),
  idPlaceholder,
);

const deepValue = fc
  .integer({ min: 20, max: 3000 })
  .map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown);

/** A value shaped like `schema`, mostly passing it, sometimes with a nasty value at any node. */
function shaped(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const valid = validShaped(schema, depth);
  return fc.oneof({ arbitrary: valid, weight: 30 }, { arbitrary: nastyValue, weight: 1 });
}

function validShaped(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return fc.constant(null);
  const inner = (s: z.ZodType | undefined) => (s ? shaped(s, depth + 1) : fc.constant(undefined));
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const required = Object.keys(shape).filter((key) => !defOf(shape[key]!).type.match(/optional|default/));
      const record = fc.record(
        Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)])),
        { requiredKeys: required },
      );
      // Now and then an unknown property, or a required one left out.
      return fc.oneof(
        { arbitrary: record, weight: 8 },
        {
          arbitrary: fc.tuple(record, fc.constantFrom(...propertyNames), nastyValue).map(withKey),
          weight: 1,
        },
        { arbitrary: fc.tuple(record, fc.nat()).map(([value, n]) => withoutKey(value, n)), weight: 1 },
      );
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType));
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return inner(def.left);
    case 'pipe':
      return inner(def.in);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { a: 'a' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'string':
      return stringFor(schema);
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: 0, max: 70_000 }), fc.constantFrom(1, 60, 3600, 1000, 65535));
    case 'boolean':
      return fc.boolean();
    case 'record':
      return fc.dictionary(fc.constantFrom(...propertyNames), inner(def.valueType), { maxKeys: 3 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => inner(item)));
    case 'lazy':
      return def.getter ? inner(def.getter()) : fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const stringCache = new WeakMap<z.ZodType, fc.Arbitrary<unknown>>();
function stringFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const cached = stringCache.get(schema);
  if (cached) return cached;
  const passing = plausibleStrings.filter((value) => schema.safeParse(value).success);
  const takesIds = schema.safeParse('abcdefabcdef').success && !schema.safeParse('Fuzz name').success;
  const options: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: fc.string({ maxLength: 20 }), weight: 1 }];
  if (takesIds) options.push({ arbitrary: idPlaceholder, weight: 8 });
  if (passing.length > 0) options.push({ arbitrary: fc.constantFrom(...passing), weight: 8 });
  const arbitrary = fc.oneof(...options);
  stringCache.set(schema, arbitrary);
  return arbitrary;
}

function withKey([value, key, extra]: [unknown, string, unknown]) {
  return value && typeof value === 'object' ? { ...value, [key]: extra } : value;
}
function withoutKey(value: unknown, n: number) {
  if (!value || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 0) return value;
  const { [keys[n % keys.length]!]: _, ...rest } = value as Record<string, unknown>;
  return rest;
}

const schemaShaped = fc.constantFrom(...schemas).chain((schema) => shaped(schema));

type Body = { json?: unknown; raw?: string } | undefined;
/** Mostly a body for the rel's own schema (by name), else anything `bodyArbitrary` makes. */
export function bodyFor(rel: string, method: string): fc.Arbitrary<Body> {
  const own = schemasFor(rel, method);
  if (own.length === 0) return bodyArbitrary;
  const ownShaped = fc.constantFrom(...own).chain((schema) => shaped(schema));
  const bulk = rel.endsWith('List') && method !== 'POST';
  const item = bulk
    ? fc
        .array(fc.tuple(idPlaceholder, ownShaped), { minLength: 1, maxLength: 3 })
        .map((items) => items.map(([publicId, rest]) => ({ ...asObject(rest), publicId })))
    : ownShaped;
  return fc.oneof(
    { arbitrary: item.map((json) => ({ json })), weight: 6 },
    { arbitrary: fc.array(ownShaped, { minLength: 1, maxLength: 3 }).map((json) => ({ json })), weight: 1 },
    { arbitrary: bodyArbitrary, weight: 3 },
  );
}
const asObject = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** A request body: shaped like a schema, a list of such, a bulk change, arbitrary JSON, raw text or none. */
export const bodyArbitrary: fc.Arbitrary<Body> = fc.oneof(
  { arbitrary: schemaShaped.map((json) => ({ json })), weight: 40 },
  { arbitrary: fc.array(schemaShaped, { minLength: 1, maxLength: 3 }).map((json) => ({ json })), weight: 10 },
  {
    arbitrary: fc
      .array(fc.tuple(idPlaceholder, schemaShaped), { minLength: 1, maxLength: 3 })
      .map((items) => ({
        json: items.map(([publicId, rest]) => ({ ...asObject(rest), publicId })),
      })),
    weight: 10,
  },
  {
    arbitrary: fc
      .dictionary(fc.oneof(fc.constantFrom(...propertyNames), fc.string({ maxLength: 8 })), nastyValue, {
        maxKeys: 6,
      })
      .map((json) => ({ json })),
    weight: 12,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })), weight: 5 },
  { arbitrary: deepValue.map((json) => ({ json: { name: json } })), weight: 2 },
  {
    arbitrary: fc
      .oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('{"name":', '[{"publicId":"', '{"a":1}{', '\u0000'),
      )
      .map((raw) => ({ raw })),
    weight: 4,
  },
  { arbitrary: fc.constant(undefined), weight: 10 },
);

const filterField = fc.oneof(
  fc.constantFrom(...propertyNames),
  fc
    .tuple(fc.constantFrom(...propertyNames), fc.constantFrom('publicId', 'name'))
    .map(([a, b]) => `${a}.${b}`),
  fc.constantFrom('createdOn', 'createdAt', 'lastSeenOn', 'start', 'end', 'port', 'order', 'status', 'read'),
);
const filterValue = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '1.5',
    '2147483648',
    '-2147483649',
    '99999999999',
    '1e308',
    '1e-320',
    '9007199254740993',
    'true',
    'false',
    'null',
    '"a"',
    '""',
    '"0000-01-01"',
    '"2026-01-01T00:00:00Z"',
    '"9999-12-31T23:59:59-12:00"',
    '"+275760-09-13"',
    '"\\"quoted\\""',
    `"${'x'.repeat(3000)}"`,
  ),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  idPlaceholder.map((id) => `"${id}"`),
);
const operators = [
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
];
const comparison = fc
  .tuple(fc.constantFrom(...operators), filterField, fc.array(filterValue, { maxLength: 3 }))
  .map(([op, field, values]) => `${op}(${[field, ...values].join(',')})`);
const filterArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: comparison, weight: 6 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('and', 'or'), fc.array(comparison, { minLength: 1, maxLength: 3 }))
      .map(([op, parts]) => `${op}(${parts.join(',')})`),
    weight: 2,
  },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
);

const cursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
const fieldsArbitrary = fc.oneof(
  fc
    .array(fc.constantFrom(...propertyNames, '*'), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(',')),
  fc
    .tuple(
      fc.constantFrom(...propertyNames),
      fc.array(fc.constantFrom(...propertyNames, '*'), { maxLength: 3 }),
    )
    .map(([parent, children]) => `${parent}(${children.join(',')})`),
  fc.string({ maxLength: 20 }),
);
const queryValue: Record<string, fc.Arbitrary<string>> = {
  fields: fieldsArbitrary,
  filters: filterArbitrary,
  'page-size': fc.oneof(
    fc.constantFrom('1', '20', '4000', '4001', '0', '-1', '1.5', '1e3', '99999999999', ''),
    fc.string({ maxLength: 6 }),
  ),
  'page-after': fc.oneof(
    fc.constantFrom(
      cursor(iso(0), 'abcdefabcdef'),
      cursor('0000-01-01T00:00:00.000Z', 'abcdefabcdef'),
      cursor('+275760-09-13T00:00:00.000Z', 'abcdefabcdef'),
      cursor(iso(0), 'a\u0000'),
      cursor('1', 'x'),
      'AAAA',
      '!!!',
    ),
    fc.string({ maxLength: 30 }),
    fc.string({ maxLength: 30 }).map((s) => Buffer.from(s).toString('base64url')),
  ),
};

/**
 * Days and instants at and beyond both ends of the calendar (years 1 and 9999, the years
 * JavaScript and PostgreSQL write differently) and near today, for every parameter that takes a
 * period: a loop over the days of `to=9999-12-31` once never ended and took the server down.
 */
const extremeDays = [
  '0001-01-01',
  '0001-01-10',
  '0000-12-31',
  '1969-12-31',
  '1970-01-01',
  '2024-02-29',
  '9998-12-31',
  '9999-01-01',
  '9999-12-02',
  '9999-12-31',
  '+010000-01-01',
  '-000001-12-31',
  '+275760-09-13',
];
const calendarDay = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const periodDay = fc.oneof(
  { arbitrary: fc.constantFrom(...extremeDays, iso(0).slice(0, 10)), weight: 3 },
  { arbitrary: calendarDay, weight: 1 },
);
const periodInstant = fc.oneof(
  periodDay.map((day) => `${day}T00:00:00Z`),
  periodDay.map((day) => `${day}T23:59:59.999+14:00`),
  fc.constantFrom(iso(0), iso(-3_600_000), '9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00.000Z'),
);
/** A period as usage (`from`, `to`: days) and data logging (`start`, `end`: instants) take it; one end or both. */
export const periodArbitrary: fc.Arbitrary<[string, string][]> = fc.oneof(
  fc
    .tuple(fc.option(periodDay), fc.option(periodDay))
    .map(([from, to]): [string, string][] => [
      ...(from === null ? [] : [['from', from] as [string, string]]),
      ...(to === null ? [] : [['to', to] as [string, string]]),
    ]),
  fc
    .tuple(periodInstant, periodInstant, fc.option(fc.constantFrom('1', '60', '86400', '99999999')))
    .map(([start, end, bucket]): [string, string][] => [
      ['start', start],
      ['end', end],
      ['tag', 'Temperature'],
      ...(bucket === null ? [] : [['bucketSeconds', bucket] as [string, string]]),
    ]),
);

/** Query parameters: any of the reading ones, sometimes repeated, unknown keys, and periods. */
export const queryArbitrary: fc.Arbitrary<[string, string][]> = fc.oneof(
  fc.constant<[string, string][]>([]),
  periodArbitrary,
  fc.array(
    fc.oneof(
      {
        arbitrary: fc
          .constantFrom(...Object.keys(queryValue))
          .chain((key) => queryValue[key]!.map((value): [string, string] => [key, value])),
        weight: 6,
      },
      { arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 })), weight: 1 },
    ),
    { minLength: 1, maxLength: 4 },
  ),
);

/** Who sends it: the fuzzer's administrator, nobody, the wrong company, or garbage. */
export type Identity = 'admin' | 'none' | 'noCompany' | 'foreignCompany' | 'badCompany' | 'badToken';
export const identityArbitrary = fc.constantFrom<Identity>(
  ...Array<Identity>(40).fill('admin'),
  'none',
  'noCompany',
  'foreignCompany',
  'badCompany',
  'badToken',
);

export const pathIdArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: idPlaceholder, weight: 8 },
  { arbitrary: fc.stringMatching(/^[0-9a-z]{12}$/), weight: 1 },
  { arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent), weight: 1 },
);

export const headerArbitrary = fc.record(
  {
    apiVersion: fc.oneof(
      { arbitrary: fc.constant('2'), weight: 30 },
      { arbitrary: fc.constantFrom('1', '3', '', ' 2'), weight: 1 },
    ),
    contentType: fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 20 },
      fc.constantFrom(
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'garbage',
        '',
      ),
    ),
    application: fc.constantFrom('fuzz', 'x'.repeat(300), '\u00e9'),
  },
  { requiredKeys: ['apiVersion', 'contentType'] },
);
