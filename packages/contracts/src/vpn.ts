import { z } from 'zod';
import type { Branding } from './branding.ts';
import type { NamedReference } from './groups-and-assets.ts';
import { companySettingSchemas } from './company-properties.ts';

export { companyCustomUrlMaxLength } from './http-url.ts';

/** Platforms the connector is offered for (one Node.js bundle runs on all three). */
export const vpnClientPlatforms = ['linux', 'macos', 'windows'] as const;
export type VpnClientPlatform = (typeof vpnClientPlatforms)[number];

export const vpnReleaseTypes = ['major', 'minor', 'patch'] as const;
export type VpnReleaseType = (typeof vpnReleaseTypes)[number];

/** The placeholder in `downloadUrl` that clients replace with the version they want. */
export const vpnVersionPlaceholder = '{version}';

/** Query parameter the portal adds to the release-document URL, changing once an hour. */
export const vpnReleasesCacheBustParam = 'hour';

/** The hourly cache-busting value for a moment, e.g. `2026112208` (UTC). */
export function vpnReleasesCacheBustValue(now: Date = new Date()): string {
  return now.toISOString().slice(0, 13).replace(/[-T]/g, '');
}

const semver = z.string().regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, 'Expected a version like 1.2.3');

/** One entry of the connector's release notes (apps/connector/releases.json holds a list). */
export const vpnReleaseNote = z.strictObject({
  version: semver,
  type: z.enum(vpnReleaseTypes),
  /** Release day, YYYY-MM-DD. */
  date: z.iso.date(),
  /** Markdown text. */
  body: z.string().min(1),
});
export type VpnReleaseNote = z.infer<typeof vpnReleaseNote>;

export const vpnReleaseNotes = z.array(vpnReleaseNote);

export type VpnClientPlatformRelease = {
  os: VpnClientPlatform;
  latestVersion: string;
  /** Absolute URL with `{version}` in place of the version. */
  downloadUrl: string;
};

/** `GET VpnClientReleases`: the data of the release document. */
export type VpnClientReleases = {
  platforms: VpnClientPlatformRelease[];
  /** Newest first. */
  releaseNotes: VpnReleaseNote[];
};

/** `PATCH Company/{publicId}` body; `null` puts a setting back to its default. */
export const companyPatchInput = z.strictObject({
  custom: z.strictObject({
    glbVpnClientReleaseNotesUrl: companySettingSchemas['custom.glbVpnClientReleaseNotesUrl']
      .nullable()
      .optional(),
  }),
});
export type CompanyPatchInput = z.infer<typeof companyPatchInput>;

/** `GET Company/{publicId}`: a company the user is a member of. */
export type Company = {
  publicId: string;
  name: string;
  custom: {
    /** Where the portal reads the VPN release document; the server's own when not set. */
    glbVpnClientReleaseNotesUrl: string;
  };
  /** The effective branding: the company's own, else its parent company's, else its sector's. */
  branding: Branding | null;
  parentCompany: NamedReference | null;
  sector: NamedReference | null;
};

/**
 * `Pump PLC` → `pump-plc`: a name as one DNS label. The connector's SOCKS5 proxy answers
 * `<service label>.<agent label>`; the portal shows such names as examples.
 */
export function vpnHostLabel(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
