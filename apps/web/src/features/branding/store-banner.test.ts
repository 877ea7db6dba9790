// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Branding } from '@fleetgate/contracts';
import { mobilePlatformOf } from './mobile-platform.ts';
import { dismissStoreBanner, dismissedStoreBanners, storeBannerOf } from './store-banner.ts';

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const mac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const windows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function brandingWith(links: Branding['appStoreLinks']): Branding {
  return {
    publicId: 'b0000000000a',
    fqdn: null,
    theme: null,
    logoLight: null,
    logoDark: null,
    favicon: null,
    customBrowserTitle: null,
    appStoreLinks: links,
    supportedPlatforms: [],
    vpnReleaseNotesUrl: null,
    owner: { type: 'company', publicId: 'c0000000000a', name: 'ACME' },
  };
}

describe('store banner', () => {
  beforeEach(() => dismissedStoreBanners.clear());

  it('knows Android and iOS browsers, iPadOS by its touch screen', () => {
    expect(mobilePlatformOf(android)).toBe('android');
    expect(mobilePlatformOf(iphone)).toBe('ios');
    expect(mobilePlatformOf(mac, 5)).toBe('ios');
    expect(mobilePlatformOf(mac, 0)).toBeNull();
    expect(mobilePlatformOf(windows)).toBeNull();
  });

  it('links to the store page of the app id for the browser’s platform only', () => {
    const branding = brandingWith({
      android: 'https://play.google.com/store/apps/details?id=com.acme.remote&hl=de',
      ios: null,
    });
    expect(storeBannerOf(branding, 'android')).toEqual({
      platform: 'android',
      url: 'https://play.google.com/store/apps/details?id=com.acme.remote',
      company: 'ACME',
    });
    expect(storeBannerOf(branding, 'ios')).toBeNull();
    expect(storeBannerOf(branding, null)).toBeNull();
    expect(storeBannerOf(null, 'android')).toBeNull();
    expect(storeBannerOf(brandingWith({ android: null, ios: 'id123456789' }), 'ios')?.url).toBe(
      'https://apps.apple.com/app/id123456789',
    );
  });

  it('shows no banner for a link that names no app', () => {
    expect(storeBannerOf(brandingWith({ android: 'https://example.com', ios: null }), 'android')).toBeNull();
  });

  it('remembers a dismissal for good, per store page', () => {
    dismissStoreBanner('https://apps.apple.com/app/id123456789');
    dismissStoreBanner('https://apps.apple.com/app/id123456789');
    expect(dismissedStoreBanners.get()).toEqual(['https://apps.apple.com/app/id123456789']);
    expect(JSON.parse(window.localStorage.getItem('fleetgate.storeBannersDismissed') ?? 'null')).toEqual([
      'https://apps.apple.com/app/id123456789',
    ]);
  });
});
