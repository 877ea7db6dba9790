import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { rawRequest } from '../../../test/raw-http.ts';
import { isServedHost, siteOrigin } from '../../http/host-check.ts';
import { blockedHostHashes, findHostOwner, isBlockedHost, normalizeHostName } from './branding-host.ts';
import { BrandingHosts } from './branding-host-cache.ts';
import { brandingFixtures } from './branding.test-support.ts';

/** The names behind the hashes, as the README lists them. */
const blockedNames = [
  'localhost',
  'localhost.localdomain',
  '127.0.0.1',
  '::1',
  '0.0.0.0',
  'ip6-localhost',
  'ip6-loopback',
  'example.com',
  'example.org',
  'example.net',
  'google.com',
  'microsoft.com',
  'apple.com',
  'amazon.com',
  'github.com',
];

describe('the host blocklist', () => {
  it('holds exactly 15 SHA-256 hashes, one for each documented name', () => {
    expect(blockedHostHashes.size).toBe(15);
    for (const hash of blockedHostHashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(blockedNames.filter(isBlockedHost)).toEqual(blockedNames);
  });

  it.each([
    ['localhost', 'localhost'],
    ['LOCALHOST.', 'localhost'],
    ['LocalHost:8080', 'localhost'],
    ['[::1]:443', '::1'],
    ['Example.COM.:8443', 'example.com'],
    ['portal.acme.example.test', 'portal.acme.example.test'],
  ])('normalises %j to %j', (host, name) => {
    expect(normalizeHostName(host)).toBe(name);
  });

  it('refuses the names in any spelling a Host header may have, and no others', () => {
    for (const host of ['localhost', 'LOCALHOST.', 'localhost:3000', 'GitHub.com', '[::1]', '0.0.0.0:80']) {
      const name = normalizeHostName(host);
      expect([host, name !== undefined && isBlockedHost(name)]).toEqual([host, true]);
    }
    for (const name of ['portal.example.com', 'github.io', 'acme.test', 'localhost2'])
      expect([name, isBlockedHost(name)]).toEqual([name, false]);
  });

  it.each(['', ' ', 'a b', 'user@host', 'host/path', '[nope', 'host:99999999'])(
    'finds no host name in %j',
    (host) => {
      expect(normalizeHostName(host)).toBeUndefined();
    },
  );
});

describe('isServedHost with branding hosts', () => {
  const rules = {
    publicUrl: 'https://fleet.example.com',
    allowedHosts: [],
    listenPort: 8080,
    brandingHosts: { has: (name: string) => name === 'portal.acme.test' },
  };
  it.each([
    ['portal.acme.test', true],
    ['PORTAL.acme.test.', true],
    ['portal.acme.test:443', true],
    ['portal.acme.test:8080', true],
    ['portal.acme.test:8443', false],
    ['other.acme.test', false],
    ['acme.test', false],
  ])('Host %j: %s', (host, served) => {
    expect(isServedHost(host, rules)).toBe(served);
  });

  it('builds same-site links on a branding host only', () => {
    const hosts = rules.brandingHosts;
    expect(siteOrigin('portal.acme.test', 'https://fleet.example.com', hosts)).toBe(
      'https://portal.acme.test',
    );
    expect(siteOrigin('Portal.Acme.Test:8443', 'https://fleet.example.com', hosts)).toBe(
      'https://portal.acme.test:8443',
    );
    for (const host of ['evil.example', undefined, '', 'fleet.example.com', 'portal.acme.test/evil'])
      expect(siteOrigin(host, 'https://fleet.example.com', hosts)).toBe('https://fleet.example.com');
  });
});

// A web app build of one file, to show the page is served on a branding host.
const webDist = mkdtempSync(path.join(tmpdir(), 'fleetgate-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Fleetgate</title>');

describe('branding host names in a running server', () => {
  const t = useTestServer({ config: { webDist } });
  const f = brandingFixtures(t);

  it('findHostOwner names the company or sector that claims a host, never a blocklisted one', async () => {
    const company = await f.company();
    const fqdn = f.fqdn();
    expect(await findHostOwner(t.server.db, fqdn)).toBeUndefined();
    await f.patchBranding(company.as, { fqdn });
    expect(await findHostOwner(t.server.db, `${fqdn.toUpperCase()}.:443`)).toEqual({
      companyId: company.id,
      sectorId: null,
    });
    await f
      .db()
      .updateTable('brandings')
      .set({ fqdn: 'localhost' })
      .where('company_id', '=', company.id)
      .execute();
    expect(await findHostOwner(t.server.db, 'localhost')).toBeUndefined();
    await f.db().updateTable('brandings').set({ fqdn: null }).where('company_id', '=', company.id).execute();
  });

  it('keeps the newest host list when reloads overlap', async () => {
    const hosts = new BrandingHosts(t.server.db);
    const company = await f.company();
    const fqdn = f.fqdn();
    const first = hosts.reload();
    await f.patchBranding(company.as, { fqdn });
    await Promise.all([first, hosts.reload()]);
    expect(hosts.has(fqdn)).toBe(true);
    expect(hosts.servesHost(`${fqdn.toUpperCase()}:80`)).toBe(true);
  });

  it('serves the web app on a claimed host and refuses an unclaimed one', async () => {
    const company = await f.company();
    const fqdn = f.fqdn();
    const port = new URL(t.server.baseUrl).port;
    await f.patchBranding(company.as, { fqdn });
    const page = await rawRequest(t.server.baseUrl, { path: '/login', host: `${fqdn}:${port}` });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Fleetgate</title>');
    const other = await rawRequest(t.server.baseUrl, { path: '/login', host: `x${fqdn}:${port}` });
    expect(other.status).toBe(421);
  });
});
