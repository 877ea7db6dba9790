import type { PublicSsoIdentityProvider, SsoIdentityProvider } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { PublicProviderRow, SsoProviderRow } from './sso-provider.repository.ts';

export const ssoProviderFields: FieldSpec = {
  publicId: true,
  name: true,
  issuerUrl: true,
  clientId: true,
  clientSecretSet: true,
  allowedDomains: true,
  logoUrl: true,
};

export const ssoProviderFilters: FilterSpec = {
  publicId: { column: 'sso_identity_providers.public_id', type: 'string' },
  name: { column: 'sso_identity_providers.name', type: 'string' },
  issuerUrl: { column: 'sso_identity_providers.issuer_url', type: 'string' },
  clientId: { column: 'sso_identity_providers.client_id', type: 'string' },
};

/**
 * The only shape a provider leaves the server in, in answers and in the audit trail alike: the
 * client secret is reduced to the fact that one is stored.
 */
export function presentSsoProvider(row: SsoProviderRow): SsoIdentityProvider {
  return {
    publicId: row.public_id,
    name: row.name,
    issuerUrl: row.issuer_url,
    clientId: row.client_id,
    clientSecretSet: row.client_secret_sealed !== '',
    allowedDomains: row.allowed_domains,
    logoUrl: row.logo_url,
  };
}

export const publicSsoProviderFields: FieldSpec = {
  publicId: true,
  name: true,
  logo: true,
  companies: { publicId: true, name: true },
};

/** One entry per provider (rows come one per provider today; grouping keeps the shape if that changes). */
export function presentPublicProviders(rows: PublicProviderRow[]): PublicSsoIdentityProvider[] {
  const byId = new Map<string, PublicSsoIdentityProvider>();
  for (const row of rows) {
    let provider = byId.get(row.public_id);
    if (!provider) {
      provider = { publicId: row.public_id, name: row.name, logo: row.logo_url, companies: [] };
      byId.set(row.public_id, provider);
    }
    provider.companies.push({ publicId: row.company_public_id, name: row.company_name });
  }
  return [...byId.values()];
}
