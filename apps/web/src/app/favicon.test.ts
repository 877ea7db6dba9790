// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { setBaseFavicon, setFaviconOverride } from './favicon.ts';

const icon = () => document.querySelector('link[rel="icon"]')!;

describe('favicon', () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
    setBaseFavicon(null);
    setFaviconOverride(null);
  });

  it('shows the branding’s favicon, and Fleetgate’s again without one', () => {
    setBaseFavicon('/api/BrandingImage/abc');
    expect(icon().getAttribute('href')).toBe('/api/BrandingImage/abc');
    expect(icon().hasAttribute('type')).toBe(false);
    setBaseFavicon(null);
    expect(icon().getAttribute('href')).toBe('/favicon.svg');
    expect(icon().getAttribute('type')).toBe('image/svg+xml');
  });

  it('lets the VPN icon win while connected, then shows the branding’s current one', () => {
    setBaseFavicon('/api/BrandingImage/abc');
    setFaviconOverride('/favicon-vpn.svg');
    expect(icon().getAttribute('href')).toBe('/favicon-vpn.svg');
    // The company changes while connected: the VPN icon stays.
    setBaseFavicon('/api/BrandingImage/def');
    expect(icon().getAttribute('href')).toBe('/favicon-vpn.svg');
    setFaviconOverride(null);
    expect(icon().getAttribute('href')).toBe('/api/BrandingImage/def');
  });
});
