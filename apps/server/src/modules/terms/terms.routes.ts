import { brandingHostHeader, legalTextLanguageInput, type PublicLegalText } from '@fleetgate/contracts';
import { headerValue, type Api, type ApiContext } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { findHostOwner } from '../branding/branding-host.ts';
import { loadInstanceLegalTexts } from './instance-texts.ts';
import { presentPolicy, presentPrivacyStatement } from './terms.presenter.ts';
import { findLatestPolicy, findPrivacyStatement } from './terms.repository.ts';
import {
  acceptPolicy,
  effectivePolicy,
  effectivePrivacyStatement,
  effectiveTermsOfUse,
  setPrivacyStatementLanguage,
  setTermsLanguage,
} from './terms.service.ts';

/** Up to 100,000 characters of Markdown, each up to 4 bytes of UTF-8, plus the JSON around them. */
const legalTextBodyLimit = 512 * 1024;

/**
 * Terms of use and privacy statement: members read their company's (or its sector's), managers
 * change them one language at a time, users accept policy versions, and anyone reads the texts of
 * the host they are on (or the instance's own) before signing in.
 */
export function registerTermsRoutes(api: Api, deps: ModuleDeps) {
  const instance = loadInstanceLegalTexts(deps.config);
  const actorOf = (ctx: ApiContext<'company'>) => ({
    companyId: ctx.company.id,
    userId: ctx.user.id,
    clientAddress: ctx.clientAddress,
  });

  api.route({
    rel: 'CompanyTermsOfUsePolicy',
    method: 'GET',
    access: 'company',
    // The terms stay readable for a member the sign-in rules block (the legal links).
    allowedWhenSignInBlocked: true,
    doc: { summary: "The terms of use that apply in the company (its own, else its sector's), or null" },
    handler: async (ctx) => ({
      type: 'CompanyTermsOfUsePolicy',
      data: await effectiveTermsOfUse(ctx.db, ctx.company.id),
    }),
  });

  api.route({
    rel: 'CompanyTermsOfUsePolicyLanguage',
    method: 'PATCH',
    access: 'company',
    capability: 'termsOfUse.manage',
    bodyLimit: legalTextBodyLimit,
    doc: {
      summary:
        'Set (or with an empty body remove) one language of the terms; a change makes a new policy version. English comes first and goes last.',
      body: legalTextLanguageInput,
    },
    handler: async (ctx) => {
      const input = parseInput(legalTextLanguageInput, ctx.body);
      const owner = { companyId: ctx.company.id };
      const { created } = await setTermsLanguage(ctx.db, owner, actorOf(ctx), input);
      const latest = await effectivePolicy(ctx.db, ctx.company.id);
      if (created) {
        // Members' apps ask them to accept the new version at once.
        const publicId = latest?.row.public_id ?? (await findLatestPolicy(ctx.db, owner))!.public_id;
        await deps.events.publish(
          { companyId: ctx.company.id },
          { type: 'TermsOfUseChanged', data: { publicId } },
        );
      }
      return {
        type: 'CompanyTermsOfUsePolicy',
        data: latest ? presentPolicy(latest.row, latest.source) : null,
      };
    },
  });

  api.route({
    rel: 'CompanyPrivacyStatement',
    method: 'GET',
    access: 'company',
    allowedWhenSignInBlocked: true,
    doc: {
      summary: "The privacy statement that applies in the company (its own, else its sector's), or null",
    },
    handler: async (ctx) => ({
      type: 'CompanyPrivacyStatement',
      data: await effectivePrivacyStatement(ctx.db, ctx.company.id),
    }),
  });

  api.route({
    rel: 'CompanyPrivacyStatementLanguage',
    method: 'PATCH',
    access: 'company',
    capability: 'privacyStatement.manage',
    bodyLimit: legalTextBodyLimit,
    doc: {
      summary:
        'Set (or with an empty body remove) one language of the privacy statement. English comes first and goes last.',
      body: legalTextLanguageInput,
    },
    handler: async (ctx) => {
      const input = parseInput(legalTextLanguageInput, ctx.body);
      await setPrivacyStatementLanguage(ctx.db, { companyId: ctx.company.id }, actorOf(ctx), input);
      return {
        type: 'CompanyPrivacyStatement',
        data: await effectivePrivacyStatement(ctx.db, ctx.company.id),
      };
    },
  });

  api.route({
    rel: 'TermsOfUsePolicyAcceptance',
    method: 'POST',
    item: true,
    access: 'user',
    optionalCompany: true,
    allowedWhenSignInBlocked: true,
    bodyLimit: 1024,
    doc: {
      summary:
        "Accept a terms-of-use policy version of one of the user's companies (or their sector); accepting again answers the first acceptance",
      bodyOptional: true,
    },
    handler: async (ctx) => ({
      type: 'TermsOfUsePolicyAcceptance',
      data: await acceptPolicy(ctx.db, ctx.user, ctx.publicId, ctx.company?.id, ctx.clientAddress),
    }),
  });

  /** The host's owner (company or sector) from the branding header; none for other hosts. */
  async function hostOwner(ctx: ApiContext<'public'>) {
    // Public and answered from the database: limited like the branding lookup, before any query.
    await deps.brandingLookupLimiter.consume(ctx.clientAddress);
    const host = headerValue(ctx.request, brandingHostHeader.toLowerCase());
    return host ? findHostOwner(ctx.db, host.slice(0, 300)) : undefined;
  }

  api.route({
    rel: 'PublicTermsOfUse',
    method: 'GET',
    access: 'public',
    doc: {
      summary: `The terms of use of the host named in ${brandingHostHeader} (its company's or sector's), else the instance's`,
    },
    handler: async (ctx) => {
      const owner = await hostOwner(ctx);
      let data: PublicLegalText | undefined;
      if (owner?.companyId) {
        const found = await effectivePolicy(ctx.db, owner.companyId);
        if (found) data = { ...pick(presentPolicy(found.row, found.source)), version: found.row.version };
      } else if (owner?.sectorId) {
        const row = await findLatestPolicy(ctx.db, { sectorId: owner.sectorId });
        if (row && Object.keys(row.languages).length > 0)
          data = { ...pick(presentPolicy(row, 'sector')), version: row.version };
      }
      return {
        type: 'PublicTermsOfUse',
        data: data ?? { ...instance.termsOfUse, source: 'instance', version: null },
      };
    },
  });

  api.route({
    rel: 'PublicPrivacyStatement',
    method: 'GET',
    access: 'public',
    doc: {
      summary: `The privacy statement of the host named in ${brandingHostHeader} (its company's or sector's), else the instance's`,
    },
    handler: async (ctx) => {
      const owner = await hostOwner(ctx);
      let data: PublicLegalText | undefined;
      if (owner?.companyId) {
        const found = await effectivePrivacyStatement(ctx.db, owner.companyId);
        if (found) data = { ...pick(found), version: null };
      } else if (owner?.sectorId) {
        const row = await findPrivacyStatement(ctx.db, { sectorId: owner.sectorId });
        if (row && Object.keys(row.languages).length > 0)
          data = { ...pick(presentPrivacyStatement(row, 'sector')), version: null };
      }
      return {
        type: 'PublicPrivacyStatement',
        data: data ?? { ...instance.privacyStatement, source: 'instance', version: null },
      };
    },
  });
}

function pick(text: { publicId: string; languages: Record<string, string>; source: 'company' | 'sector' }) {
  return { publicId: text.publicId, languages: text.languages, source: text.source };
}
