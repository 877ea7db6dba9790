import { companyPatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { findCompanyContext } from '../../auth/context.ts';
import { forbidden, notFound, parseInput } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { releaseDocumentUrl } from '../vpn-releases/vpn-release.catalog.ts';
import { changeCompanyCustom, findCompany, presentCompany } from './company-custom.service.ts';

/**
 * `Company/{publicId}`: a company the user is a member of, with its settings (`custom`).
 * Every member reads it (the portal needs custom.glbVpnClientReleaseNotesUrl); changing the
 * settings takes branding.manage. The company is named by the path, not by Api-Company; one
 * the user is not a member of is not found.
 */
export function registerCompanyItemRoutes(api: Api, deps: ModuleDeps) {
  const defaults = () => ({
    glbVpnClientReleaseNotesUrl: releaseDocumentUrl(deps.config.publicUrl),
  });

  api.route({
    rel: 'Company',
    method: 'GET',
    item: true,
    access: 'user',
    doc: { summary: 'A company the user is a member of, with its settings' },
    handler: async (ctx) => {
      const company = await findCompanyContext(ctx.db, ctx.user.id, ctx.publicId);
      if (!company) throw notFound();
      const row = await findCompany(ctx.db, company.id);
      return { type: 'Company', data: presentCompany(row, defaults()) };
    },
  });

  api.route({
    rel: 'Company',
    method: 'PATCH',
    item: true,
    access: 'user',
    doc: { summary: "Change the company's settings", body: companyPatchInput },
    handler: async (ctx) => {
      const company = await findCompanyContext(ctx.db, ctx.user.id, ctx.publicId);
      if (!company) throw notFound();
      if (!company.capabilities.has('branding.manage')) throw forbidden();
      const input = parseInput(companyPatchInput, ctx.body);
      const actor = { companyId: company.id, userId: ctx.user.id, clientAddress: ctx.clientAddress };
      const data = await changeCompanyCustom(ctx.db, actor, input, defaults());
      return { type: 'Company', data };
    },
  });
}
