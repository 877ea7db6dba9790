import { z } from 'zod';
import { apiVersion, limits } from '@fleetgate/contracts';
import type { DeclaredRoute } from './api.ts';
import type { FieldSpec } from './fields.ts';
import type { JsonSchema, RouteDoc, Shape } from './route-doc.ts';

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: Record<string, Record<string, JsonSchema>>;
};

const errorStatuses = {
  400: 'Invalid input or headers (each item names the property; listIndex inside lists)',
  401: 'No valid access token (or, on sign-in, wrong credentials)',
  403: 'The user lacks the capability',
  404: 'Unknown, or belongs to another company',
  409: 'Conflicts with stored data (a duplicate name, an object still in use …)',
  429: 'Too many attempts; wait for the Retry-After header',
} as const;
type ErrorStatus = keyof typeof errorStatuses;

const publicIdSchema = { type: 'string', pattern: '^[0-9a-z]{12}$' };

/**
 * Builds the OpenAPI 3.1 document from the declared routes: the same rels, paths and methods
 * as discovery, with request bodies converted from the zod schemas the handlers parse with.
 */
export function buildOpenApiDocument(
  routes: readonly DeclaredRoute[],
  options: { origin: string; version: string },
): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {
    PublicId: publicIdSchema,
    Error: errorEnvelope(),
  };
  const bodyNames = new Map<z.ZodType, string>();
  const dataNames = new Map<FieldSpec, string>();
  const paths: OpenApiDocument['paths'] = {};

  /** Gives each zod schema one component, named after the first route that takes it. */
  const bodyRef = (schema: z.ZodType, name: string) => {
    let known = bodyNames.get(schema);
    if (!known) {
      known = uniqueName(schemas, name);
      schemas[known] = toJsonSchema(schema);
      bodyNames.set(schema, known);
    }
    return { $ref: `#/components/schemas/${known}` };
  };
  const dataRef = (fields: FieldSpec, name: string) => {
    // Deletions answer with bare publicIds: not worth a component each.
    if (Object.keys(fields).join() === 'publicId') return fieldsSchema(fields, true);
    let known = dataNames.get(fields);
    if (!known) {
      known = uniqueName(schemas, name);
      schemas[known] = fieldsSchema(fields, true);
      dataNames.set(fields, known);
    }
    return { $ref: `#/components/schemas/${known}` };
  };

  for (const route of routes) {
    const doc: RouteDoc = route.doc ?? {};
    const operation: JsonSchema = {
      operationId: `${route.method.toLowerCase()}${route.rel}`,
      summary: doc.summary ?? `${route.method} ${route.rel}`,
      tags: [route.rel.replace(/List$/, '') || route.rel],
      parameters: parameters(route, doc),
    };
    if (route.capability) operation.description = `Needs the capability \`${route.capability}\`.`;
    const security = securityOf(route, doc);
    if (security) operation.security = security;

    if (doc.body || doc.bodyByPublicId) {
      const one = doc.body
        ? bodyRef(doc.body, `${route.rel}${capitalized(route.method)}Input`)
        : { type: 'object' };
      const schema = doc.bodyByPublicId
        ? byPublicIdList(doc.body ? schemas[bodyNames.get(doc.body)!]! : undefined)
        : shaped(one, doc.bodyShape ?? 'one');
      const optional =
        doc.bodyOptional === true ||
        (doc.body !== undefined && !doc.bodyByPublicId && doc.body.safeParse(undefined).success);
      operation.requestBody = { required: !optional, content: { 'application/json': { schema } } };
    }
    if (doc.rawBody) {
      const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
      operation.requestBody = {
        required: true,
        description: doc.rawBody.description,
        content: Object.fromEntries(doc.rawBody.contentTypes.map((type) => [type, { schema: binary }])),
      };
    }

    const data = doc.response?.fields
      ? shaped(
          dataRef(doc.response.fields, (doc.response.type ?? route.rel).replace(/List$/, '')),
          doc.response.shape ?? 'one',
        )
      : {};
    const success =
      doc.contentType === undefined
        ? { 'application/json': { schema: successEnvelope(doc, data) } }
        : { [doc.contentType]: { schema: { type: 'string' } } };
    operation.responses = {
      [String(doc.status ?? 200)]: { description: doc.response?.description ?? 'Success', content: success },
      ...Object.fromEntries(errorsOf(route, doc).map((status) => [String(status), errorRef(status)])),
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleetgate API',
      version: options.version,
      description:
        'Generated from the route declarations and zod schemas that serve the API. Every call sends ' +
        `\`Api-Version: ${apiVersion}\`; company resources also \`Api-Company\`. Sign in with ` +
        '`POST /api/AccessTokenList` (Basic email:otp:password) and send the secretId as a bearer token.',
    },
    servers: [{ url: options.origin }],
    paths,
    components: {
      schemas,
      parameters: {
        ApiVersion: header('Api-Version', true, 'The wire protocol version.', {
          type: 'string',
          enum: [apiVersion],
        }),
        ApiCompany: header('Api-Company', true, 'The publicId of the company acted in.', publicIdSchema),
        ApiCompanyOptional: header(
          'Api-Company',
          false,
          'The company acted in, when the answer should show it.',
          publicIdSchema,
        ),
        PublicId: { name: 'publicId', in: 'path', required: true, schema: publicIdSchema },
      },
      responses: Object.fromEntries(
        Object.entries(errorStatuses).map(([status, description]) => [
          `Error${status}`,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The secretId of an access token.' },
        basic: {
          type: 'http',
          scheme: 'basic',
          description: 'email:otp:password (otp empty without two-factor).',
        },
      },
    },
  };
}

/** zod 4's own converter; transforms and refinements are described by what they accept. */
function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(route: DeclaredRoute, doc: RouteDoc): JsonSchema[] {
  const list: JsonSchema[] = [{ $ref: '#/components/parameters/ApiVersion' }];
  if (route.access === 'company') list.push({ $ref: '#/components/parameters/ApiCompany' });
  if (route.optionalCompany) list.push({ $ref: '#/components/parameters/ApiCompanyOptional' });
  if (route.item) list.push({ $ref: '#/components/parameters/PublicId' });
  for (const param of doc.pathParameters ?? []) list.push({ in: 'path', required: true, ...param });
  for (const param of doc.headers ?? []) list.push({ in: 'header', ...param });
  for (const query of doc.query ?? []) {
    const repeated = query.schema.type === 'array';
    list.push({ in: 'query', ...query, ...(repeated ? { style: 'form', explode: true } : {}) });
  }
  return list;
}

function securityOf(route: DeclaredRoute, doc: RouteDoc) {
  if (doc.auth) return doc.auth.map((scheme) => ({ [scheme]: [] }));
  return route.access === 'public' ? undefined : [{ bearer: [] }];
}

/** The error answers a route can give, from what its declaration says it checks. */
function errorsOf(route: DeclaredRoute, doc: RouteDoc): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400];
  const signedIn = route.access !== 'public';
  if (signedIn || doc.auth) statuses.push(401);
  if (signedIn) statuses.push(403);
  if (route.item || route.access === 'company' || route.optionalCompany) statuses.push(404);
  if (route.method !== 'GET') statuses.push(409);
  if (doc.rateLimited) statuses.push(429);
  return statuses;
}

function errorRef(status: ErrorStatus) {
  return { $ref: `#/components/responses/Error${status}` };
}

function header(name: string, required: boolean, description: string, schema: JsonSchema) {
  return { name, in: 'header', required, description, schema };
}

function shaped(one: JsonSchema, shape: Shape): JsonSchema {
  const list = { type: 'array', minItems: 1, maxItems: limits.pageSizeMax, items: one };
  if (shape === 'one') return one;
  if (shape === 'list') return { type: 'array', items: one };
  return { oneOf: [one, list] };
}

/** Bulk bodies: `[{publicId, …}]`, each item the route's body plus its publicId. */
function byPublicIdList(body: JsonSchema | undefined): JsonSchema {
  const base = body ?? { type: 'object', additionalProperties: false };
  const properties = (base.properties ?? {}) as Record<string, JsonSchema>;
  const required = (base.required ?? []) as string[];
  const item =
    base.type === 'object'
      ? {
          ...base,
          properties: { publicId: publicIdSchema, ...properties },
          required: ['publicId', ...required],
        }
      : {
          allOf: [{ type: 'object', required: ['publicId'], properties: { publicId: publicIdSchema } }, base],
        };
  return { type: 'array', minItems: 1, maxItems: limits.pageSizeMax, items: item };
}

/** A presented object: the fields a resource exposes; every object carries its publicId. */
function fieldsSchema(spec: FieldSpec, top: boolean): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(spec).map(([name, sub]) => {
      if (sub === true) return [name, name === 'publicId' ? publicIdSchema : {}];
      const nested = fieldsSchema(sub, false);
      return [name, { anyOf: [nested, { type: 'array', items: nested }, { type: 'null' }] }];
    }),
  );
  const required = top || 'publicId' in spec ? ['publicId'] : [];
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function successEnvelope(doc: RouteDoc, data: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    type: doc.response?.type ? { const: doc.response.type } : { type: 'string' },
    status: { const: 'success' },
    data,
  };
  const required = ['type', 'status', 'data'];
  if (doc.response?.paged) {
    properties.moreAfter = {
      type: ['string', 'null'],
      description: 'Pass as page-after for the next page; null at the end.',
    };
    required.push('moreAfter');
  }
  return { type: 'object', required, properties };
}

function errorEnvelope(): JsonSchema {
  return {
    type: 'object',
    required: ['type', 'status', 'data'],
    properties: {
      type: { const: 'Error' },
      status: { const: 'error' },
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string', description: 'A stable message the client can translate.' },
            propertyName: { type: 'string' },
            listIndex: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
  };
}

function uniqueName(taken: Record<string, unknown>, name: string): string {
  let candidate = name;
  for (let i = 2; Object.hasOwn(taken, candidate); i++) candidate = `${name}${i}`;
  return candidate;
}

function capitalized(method: string): string {
  return method.charAt(0) + method.slice(1).toLowerCase();
}
