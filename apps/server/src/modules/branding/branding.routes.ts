import { brandingHostHeader, brandingPatchInput, errorMessages } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { headerValue } from '../../http/api.ts';
import { ApiError, badRequest, parseInput } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { fieldsParameter } from '../../http/route-doc.ts';
import type { AttemptLimiter } from '../../auth/limiters.ts';
import type { Config } from '../../config.ts';
import type { BrandingHosts } from './branding-host-cache.ts';
import { brandingFields } from './branding.presenter.ts';
import { changeBranding, findBrandingForHost, readOwnBranding } from './branding.service.ts';

export type BrandingDeps = {
  config: Config;
  brandingHosts: BrandingHosts;
  /** Public lookups per client address. */
  brandingLookupLimiter: AttemptLimiter;
};

/** Public branding lookups one address may make per minute: a page load needs one. */
export const brandingLookupsPerAddressPerMinute = 120;

export function fieldsOf(query: Record<string, unknown>) {
  const raw = query.fields;
  if (raw === undefined) return selectAll;
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, brandingFields);
}

export function registerBrandingRoutes(api: Api, deps: BrandingDeps) {
  api.route({
    rel: 'BrandingList',
    method: 'GET',
    access: 'public',
    doc: {
      summary:
        'The branding that claims a host name (public, for the login page). 404 when none does or the host is blocklisted.',
      query: [fieldsParameter],
      headers: [
        {
          name: brandingHostHeader,
          required: true,
          description: 'The host name the web app is served on.',
          schema: { type: 'string', maxLength: 260 },
        },
      ],
      rateLimited: true,
      response: { type: 'BrandingList', fields: brandingFields, shape: 'list' },
    },
    handler: async (ctx) => {
      // Cheap checks and the per-address budget come before any database work.
      const selection = fieldsOf(ctx.query);
      const host = headerValue(ctx.request, brandingHostHeader.toLowerCase())?.trim();
      if (!host) throw badRequest(errorMessages.required, brandingHostHeader);
      if (host.length > 260) throw badRequest(errorMessages.invalid, brandingHostHeader);
      await deps.brandingLookupLimiter.consume(ctx.clientAddress);
      const branding = await findBrandingForHost(ctx.db, host);
      if (!branding) throw new ApiError(404, errorMessages.notFound);
      return { type: 'BrandingList', data: [project(branding, selection)], moreAfter: null };
    },
  });

  api.route({
    rel: 'MyCompanyBranding',
    method: 'GET',
    access: 'company',
    doc: {
      summary: "The company's own branding for editing (all values null when it has none)",
      query: [fieldsParameter],
      response: { type: 'MyCompanyBranding', fields: brandingFields },
    },
    handler: async (ctx) => {
      const selection = fieldsOf(ctx.query);
      const branding = await readOwnBranding(ctx.db, { type: 'company', id: ctx.company.id });
      return { type: 'MyCompanyBranding', data: project(branding, selection) };
    },
  });

  api.route({
    rel: 'MyCompanyBranding',
    method: 'PATCH',
    access: 'company',
    capability: 'branding.manage',
    doc: {
      summary: "Change the company's own branding; null clears a value",
      body: brandingPatchInput,
      response: { type: 'MyCompanyBranding', fields: brandingFields },
    },
    handler: async (ctx) => {
      const input = parseInput(brandingPatchInput, ctx.body ?? {});
      const data = await changeBranding(ctx.db, { type: 'company', id: ctx.company.id }, input, {
        userId: ctx.user.id,
        clientAddress: ctx.clientAddress,
        publicUrl: deps.config.publicUrl,
        allowedHosts: deps.config.allowedHosts,
      });
      if (input.fqdn !== undefined) await deps.brandingHosts.reload();
      return { type: 'MyCompanyBranding', data };
    },
  });
}
