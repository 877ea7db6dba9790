import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages, type Capability } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import {
  findCompanyContext,
  findUserBySecretHash,
  type AuthenticatedUser,
  type CompanyContext,
} from '../auth/context.ts';
import { DiscoveryRegistry } from './discovery.ts';
import { bearerSecretHash } from '../auth/bearer.ts';
import { AuthCache, type AccessChange } from '../auth/auth-cache.ts';
import { assertMayActIn } from '../auth/sign-in-rules.ts';
import { ApiError, badRequest, forbidden, unauthenticated } from './errors.ts';
import { success } from './envelope.ts';
import { publicIdPattern } from './ids.ts';
import { bodyLimitFor } from './body-limits.ts';
import type { RouteDoc } from './route-doc.ts';

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
  (A extends 'company'
    ? { company: CompanyContext }
    : A extends 'user'
      ? { company: CompanyContext | undefined }
      : object);

export type ApiResult = {
  type: string;
  data: unknown;
  status?: number;
  moreAfter?: string | null;
  /** Sent instead of the envelope (a CSV download); the handler sets its content type. */
  raw?: string;
};

export type RouteSpec<A extends Access> = {
  rel: string;
  method: Method;
  /** Item routes take `{publicId}` in their path. */
  item?: boolean;
  /** The path when it is not `/api/<rel>` (`/api/sectors/me`). */
  path?: string;
  access: A;
  /** Required capability in the company acted in (company routes only). */
  capability?: Capability;
  /** User routes that show the company acted in, when there is one (MyUser); others ignore Api-Company. */
  optionalCompany?: boolean;
  /**
   * Answers a member whom the company's sign-in rules block (no second factor, or not signed in
   * through single sign-on): only what the screens that tell them so need (MyUser, the terms).
   */
  allowedWhenSignInBlocked?: boolean;
  /** Largest accepted body in bytes; by default `bodyLimitFor` the route (http/body-limits.ts). */
  bodyLimit?: number;
  /** What the OpenAPI document says beyond rel, method and access (body schema, response …). */
  doc?: RouteDoc;
  handler: (ctx: ApiContext<A>) => Promise<ApiResult>;
};

/** A route as discovery and the OpenAPI document know it; `path` has `{publicId}` placeholders. */
export type DeclaredRoute = Omit<RouteSpec<Access>, 'handler' | 'path'> & { path: string };

/** Registers API routes and records them for discovery; modules only declare their routes. */
export class Api {
  readonly discovery = new DiscoveryRegistry();
  /** Every declared route, in order, for the OpenAPI document. */
  readonly declared: DeclaredRoute[] = [];
  readonly #app: FastifyInstance;
  readonly #db: Db;
  readonly #users: AuthCache<AuthenticatedUser>;
  readonly #companies: AuthCache<CompanyContext>;
  readonly #accessListeners = new Set<(change: AccessChange) => void>();

  constructor(app: FastifyInstance, db: Db, authCacheMs: number) {
    this.#app = app;
    this.#db = db;
    this.#users = new AuthCache(authCacheMs);
    this.#companies = new AuthCache(authCacheMs);
  }

  /** Forgets cached identities and rights after a change of access has committed, and tells the listeners. */
  applyAccessChange(change: AccessChange) {
    this.#users.apply(change);
    this.#companies.apply(change);
    for (const listener of this.#accessListeners) listener(change);
  }

  /** Calls `listener` after every change of access (this process's and, on PostgreSQL, the others'). */
  onAccessChange(listener: (change: AccessChange) => void): () => void {
    this.#accessListeners.add(listener);
    return () => this.#accessListeners.delete(listener);
  }

  /**
   * Records a route for discovery and the OpenAPI document without serving it: `route()` does
   * both, streams served by Fastify directly (events) declare themselves here.
   */
  declare(
    spec: Omit<RouteSpec<Access>, 'handler'>,
    path = `/api/${spec.rel}${spec.item ? '/{publicId}' : ''}`,
  ) {
    this.discovery.add(spec.rel, path, spec.method);
    const { rel, method, item, access, capability, optionalCompany, doc } = spec;
    this.declared.push({ rel, method, item, access, capability, optionalCompany, doc, path });
    return path;
  }

  route<A extends Access>(spec: RouteSpec<A>) {
    const path = this.declare(spec, spec.path);
    this.#app.route({
      method: spec.method,
      url: path.replace('{publicId}', ':publicId'),
      bodyLimit: spec.bodyLimit ?? bodyLimitFor(spec),
      handler: async (request, reply) => {
        const ctx = await this.#context(spec, request, reply);
        const result = await spec.handler(ctx);
        if (result.raw !== undefined) return reply.code(result.status ?? 200).send(result.raw);
        return reply.code(result.status ?? 200).send(success(result.type, result.data, result.moreAfter));
      },
    });
  }

  /** Signs in a company request that is not a `route()` (the live event stream) by the same rules. */
  async signIn(request: FastifyRequest, reply: FastifyReply): Promise<ApiContext<'company'>> {
    const spec: RouteSpec<'company'> = {
      rel: '',
      method: 'GET',
      access: 'company',
      handler: () => Promise.reject(new Error('not a route')),
    };
    return this.#context(spec, request, reply);
  }

  async #context<A extends Access>(spec: RouteSpec<A>, request: FastifyRequest, reply: FastifyReply) {
    const params = request.params as { publicId?: string };
    if (spec.item && !publicIdPattern.test(params.publicId ?? ''))
      throw new ApiError(404, errorMessages.notFound);
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
    if (spec.access === 'user' && !spec.optionalCompany)
      return { ...base, user, company: undefined } as unknown as ApiContext<A>;
    // No header, no company: there is no default, so a call never lands in a company by accident.
    const companyHeader = headerValue(request, 'api-company');
    if (companyHeader === undefined || companyHeader === '') {
      if (spec.access === 'company') throw badRequest(errorMessages.companyRequired, 'Api-Company');
      return { ...base, user, company: undefined } as unknown as ApiContext<A>;
    }
    if (!publicIdPattern.test(companyHeader)) {
      throw new ApiError(404, [{ message: errorMessages.companyNotFound, propertyName: 'Api-Company' }]);
    }
    const company = await this.#companies.get(`${user.id}:${companyHeader}`, async () => {
      const found = await findCompanyContext(this.#db, user.id, companyHeader);
      // A temporary membership is not cached past its end.
      return found && { value: found, userId: user.id, expiresAt: found.accessEndsOn ?? undefined };
    });
    if (!company) {
      throw new ApiError(404, [{ message: errorMessages.companyNotFound, propertyName: 'Api-Company' }]);
    }
    await assertMayActIn(this.#db, user, company, { allowBlocked: spec.allowedWhenSignInBlocked });
    if (spec.access === 'company' && spec.capability && !company.capabilities.has(spec.capability))
      throw forbidden();
    return { ...base, user, company } as unknown as ApiContext<A>;
  }

  async #authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const secretHash = bearerSecretHash(request.raw);
    const user =
      secretHash === undefined
        ? undefined
        : await this.#users.get(secretHash, async () => {
            const found = await findUserBySecretHash(this.#db, secretHash);
            return found && { value: found, userId: found.id, expiresAt: found.tokenExpiresOn };
          });
    if (!user) throw unauthenticated();
    return user;
  }
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
