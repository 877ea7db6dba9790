import { z } from 'zod';
import { colorPattern } from './groups-and-assets.ts';
import { companySettingSchemas } from './company-properties.ts';

/**
 * Branding of a company or a sector (white-label partner). A company without a branding of its
 * own uses its parent company's, then its sector's ("parent fallbacks").
 */
export const brandingModes = ['light', 'dark'] as const;
export type BrandingMode = (typeof brandingModes)[number];

export const supportedPlatforms = ['windows', 'macos', 'linux', 'android', 'ios'] as const;
export type SupportedPlatform = (typeof supportedPlatforms)[number];

/** The images a branding holds; each is uploaded on its own. */
export const brandingImageSlots = ['logoLight', 'logoDark', 'favicon'] as const;
export type BrandingImageSlot = (typeof brandingImageSlots)[number];

export const brandingImageMaxBytes: Record<BrandingImageSlot, number> = {
  logoLight: 512 * 1024,
  logoDark: 512 * 1024,
  favicon: 64 * 1024,
};

/** Accepted upload types. SVG is accepted only after sanitising (scripts and external references removed). */
export const brandingImageTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/svg+xml',
] as const;

/** The header that carries the host name on `GET BrandingList`. */
export const brandingHostHeader = 'Api-Branding';

export const brandingTitleMaxLength = 255;
export const fqdnMaxLength = 253;

export type BrandingTheme = { primaryColor: string; secondaryColor: string; mode: BrandingMode };

/**
 * A branding as the API answers it. Image fields are same-origin paths
 * (`/api/BrandingImage/<publicId>`) that change whenever the image changes, so they cache forever.
 */
export type Branding = {
  publicId: string;
  fqdn: string | null;
  theme: BrandingTheme | null;
  logoLight: string | null;
  logoDark: string | null;
  favicon: string | null;
  customBrowserTitle: string | null;
  appStoreLinks: { android: string | null; ios: string | null };
  supportedPlatforms: SupportedPlatform[];
  vpnReleaseNotesUrl: string | null;
  /** Whose branding this is after the fallbacks: the company's own, its parent's or its sector's. */
  owner: { type: 'company' | 'sector'; publicId: string; name: string };
};

/** Lower-case DNS name: labels of letters, digits and hyphens, at least one dot. */
export const fqdnPattern =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const color = z
  .string()
  .regex(colorPattern)
  .transform((value) => value.toLowerCase());

const storeLink = (platform: 'android' | 'ios') =>
  z
    .string()
    .trim()
    .min(1)
    .max(2048)
    // A store page or a bare store id: the banner links only to the store page built from the id.
    .refine((link) => appStoreId(platform, link) !== undefined);

/** `PATCH MyCompanyBranding`: every property optional; `null` clears one. */
export const brandingPatchInput = z.strictObject({
  fqdn: z.string().trim().toLowerCase().max(fqdnMaxLength).regex(fqdnPattern).nullable().optional(),
  theme: z
    .strictObject({ primaryColor: color, secondaryColor: color, mode: z.enum(brandingModes) })
    .nullable()
    .optional(),
  customBrowserTitle: z.string().trim().min(1).max(brandingTitleMaxLength).nullable().optional(),
  appStoreLinks: z
    .strictObject({
      android: storeLink('android').nullable().optional(),
      ios: storeLink('ios').nullable().optional(),
    })
    .optional(),
  supportedPlatforms: z.array(z.enum(supportedPlatforms)).max(supportedPlatforms.length).optional(),
  /** The same setting as `Company.custom.glbVpnClientReleaseNotesUrl` (one storage). */
  vpnReleaseNotesUrl: companySettingSchemas['custom.glbVpnClientReleaseNotesUrl'].nullable().optional(),
});
export type BrandingPatchInput = z.infer<typeof brandingPatchInput>;

/** Error messages of the branding routes (stable strings the web app translates). */
export const brandingErrorMessages = {
  /** A blocklisted host name, or the instance's own PUBLIC_URL host, as `fqdn`. */
  hostNotAllowed: 'Host name not allowed',
  /** An upload that is none of PNG, JPEG, WebP, ICO or SVG (by its content, not its header). */
  unsupportedImage: 'Unsupported image type: use PNG, JPEG, WebP, ICO or SVG',
  /** An upload over its slot's limit (`brandingImageMaxBytes`). */
  imageTooLarge: 'File too large: a logo may have 512 KB, a favicon 64 KB',
  /** An SVG that is not a well-formed SVG image or holds nothing once sanitised. */
  invalidSvg: 'SVG image could not be read',
  sectorNotFound: 'Sector not found',
} as const;

/** `GET MySector`: the sector (white-label partner) of the company acted in. */
export type Sector = { publicId: string; name: string; branding: Branding | null };

/** The store id in an app-store link or a bare id: `id123456` (iOS), `com.example.app` (Android). */
export function appStoreId(platform: 'android' | 'ios', link: string): string | undefined {
  if (platform === 'ios') return /(?:^|\/id|^id)(\d{5,})/.exec(link)?.[1];
  const fromUrl = /[?&]id=([A-Za-z][\w.]*)/.exec(link)?.[1];
  if (fromUrl) return fromUrl;
  return /^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/.test(link) ? link : undefined;
}

/** The store page of an app by its id (the "app store lookup by id"). */
export function appStoreUrl(platform: 'android' | 'ios', id: string): string {
  return platform === 'ios'
    ? `https://apps.apple.com/app/id${encodeURIComponent(id)}`
    : `https://play.google.com/store/apps/details?id=${encodeURIComponent(id)}`;
}
