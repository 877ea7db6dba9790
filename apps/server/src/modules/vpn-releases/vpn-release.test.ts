import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  vpnReleaseNote,
  vpnReleasesCacheBustParam,
  vpnReleasesCacheBustValue,
  type VpnClientReleases,
} from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

// The server of this file serves its downloads from a directory of its own, filled below.
const downloadsDir = mkdtempSync(path.join(tmpdir(), 'fleetgate-downloads-'));

const connectorDir = path.resolve(import.meta.dirname, '../../../../connector');
const { version } = JSON.parse(readFileSync(path.join(connectorDir, 'package.json'), 'utf8')) as {
  version: string;
};
const bundleName = `fleetgate-connector-${version}.mjs`;
const bundleBytes = randomBytes(64 * 1024);

const t = useTestServer({ config: { connectorDownloadsDir: downloadsDir } });

beforeAll(async () => {
  await writeFile(path.join(downloadsDir, bundleName), bundleBytes);
  await writeFile(path.join(downloadsDir, 'notes.txt'), 'not a bundle');
  await mkdir(path.join(downloadsDir, 'fleetgate-connector-dir.mjs'));
  await mkdir(path.join(downloadsDir, 'sub'));
  await writeFile(path.join(downloadsDir, 'sub', bundleName), 'nested');
  await writeFile(path.join(path.dirname(downloadsDir), `${path.basename(downloadsDir)}-secret.mjs`), 'x');
  await symlink(
    path.join(connectorDir, 'package.json'),
    path.join(downloadsDir, 'fleetgate-connector-link.mjs'),
  );
});
afterAll(async () => {
  await rm(downloadsDir, { recursive: true, force: true });
  await rm(`${downloadsDir}-secret.mjs`, { force: true });
});

describe('VpnClientReleases', () => {
  it('is discoverable and public, with every platform at the connector version', async () => {
    const discovery = await t.call('GET', '/api');
    expect(JSON.stringify(discovery.body.data)).toContain('VpnClientReleases');

    const response = await t.call('GET', 'VpnClientReleases');
    expect(response.status).toBe(200);
    expect(response.body.type).toBe('VpnClientReleases');
    const data = response.body.data as VpnClientReleases;
    const downloadUrl = `${t.server.baseUrl}/downloads/connector/fleetgate-connector-{version}.mjs`;
    expect(data.platforms).toEqual([
      { os: 'linux', latestVersion: version, downloadUrl },
      { os: 'macos', latestVersion: version, downloadUrl },
      { os: 'windows', latestVersion: version, downloadUrl },
    ]);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('has release notes, newest first, the first for the latest version', async () => {
    const data = (await t.call('GET', 'VpnClientReleases')).body.data as VpnClientReleases;
    expect(data.releaseNotes.length).toBeGreaterThan(0);
    for (const note of data.releaseNotes) expect(vpnReleaseNote.parse(note)).toEqual(note);
    expect(data.releaseNotes[0]).toMatchObject({ version });
    const versions = data.releaseNotes.map((n) => n.version);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('accepts the hourly cache buster and ignores other query parameters', async () => {
    const plain = await t.call('GET', 'VpnClientReleases');
    const stamp = vpnReleasesCacheBustValue(new Date('2026-11-22T08:59:59Z'));
    expect(stamp).toBe('2026112208');
    const busted = await t.call('GET', 'VpnClientReleases', {
      query: { [vpnReleasesCacheBustParam]: stamp, t: String(Date.now()), other: ['a', 'b'] },
    });
    expect(busted.status).toBe(200);
    expect(busted.body.data).toEqual(plain.body.data);
    expect(busted.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('GET /downloads/connector/<file>', () => {
  it('serves the bundle as an attachment with its bytes', async () => {
    const response = await fetch(`${t.server.baseUrl}/downloads/connector/${bundleName}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bundleBytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(bundleBytes.length));
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${bundleName}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');

    const head = await fetch(`${t.server.baseUrl}/downloads/connector/${bundleName}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bundleBytes.length));
  });

  it('the URL of the release document downloads the latest version', async () => {
    const data = (await t.call('GET', 'VpnClientReleases')).body.data as VpnClientReleases;
    const url = data.platforms[0]!.downloadUrl.replace('{version}', data.platforms[0]!.latestVersion);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bundleBytes)).toBe(true);
  });

  it.each([
    'fleetgate-connector-9.9.9.mjs', // not built
    'notes.txt', // in the directory, but not a bundle
    'fleetgate-connector-dir.mjs', // a directory
    'fleetgate-connector-link.mjs', // a symbolic link leading out
    `sub/${bundleName}`,
    `sub%2F${bundleName}`,
    `..%2F${path.basename(downloadsDir)}-secret.mjs`,
    `%2e%2e%2f${path.basename(downloadsDir)}-secret.mjs`,
    '..%2f..%2fpackage.json',
    `..%5C${path.basename(downloadsDir)}-secret.mjs`,
    '',
  ])('is a 404 for %s', async (file) => {
    // A raw request: fetch would normalise the dots away before they reach the server.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(t.server.baseUrl);
      http
        .get({ host: url.hostname, port: url.port, path: `/downloads/connector/${file}` }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(status).toBe(404);
  });
});
