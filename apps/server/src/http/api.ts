import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages, type Capability } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import { findCompanyContext, findUserByBearer, type AuthenticatedUser, type CompanyContext } from '../auth/context.ts';
import { DiscoveryRegistry } from './discovery.ts';
import { ApiError, badRequest, forbidden, unauthenticated } from './errors.ts';
import { success } from './envelope.ts';
import { publicIdPattern } from './ids.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call a route: anyone, any signed-in user, or a member of the company acted in. */
export type Access = 'public' | 'user' | 'company';

export type ApiContext<A extends Access> = {
  db: Db;
  clientAddress: string;
  request: FastifyRequest;
  reply: FastifyReply;
  body: unknown;
  query: Record<string, unknown>;
  /** The `{publicId}` of an item route. */
  publicId: string;
} & (A extends 'public' ? object : { user: AuthenticatedUser }) &
  (A extends 'company' ? { company: CompanyContext } : A extends 'user' ? { company: CompanyContext | undefined } : object);

export type ApiResult = { type: string; data: unknown; status?: number; moreAfter?: string | null };

export type RouteSpec<A extends Access> = {
  rel: string;
  method: Method;
  /** Item routes take `{publicId}` in their path. */
  item?: boolean;
  access: A;
  /** Required capability in the company acted in (company routes only). */
  capability?: Capability;
  handler: (ctx: ApiContext<A>) => Promise<ApiResult>;
};

/** Registers API routes and records them for discovery; modules only declare their routes. */
export class Api {
  readonly discovery = new DiscoveryRegistry();
  readonly #app: FastifyInstance;
  readonly #db: Db;

  constructor(app: FastifyInstance, db: Db) {
    this.#app = app;
    this.#db = db;
  }

  route<A extends Access>(spec: RouteSpec<A>) {
    const path = `/api/${spec.rel}${spec.item ? '/{publicId}' : ''}`;
    this.discovery.add(spec.rel, path, spec.method);
    this.#app.route({
      method: spec.method,
      url: path.replace('{publicId}', ':publicId'),
      handler: async (request, reply) => {
        const ctx = await this.#context(spec, request, reply);
        const result = await spec.handler(ctx);
        return reply.code(result.status ?? 200).send(success(result.type, result.data, result.moreAfter));
      },
    });
  }

  async #context<A extends Access>(spec: RouteSpec<A>, request: FastifyRequest, reply: FastifyReply) {
    const params = request.params as { publicId?: string };
    if (spec.item && !publicIdPattern.test(params.publicId ?? '')) throw new ApiError(404, errorMessages.notFound);
    const base = {
      db: this.#db,
      clientAddress: request.ip,
      request,
      reply,
      body: request.body,
      query: request.query as Record<string, unknown>,
      publicId: params.publicId ?? '',
    };
    if (spec.access === 'public') return base as ApiContext<A>;

    const user = await this.#authenticate(request);
    const companyHeader = headerValue(request, 'api-company');
    if (companyHeader !== undefined && !publicIdPattern.test(companyHeader)) {
      throw new ApiError(404, [{ message: errorMessages.companyNotFound, propertyName: 'Api-Company' }]);
    }
    const company = await findCompanyContext(this.#db, user.id, companyHeader);
    if (companyHeader !== undefined && !company) {
      throw new ApiError(404, [{ message: errorMessages.companyNotFound, propertyName: 'Api-Company' }]);
    }
    if (spec.access === 'company') {
      if (!company) throw badRequest(errorMessages.companyRequired, 'Api-Company');
      if (spec.capability && !company.capabilities.has(spec.capability)) throw forbidden();
    }
    return { ...base, user, company } as unknown as ApiContext<A>;
  }

  async #authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(request.headers.authorization ?? '');
    const user = match ? await findUserByBearer(this.#db, match[1]!) : undefined;
    if (!user) throw unauthenticated();
    return user;
  }
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
