import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  vpnClientPlatforms,
  vpnReleaseNotes,
  vpnVersionPlaceholder,
  type VpnClientReleases,
  type VpnReleaseNote,
} from '@fleetgate/contracts';

export type ReleaseCatalog = { latestVersion: string; releaseNotes: VpnReleaseNote[] };

/** Where the bundles are downloaded from; the file names are what the build script writes. */
export const downloadsPath = '/downloads/connector';
export const bundleFileName = (version: string) => `fleetgate-connector-${version}.mjs`;

/**
 * Reads the connector's version (package.json) and release notes (releases.json) once at
 * start: they change only with a new deployment. A malformed releases.json stops the server
 * instead of serving a broken document to every installer.
 */
export function loadReleaseCatalog(connectorDir: string): ReleaseCatalog {
  const manifest = JSON.parse(readFileSync(path.join(connectorDir, 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  if (typeof manifest.version !== 'string') throw new Error(`No version in ${connectorDir}/package.json`);
  const file = path.join(connectorDir, 'releases.json');
  const parsed = vpnReleaseNotes.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid ${file}: ${parsed.error.message}`);
  return { latestVersion: manifest.version, releaseNotes: [...parsed.data].sort(newestFirst) };
}

/** The release document for a server reached at `origin`. */
export function releaseDocument(catalog: ReleaseCatalog, origin: string): VpnClientReleases {
  // One Node.js bundle serves every platform; the list stays per platform for the portal.
  const downloadUrl = `${origin}${downloadsPath}/${bundleFileName(vpnVersionPlaceholder)}`;
  return {
    platforms: vpnClientPlatforms.map((os) => ({ os, latestVersion: catalog.latestVersion, downloadUrl })),
    releaseNotes: catalog.releaseNotes,
  };
}

/** The address of this server's release document: the default of custom.glbVpnClientReleaseNotesUrl. */
export const releaseDocumentUrl = (origin: string) => `${origin}/api/VpnClientReleases`;

function newestFirst(a: VpnReleaseNote, b: VpnReleaseNote): number {
  const pa = a.version.split(/[.-]/).map(Number);
  const pb = b.version.split(/[.-]/).map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pb[i]! - pa[i]!;
  return b.date.localeCompare(a.date);
}
