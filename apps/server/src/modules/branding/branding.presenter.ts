import { supportedPlatforms, type Branding, type SupportedPlatform } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { BrandingRecord } from './branding.repository.ts';

/** The fields of a Branding (`fields=fqdn,theme(primaryColor)` …). */
export const brandingFields = {
  publicId: true,
  fqdn: true,
  theme: { primaryColor: true, secondaryColor: true, mode: true },
  logoLight: true,
  logoDark: true,
  favicon: true,
  customBrowserTitle: true,
  appStoreLinks: { android: true, ios: true },
  supportedPlatforms: true,
  vpnReleaseNotesUrl: true,
  owner: { type: true, publicId: true, name: true },
} as const satisfies FieldSpec;

/** Where an image is served; a new upload has a new publicId, so the path can be cached forever. */
export const brandingImagePath = (publicId: string) => `/api/BrandingImage/${publicId}`;

export type BrandingOwner = { type: 'company' | 'sector'; publicId: string; name: string };

const imagePath = (publicId: string | null) => (publicId === null ? null : brandingImagePath(publicId));

/** A stored branding as the API answers it. */
export function presentBranding(
  record: BrandingRecord,
  owner: BrandingOwner,
  vpnReleaseNotesUrl: string | null,
): Branding {
  const links = record.app_store_links;
  const platforms = record.supported_platforms.filter((p): p is SupportedPlatform =>
    (supportedPlatforms as readonly string[]).includes(p),
  );
  return {
    publicId: record.public_id,
    fqdn: record.fqdn,
    theme: record.theme,
    logoLight: imagePath(record.logo_light_public_id),
    logoDark: imagePath(record.logo_dark_public_id),
    favicon: imagePath(record.favicon_public_id),
    customBrowserTitle: record.custom_browser_title,
    appStoreLinks: { android: links.android ?? null, ios: links.ios ?? null },
    supportedPlatforms: platforms,
    vpnReleaseNotesUrl,
    owner,
  };
}

/**
 * Whether a branding has anything of its own. An empty one (never set, or everything cleared)
 * lets the fallbacks apply: the parent company's, then the sector's.
 */
export function hasBrandingValues(record: BrandingRecord): boolean {
  const links = record.app_store_links;
  return (
    record.fqdn !== null ||
    record.theme !== null ||
    record.custom_browser_title !== null ||
    record.logo_light_id !== null ||
    record.logo_dark_id !== null ||
    record.favicon_id !== null ||
    Boolean(links.android) ||
    Boolean(links.ios) ||
    record.supported_platforms.length > 0
  );
}

/** The company's VPN release-notes URL as stored in its settings (company property custom.glbVpnClientReleaseNotesUrl). */
export function customReleaseNotesUrl(custom: Record<string, unknown>): string | null {
  const url = custom.glbVpnClientReleaseNotesUrl;
  return typeof url === 'string' ? url : null;
}
