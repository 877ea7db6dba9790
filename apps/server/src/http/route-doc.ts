import type { z } from 'zod';
import { limits } from '@fleetgate/contracts';
import type { FieldSpec } from './fields.ts';
import type { FilterSpec } from './filters.ts';

export type JsonSchema = Record<string, unknown>;

/** How a body or a response's `data` carries its items. */
export type Shape = 'one' | 'list' | 'oneOrList';

export type QueryParameterDoc = { name: string; description: string; schema: JsonSchema };

/**
 * What the OpenAPI document says about a route beyond its rel, method and access. Bodies are
 * the zod schemas the handlers parse with (the same objects), so the document cannot drift.
 */
export type RouteDoc = {
  summary?: string;
  body?: z.ZodType;
  /** `oneOrList` for creates that take one object or an array of them. */
  bodyShape?: Shape;
  /** The handler also takes no body at all (it reads a missing body as `{}`). */
  bodyOptional?: boolean;
  /** Bulk forms: a list whose items are `{publicId, …body}` (just `{publicId}` without a body). */
  bodyByPublicId?: boolean;
  /** The success status when it is not 200 (creates answer 201). */
  status?: number;
  response?: {
    /** The envelope's `type` when it is fixed. */
    type?: string;
    description?: string;
    fields?: FieldSpec;
    shape?: Shape;
    /** Keyset-paged lists carry `moreAfter`. */
    paged?: boolean;
  };
  query?: QueryParameterDoc[];
  /** Path parameters other than `{publicId}` (an image slot …). */
  pathParameters?: QueryParameterDoc[];
  /** Request headers the route reads (the host name of a branding lookup …). */
  headers?: (QueryParameterDoc & { required: boolean })[];
  /** A raw (not JSON) request body, such as an uploaded image, and its accepted types. */
  rawBody?: { contentTypes: string[]; description: string };
  /** Routes that count attempts answer 429 when the budget is spent. */
  rateLimited?: boolean;
  /** Credentials other than the bearer token (sign-in takes Basic). */
  auth?: ('basic' | 'bearer')[];
  /** A stream instead of the JSON envelope (server-sent events). */
  contentType?: string;
};

export const fieldsParameter: QueryParameterDoc = {
  name: 'fields',
  description:
    'Fields to return, e.g. `name,servers.name,servers(publicId,name),*`; publicId always comes back.',
  schema: { type: 'string', maxLength: 4000 },
};

/** The reading parameters of every keyset-paged list. */
export function listParameters(filters: FilterSpec): QueryParameterDoc[] {
  const filterable = Object.entries(filters)
    .map(([name, { type }]) => `\`${name}\` (${type})`)
    .join(', ');
  return [
    fieldsParameter,
    {
      name: 'filters',
      description:
        'Filter expressions such as `eq(name,"x")`, with lt lte eq ne gt gte in ni isnull isnotnull ' +
        `between contains, and(…), or(…); several are ANDed. Filterable: ${filterable || 'none'}.`,
      schema: { type: 'array', items: { type: 'string' } },
    },
    {
      name: 'page-size',
      description: `Items per page (default ${limits.pageSizeDefault}).`,
      schema: { type: 'integer', minimum: 1, maximum: limits.pageSizeMax },
    },
    {
      name: 'page-after',
      description: 'The `moreAfter` of the previous page.',
      schema: { type: 'string', maxLength: 200 },
    },
  ];
}
