import { companyPatchInput } from '@fleetgate/contracts';
import type { Api, ApiContext } from '../../http/api.ts';
import { assertMayActIn } from '../../auth/sign-in-rules.ts';
import { findCompanyContext } from '../../auth/context.ts';
import { badRequest, forbidden, notFound, parseInput } from '../../http/errors.ts';
import { parseFields, project, selectAll, type FieldSpec } from '../../http/fields.ts';
import { siteOrigin } from '../../http/host-check.ts';
import { fieldsParameter } from '../../http/route-doc.ts';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../index.ts';
import { releaseDocumentUrl } from '../vpn-releases/vpn-release.catalog.ts';
import { brandingFields } from '../branding/branding.presenter.ts';
import { readCompanyIdentity } from '../branding/branding.service.ts';
import { changeCompanyCustom, findCompany, presentCompany } from './company-custom.service.ts';
import { companyTermsFields } from '../terms/terms.service.ts';

const reference = { publicId: true, name: true } as const;

/** The fields of a Company (`fields=branding.fqdn,sector` …). */
export const companyFields = {
  publicId: true,
  name: true,
  custom: { glbVpnClientReleaseNotesUrl: true },
  branding: brandingFields,
  parentCompany: reference,
  sector: reference,
  latestTermsOfUse: true,
  customTermsOfUse: true,
} as const satisfies FieldSpec;

/**
 * `Company/{publicId}`: a company the user is a member of, with its settings (`custom`), its
 * parent company and sector, and its effective branding (its own, else its parent's, else its
 * sector's). Every member reads it (the portal needs custom.glbVpnClientReleaseNotesUrl);
 * changing the settings takes branding.manage. The company is named by the path, not by
 * Api-Company; one the user is not a member of is not found.
 */
export function registerCompanyItemRoutes(api: Api, deps: ModuleDeps) {
  // The server's own release document, on the host the page is served from (a branding's fqdn
  // or PUBLIC_URL), so the portal reads it same-origin.
  const defaults = (ctx: ApiContext<'user'>) => ({
    glbVpnClientReleaseNotesUrl: releaseDocumentUrl(
      siteOrigin(ctx.request.headers.host, deps.config.publicUrl, deps.brandingHosts),
    ),
  });
  /** Everything a Company answer holds besides its settings; the modules that own them add theirs. */
  const extras = async (db: Db, companyId: number) => ({
    ...(await readCompanyIdentity(db, companyId)),
    ...(await companyTermsFields(db, companyId)),
  });

  api.route({
    rel: 'Company',
    method: 'GET',
    item: true,
    access: 'user',
    doc: {
      summary: 'A company the user is a member of, with its settings, parent, sector and effective branding',
      query: [fieldsParameter],
      response: { type: 'Company', fields: companyFields },
    },
    handler: async (ctx) => {
      const raw = ctx.query.fields;
      if (raw !== undefined && typeof raw !== 'string')
        throw badRequest('Give fields once, as a comma-separated list', 'fields');
      const selection = raw === undefined ? selectAll : parseFields(raw, companyFields);
      const company = await findCompanyContext(ctx.db, ctx.user.id, ctx.publicId);
      if (!company) throw notFound();
      // A blocked member may still read the company (the blocked page names it), not change it.
      await assertMayActIn(ctx.db, ctx.user, company, { allowBlocked: true });
      const row = await findCompany(ctx.db, company.id);
      const data = { ...presentCompany(row, defaults(ctx)), ...(await extras(ctx.db, company.id)) };
      return { type: 'Company', data: project(data, selection) };
    },
  });

  api.route({
    rel: 'Company',
    method: 'PATCH',
    item: true,
    access: 'user',
    doc: {
      summary: "Change the company's settings",
      body: companyPatchInput,
      response: { type: 'Company', fields: companyFields },
    },
    handler: async (ctx) => {
      const company = await findCompanyContext(ctx.db, ctx.user.id, ctx.publicId);
      if (!company) throw notFound();
      await assertMayActIn(ctx.db, ctx.user, company);
      if (!company.capabilities.has('branding.manage')) throw forbidden();
      const input = parseInput(companyPatchInput, ctx.body);
      const actor = { companyId: company.id, userId: ctx.user.id, clientAddress: ctx.clientAddress };
      const settings = await changeCompanyCustom(ctx.db, actor, input, defaults(ctx));
      return { type: 'Company', data: { ...settings, ...(await extras(ctx.db, company.id)) } };
    },
  });
}
