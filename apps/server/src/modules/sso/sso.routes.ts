import type { FastifyRequest } from 'fastify';
import {
  brandingHostHeader,
  errorMessages,
  limits,
  ssoAccessTokenInput,
  ssoAuthorizationInput,
  ssoEmailDomain,
} from '@fleetgate/contracts';
import { createSecretBox } from '../../auth/secret-box.ts';
import type { Api } from '../../http/api.ts';
import { headerValue } from '../../http/api.ts';
import { badRequest, parseInput } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { fieldsParameter } from '../../http/route-doc.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import { findHostOwner } from '../branding/branding-host.ts';
import {
  presentPublicProviders,
  presentSsoProvider,
  publicSsoProviderFields,
  ssoProviderFields,
  ssoProviderFilters,
} from './sso-provider.presenter.ts';
import {
  findSsoProvidersByPublicIds,
  listProvidersForDomain,
  listProvidersOfCompany,
  listSsoProviders,
  type PublicProviderRow,
} from './sso-provider.repository.ts';
import {
  createSsoProviderService,
  providerCreateSchema,
  providerPatchSchema,
} from './sso-provider.service.ts';
import { createSsoSignInService } from './sso-sign-in.service.ts';

/** Public provider lookups per address and minute: a login page makes one or two. */
export const ssoLookupsPerAddressPerMinute = 60;
/** Sign-ins started or finished per address and minute; each one talks to a provider. */
export const ssoSignInsPerAddressPerMinute = 20;

/**
 * Single sign-on with OpenID Connect: the company's identity providers
 * (`CompanySsoIdentityProviderList`, `CompanySsoIdentityProvider/{publicId}`, roles manage right),
 * the public list for the login page (`SsoIdentityProviderList`), and the sign-in itself
 * (`SsoAuthorizationList`, then `SsoAccessTokenList` from /sso-callback).
 */
export function registerSsoRoutes(api: Api, deps: ModuleDeps) {
  const box = createSecretBox({ envKey: process.env.FLEETGATE_SECRET_KEY, dataDir: deps.config.dataDir });
  const outbound = { allowPrivate: deps.config.outboundAllowPrivate };
  const providers = createSsoProviderService(box, outbound.allowPrivate);
  const signIn = createSsoSignInService({ box, outbound, publicUrl: () => deps.config.publicUrl });
  const lookupBudget = deps.limiters.attempts('sso:lookup', ssoLookupsPerAddressPerMinute, 60);
  const authorizeBudget = deps.limiters.attempts('sso:authorize', ssoSignInsPerAddressPerMinute, 60);
  const finishBudget = deps.limiters.attempts('sso:finish', ssoSignInsPerAddressPerMinute, 60);

  registerResource(api, {
    name: 'CompanySsoIdentityProvider',
    read: 'roles.manage',
    write: 'roles.manage',
    fields: ssoProviderFields,
    filters: ssoProviderFilters,
    repository: { list: listSsoProviders, findByPublicIds: findSsoProvidersByPublicIds },
    present: presentSsoProvider,
    create: { schema: providerCreateSchema, run: providers.create },
    update: { schema: providerPatchSchema, run: providers.change },
    remove: { run: providers.remove },
  });

  api.route({
    rel: 'SsoIdentityProviderList',
    method: 'GET',
    access: 'public',
    doc: {
      summary:
        'Identity providers for the login page (no sign-in): those of the company whose branding claims the host, or with ?emailDomain= those that vouch for that domain',
      query: [
        fieldsParameter,
        {
          name: 'emailDomain',
          description: 'The domain of the e-mail address typed on the login page.',
          schema: { type: 'string', maxLength: 253 },
        },
      ],
      rateLimited: true,
      response: { type: 'SsoIdentityProviderList', fields: publicSsoProviderFields, shape: 'list' },
    },
    handler: async (ctx) => {
      const selection = ctx.query.fields === undefined ? selectAll : fieldsOf(ctx.query.fields);
      const rawDomain = ctx.query.emailDomain;
      if (rawDomain !== undefined && typeof rawDomain !== 'string')
        throw badRequest(errorMessages.invalid, 'emailDomain');
      const domain = rawDomain === undefined ? undefined : ssoEmailDomain.safeParse(rawDomain);
      if (domain && !domain.success) throw badRequest(errorMessages.invalid, 'emailDomain');
      await lookupBudget.consume(ctx.clientAddress);
      let rows: PublicProviderRow[] = [];
      if (domain) {
        rows = await listProvidersForDomain(ctx.db, domain.data);
      } else {
        // Without a hint only the host's own company is shown: the list of every customer stays private.
        const owner = await findHostOwner(ctx.db, requestHost(ctx.request) ?? '');
        if (owner?.companyId) rows = await listProvidersOfCompany(ctx.db, owner.companyId);
      }
      return {
        type: 'SsoIdentityProviderList',
        data: presentPublicProviders(rows).map((provider) => project(provider, selection)),
        moreAfter: null,
      };
    },
  });

  api.route({
    rel: 'SsoAuthorizationList',
    method: 'POST',
    access: 'public',
    doc: {
      summary: "Start a sign-in at a company's identity provider; answers the URL to send the browser to",
      body: ssoAuthorizationInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(ssoAuthorizationInput, ctx.body);
      await authorizeBudget.consume(ctx.clientAddress);
      const data = await signIn.authorize(ctx.db, input);
      return { type: 'SsoAuthorization', data, status: 201 };
    },
  });

  api.route({
    rel: 'SsoAccessTokenList',
    method: 'POST',
    access: 'public',
    doc: {
      summary: 'Finish a sign-in at an identity provider: the query it sent to /sso-callback, for a session',
      body: ssoAccessTokenInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(ssoAccessTokenInput, ctx.body);
      await finishBudget.consume(ctx.clientAddress);
      const data = await signIn.finish(ctx.db, input, {
        clientAddress: ctx.clientAddress,
        client: clientOf(ctx.request),
      });
      return { type: 'AccessToken', data, status: 201 };
    },
  });
}

function fieldsOf(raw: unknown) {
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, publicSsoProviderFields);
}

/** The host the web app is served on: the branding header it sends, else the request's Host. */
function requestHost(request: FastifyRequest): string | undefined {
  const host = headerValue(request, brandingHostHeader.toLowerCase()) ?? headerValue(request, 'host');
  return host && host.length <= 260 ? host : undefined;
}

function clientOf(request: FastifyRequest): string | null {
  const named = headerValue(request, 'api-application') || headerValue(request, 'user-agent');
  return named ? named.slice(0, limits.nameMaxLength) : null;
}
