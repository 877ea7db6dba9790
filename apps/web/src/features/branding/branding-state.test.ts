// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandingHostHeader, type Branding } from '@fleetgate/contracts';
import { resetDiscovery } from '../../api/discovery.ts';
import { effectiveBrandingOf, fetchHostBranding, hostHeader, logoFor } from './branding-state.ts';

const acme: Branding = {
  publicId: 'b0000000000a',
  fqdn: 'acme.test',
  theme: { primaryColor: '#aa0000', secondaryColor: '#00aa00', mode: 'light' },
  logoLight: '/api/BrandingImage/light',
  logoDark: null,
  favicon: null,
  customBrowserTitle: 'ACME',
  appStoreLinks: { android: null, ios: null },
  supportedPlatforms: [],
  vpnReleaseNotesUrl: null,
  owner: { type: 'company', publicId: 'c0000000000a', name: 'ACME' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Discovery, then the branding lookup answered with `answer`; the lookup's headers are kept. */
function stubApi(answer: () => Response) {
  const seen: Headers[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (input === '/api')
        return Promise.resolve(
          json(200, {
            type: 'Discovery',
            status: 'success',
            data: [{ rel: 'BrandingList', href: 'https://fleet.example/api/BrandingList', methods: ['GET'] }],
          }),
        );
      expect(input).toBe('/api/BrandingList');
      seen.push(new Headers(init?.headers));
      return Promise.resolve(answer());
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetDiscovery();
});

describe('host branding lookup', () => {
  it('asks with the host name in the branding header, on the page’s origin', async () => {
    const seen = stubApi(() => json(200, { type: 'Branding', status: 'success', data: [acme] }));
    expect(await fetchHostBranding('acme.test')).toEqual(acme);
    expect(hostHeader).toBe(brandingHostHeader);
    expect(seen[0]?.get(brandingHostHeader)).toBe('acme.test');
    expect(seen[0]?.get('Api-Version')).toBe('2');
  });

  it('falls back to the default look when the lookup errors out or finds nothing', async () => {
    stubApi(() => json(404, { type: 'Error', status: 'error', data: [{ message: 'Not found' }] }));
    expect(await fetchHostBranding('nobody.test')).toBeNull();
    stubApi(() => json(200, { type: 'Branding', status: 'success', data: [] }));
    expect(await fetchHostBranding('other.test')).toBeNull();
    stubApi(() => new Response('<html>proxy error</html>', { status: 200 }));
    expect(await fetchHostBranding('other.test')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    resetDiscovery();
    expect(await fetchHostBranding('other.test')).toBeNull();
  });
});

describe('host branding lookup on loopback', () => {
  it('does not ask for loopback names, which the server blocks anyway', async () => {
    const seen = stubApi(() => json(200, { type: 'Branding', status: 'success', data: [acme] }));
    for (const host of ['localhost', '127.0.0.1', '[::1]']) expect(await fetchHostBranding(host)).toBeNull();
    expect(seen).toEqual([]);
  });
});

describe('effective branding', () => {
  it('is the company’s while signed in, else the host’s', () => {
    const company = { ...acme, publicId: 'b0000000000b' };
    expect(effectiveBrandingOf({ host: acme, hostSettled: true, company })).toBe(company);
    expect(effectiveBrandingOf({ host: acme, hostSettled: true, company: null })).toBe(acme);
    expect(effectiveBrandingOf({ host: null, hostSettled: true, company: null })).toBeNull();
  });

  it('picks the logo for the mode, the other one when only that exists', () => {
    expect(logoFor(acme, 'light')).toBe('/api/BrandingImage/light');
    expect(logoFor(acme, 'dark')).toBe('/api/BrandingImage/light');
    expect(logoFor({ logoLight: 'l', logoDark: 'd' }, 'dark')).toBe('d');
    expect(logoFor(null, 'light')).toBeNull();
  });
});
