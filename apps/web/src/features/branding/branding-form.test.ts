import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Branding } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import {
  brandingFormResolverSchema,
  brandingFormValuesOf,
  brandingPatchOf,
  brandingSourceText,
  imageErrorText,
  localizeBrandingError,
  type BrandingFormValues,
} from './branding-form.ts';

/** Keys come back as they are, with the count for length messages, so tests see which text was picked. */
const t = ((key: string, options?: { count?: number }) =>
  options?.count === undefined ? key : `${key}:${options.count}`) as unknown as TFunction;

const stored: Branding = {
  publicId: 'b0000000000a',
  fqdn: 'portal.acme.example',
  theme: { primaryColor: '#123456', secondaryColor: '#abcdef', mode: 'dark' },
  logoLight: '/api/BrandingImage/i00000000001',
  logoDark: null,
  favicon: null,
  customBrowserTitle: 'ACME Remote',
  appStoreLinks: { android: 'com.acme.remote', ios: null },
  supportedPlatforms: ['linux', 'windows'],
  vpnReleaseNotesUrl: null,
  owner: { type: 'company', publicId: 'c0000000000a', name: 'ACME' },
};

function errorsOf(values: BrandingFormValues): Record<string, string> {
  const result = brandingFormResolverSchema(t).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('branding form', () => {
  it('shows stored values and sends them back unchanged', () => {
    const values = brandingFormValuesOf(stored);
    expect(values.customTheme).toBe(true);
    // The form lists platforms in the catalogue's order.
    expect(values.supportedPlatforms).toEqual(['windows', 'linux']);
    expect(brandingPatchOf(values)).toEqual({
      fqdn: 'portal.acme.example',
      theme: { primaryColor: '#123456', secondaryColor: '#abcdef', mode: 'dark' },
      customBrowserTitle: 'ACME Remote',
      appStoreLinks: { android: 'com.acme.remote', ios: null },
      supportedPlatforms: ['windows', 'linux'],
      vpnReleaseNotesUrl: null,
    });
    expect(errorsOf(values)).toEqual({});
  });

  it('starts a company without branding on Fleetgate colours, sending no theme until switched on', () => {
    const values = brandingFormValuesOf(null);
    expect(values.customTheme).toBe(false);
    expect(values.theme).toEqual({ primaryColor: '#0d47a1', secondaryColor: '#ffb300', mode: 'light' });
    const patch = brandingPatchOf(values);
    expect(patch.theme).toBeNull();
    expect(patch.fqdn).toBeNull();
    expect(patch.customBrowserTitle).toBeNull();
  });

  it('clears emptied texts as null and lower-cases the host name', () => {
    const values = {
      ...brandingFormValuesOf(stored),
      fqdn: '  Portal.ACME.example ',
      customBrowserTitle: '   ',
    };
    const patch = brandingPatchOf(values);
    expect(patch.fqdn).toBe('portal.acme.example');
    expect(patch.customBrowserTitle).toBeNull();
  });

  it('refuses what the contract refuses, with a message per field', () => {
    const values = brandingFormValuesOf(stored);
    expect(
      errorsOf({
        ...values,
        fqdn: 'not a host',
        theme: { primaryColor: 'red', secondaryColor: '#12345', mode: 'light' },
        customBrowserTitle: 'x'.repeat(256),
        vpnReleaseNotesUrl: 'releases.json',
      }),
    ).toEqual({
      fqdn: 'branding.validation.fqdn',
      'theme.primaryColor': 'branding.validation.color',
      'theme.secondaryColor': 'branding.validation.color',
      customBrowserTitle: 'form.maxLength:255',
      vpnReleaseNotesUrl: 'branding.validation.url',
    });
  });

  it('ignores bad colours while own colours are off', () => {
    const values = brandingFormValuesOf(null);
    expect(errorsOf({ ...values, theme: { ...values.theme, primaryColor: 'nope' } })).toEqual({});
  });

  it('needs store links that name an app', () => {
    const values = brandingFormValuesOf(stored);
    expect(
      errorsOf({
        ...values,
        appStoreLinks: { android: 'https://example.com/app', ios: 'https://apps.apple.com/app/x' },
      }),
    ).toEqual({
      'appStoreLinks.android': 'branding.validation.android',
      'appStoreLinks.ios': 'branding.validation.ios',
    });
    expect(
      errorsOf({
        ...values,
        appStoreLinks: {
          android: 'https://play.google.com/store/apps/details?id=com.acme.remote',
          ios: 'https://apps.apple.com/de/app/acme/id123456789',
        },
      }),
    ).toEqual({});
  });

  it('puts a 409 on the host name as "taken by another company"', () => {
    const localized = localizeBrandingError(
      new ApiError(409, [{ message: 'Duplicate', propertyName: 'fqdn' }]),
      t,
    );
    expect(localized).toBeInstanceOf(ApiError);
    expect((localized as ApiError).errors).toEqual([
      { message: 'branding.validation.fqdnTaken', propertyName: 'fqdn' },
    ]);
    const other = new ApiError(400, [{ message: 'Invalid value', propertyName: 'fqdn' }]);
    expect((localizeBrandingError(other, t) as ApiError).errors).toEqual(other.errors);
  });
});

describe('server messages', () => {
  it('says a blocked host name and refused images in the user’s words', () => {
    const blocked = new ApiError(400, [{ message: 'Host name not allowed', propertyName: 'fqdn' }]);
    expect((localizeBrandingError(blocked, t) as ApiError).errors).toEqual([
      { message: 'branding.validation.hostNotAllowed', propertyName: 'fqdn' },
    ]);
    expect(imageErrorText(new ApiError(413, [{ message: 'x', propertyName: 'file' }]), t, 64)).toBe(
      'branding.images.problems.size',
    );
    expect(
      imageErrorText(
        new ApiError(400, [{ message: 'Unsupported image type: use PNG, JPEG, WebP, ICO or SVG' }]),
        t,
        512,
      ),
    ).toBe('branding.images.problems.type');
    expect(imageErrorText(new ApiError(400, [{ message: 'SVG image could not be read' }]), t, 512)).toBe(
      'branding.images.problems.svg',
    );
    expect(imageErrorText(new ApiError(403, [{ message: 'Forbidden' }]), t, 512)).toBeNull();
    expect(imageErrorText(new Error('x'), t, 512)).toBeNull();
  });
});

describe('where the branding comes from', () => {
  /** Names come back with the key, so the test sees whose branding is named. */
  const tn = ((key: string, options?: { name?: string }) =>
    options?.name === undefined ? key : `${key}:${options.name}`) as unknown as TFunction;
  const owned = (type: 'company' | 'sector', publicId: string, name: string): Branding => ({
    ...stored,
    owner: { type, publicId, name },
  });

  it('names the company’s own, its parent company’s, its sector’s or none', () => {
    expect(brandingSourceText(tn, 'c0000000000a', owned('company', 'c0000000000a', 'ACME'))).toBe(
      'branding.source.own',
    );
    expect(brandingSourceText(tn, 'c0000000000a', owned('company', 'p0000000000a', 'ACME Group'))).toBe(
      'branding.source.company:ACME Group',
    );
    expect(brandingSourceText(tn, 'c0000000000a', owned('sector', 's0000000000a', 'Machine Builder'))).toBe(
      'branding.source.sector:Machine Builder',
    );
    expect(brandingSourceText(tn, 'c0000000000a', null)).toBe('branding.source.none');
  });
});
