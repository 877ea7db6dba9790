import {
  apiVersion,
  vpnReleasesCacheBustParam,
  vpnReleasesCacheBustValue,
  type Company,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { findEntry } from '../../api/discovery.ts';
import type { ReleasePlatform } from './vpn-rules.ts';

export type PlatformRelease = { os: string; latestVersion: string; downloadUrl: string };
export type ReleaseNote = { version: string; type: string; date: string; body: string };
export type ReleaseDocument = { platforms: PlatformRelease[]; releaseNotes: ReleaseNote[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function parsePlatform(item: unknown): PlatformRelease | null {
  if (!isRecord(item)) return null;
  const os = str(item.os);
  const latestVersion = str(item.latestVersion);
  const downloadUrl = str(item.downloadUrl);
  return os && latestVersion && downloadUrl ? { os, latestVersion, downloadUrl } : null;
}

function parseNote(item: unknown): ReleaseNote | null {
  if (!isRecord(item)) return null;
  const version = str(item.version);
  if (!version) return null;
  return { version, type: str(item.type) ?? '', date: str(item.date) ?? '', body: str(item.body) ?? '' };
}

/**
 * Reads the release document leniently: it may come in the API envelope or bare, and it may
 * live on another host (custom.glbVpnClientReleaseNotesUrl), so unknown entries are skipped
 * rather than failing the whole dialog.
 */
export function parseReleaseDocument(raw: unknown): ReleaseDocument {
  const body = isRecord(raw) && raw.status === 'success' ? raw.data : raw;
  if (!isRecord(body)) return { platforms: [], releaseNotes: [] };
  // The per-platform list's property name is not fixed: any other list of {os, latestVersion…}.
  const platforms = Object.entries(body)
    .filter(([name, value]) => name !== 'releaseNotes' && Array.isArray(value))
    .flatMap(([, value]) => value as unknown[])
    .map(parsePlatform)
    .filter((p): p is PlatformRelease => p !== null);
  const notes = Array.isArray(body.releaseNotes) ? body.releaseNotes : [];
  return { platforms, releaseNotes: notes.map(parseNote).filter((n): n is ReleaseNote => n !== null) };
}

/** The entry for this desktop platform; `os` names vary (win32, darwin, mac…), so aliases count. */
export function releaseFor(
  document: ReleaseDocument,
  platform: ReleasePlatform,
): PlatformRelease | undefined {
  const aliases: Record<ReleasePlatform, RegExp> = {
    windows: /^win/i,
    macos: /^(mac|darwin|osx)/i,
    linux: /^linux/i,
  };
  return document.platforms.find((entry) => aliases[platform].test(entry.os));
}

/**
 * The address in the company's custom.glbVpnClientReleaseNotesUrl (the server fills in its own
 * `VpnClientReleases` when the company has none); the discovered route if the company cannot be read.
 */
async function releaseDocumentUrl(companyId: string | null): Promise<string> {
  if (companyId) {
    try {
      const company = await apiData<Company>('Company', {
        params: { publicId: companyId },
        redirectOnUnavailable: false,
      });
      return company.custom.glbVpnClientReleaseNotesUrl;
    } catch {
      // Fall back to the server's own document below.
    }
  }
  return (await findEntry('VpnClientReleases')).href;
}

/** Spec §7: fetched with an hourly cache-busting parameter. */
export async function fetchReleaseDocument(companyId: string | null): Promise<ReleaseDocument> {
  const url = new URL(await releaseDocumentUrl(companyId), window.location.origin);
  url.searchParams.set(vpnReleasesCacheBustParam, vpnReleasesCacheBustValue());
  // Another host gets a simple request (no custom headers, so no CORS preflight).
  const sameOrigin = url.origin === window.location.origin;
  const response = await fetch(url, {
    headers: sameOrigin
      ? { Accept: 'application/json', 'Api-Version': apiVersion }
      : { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Release document: ${response.status}`);
  return parseReleaseDocument(await response.json());
}
