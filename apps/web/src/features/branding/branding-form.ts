import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  brandingErrorMessages,
  brandingModes,
  brandingPatchInput,
  supportedPlatforms,
  type Branding,
  type BrandingPatchInput,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { defaultThemeColors } from '../../app/theme.ts';

/**
 * The form's values mirror `BrandingPatchInput` path for path (`theme.primaryColor`,
 * `appStoreLinks.ios` …), so the server's `propertyName` lands on the field it names. Texts
 * are strings (empty: not set); `customTheme` off sends `theme: null`.
 */
export const brandingFormSchema = z.object({
  fqdn: z.string(),
  customTheme: z.boolean(),
  theme: z.object({ primaryColor: z.string(), secondaryColor: z.string(), mode: z.enum(brandingModes) }),
  customBrowserTitle: z.string(),
  appStoreLinks: z.object({ android: z.string(), ios: z.string() }),
  supportedPlatforms: z.array(z.enum(supportedPlatforms)),
  vpnReleaseNotesUrl: z.string(),
});
export type BrandingFormValues = z.infer<typeof brandingFormSchema>;

/** The fields the server may name in an error. */
export const brandingErrorFields = [
  'fqdn',
  'theme',
  'theme.primaryColor',
  'theme.secondaryColor',
  'theme.mode',
  'customBrowserTitle',
  'appStoreLinks.android',
  'appStoreLinks.ios',
  'supportedPlatforms',
  'vpnReleaseNotesUrl',
] as const;

export function brandingFormValuesOf(branding: Branding | undefined | null): BrandingFormValues {
  return {
    fqdn: branding?.fqdn ?? '',
    customTheme: Boolean(branding?.theme),
    theme: { ...(branding?.theme ?? defaultThemeColors) },
    customBrowserTitle: branding?.customBrowserTitle ?? '',
    appStoreLinks: {
      android: branding?.appStoreLinks.android ?? '',
      ios: branding?.appStoreLinks.ios ?? '',
    },
    supportedPlatforms: supportedPlatforms.filter((p) => branding?.supportedPlatforms.includes(p)),
    vpnReleaseNotesUrl: branding?.vpnReleaseNotesUrl ?? '',
  };
}

const textOrNull = (value: string) => value.trim() || null;

/** What `PATCH MyCompanyBranding` gets: every value of the form, cleared ones as null. */
export function brandingPatchOf(values: BrandingFormValues): BrandingPatchInput {
  return {
    fqdn: values.fqdn.trim().toLowerCase() || null,
    theme: values.customTheme ? { ...values.theme } : null,
    customBrowserTitle: textOrNull(values.customBrowserTitle),
    appStoreLinks: {
      android: textOrNull(values.appStoreLinks.android),
      ios: textOrNull(values.appStoreLinks.ios),
    },
    supportedPlatforms: [...values.supportedPlatforms],
    vpnReleaseNotesUrl: textOrNull(values.vpnReleaseNotesUrl),
  };
}

/** The message for a field the contract's schema refused. */
function messageFor(t: TFunction, path: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number')
    return t('form.maxLength', { count: Number(issue.maximum) });
  if (path === 'fqdn') return t('branding.validation.fqdn');
  if (path.startsWith('theme.')) return t('branding.validation.color');
  if (path === 'vpnReleaseNotesUrl') return t('branding.validation.url');
  if (path === 'appStoreLinks.android') return t('branding.validation.android');
  if (path === 'appStoreLinks.ios') return t('branding.validation.ios');
  return t('branding.validation.invalid');
}

/**
 * The form's resolver schema: what it would send is checked with the contract's own
 * `brandingPatchInput`, so the browser refuses exactly what the server would (store links, for
 * one, must name an app: the banner builds the store page from its id).
 */
export function brandingFormResolverSchema(t: TFunction) {
  return brandingFormSchema.superRefine((values, ctx) => {
    const patch = brandingPatchOf(values);
    const result = brandingPatchInput.safeParse(patch);
    const seen = new Set<string>();
    for (const issue of result.success ? [] : result.error.issues) {
      const path = issue.path.join('.');
      if (seen.has(path)) continue;
      seen.add(path);
      ctx.addIssue({ code: 'custom', path: issue.path, message: messageFor(t, path, issue) });
    }
  });
}

/** The branding routes' own messages in the user's words; a 409 is a host name another company claims. */
export function localizeBrandingError(error: unknown, t: TFunction): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((item) => {
      if (error.status === 409 && (item.propertyName ?? 'fqdn') === 'fqdn')
        return { ...item, propertyName: 'fqdn', message: t('branding.validation.fqdnTaken') };
      if (item.message === brandingErrorMessages.hostNotAllowed)
        return { ...item, message: t('branding.validation.hostNotAllowed') };
      return item;
    }),
  );
}

/** Why the server refused an image, in the user's words. */
export function imageErrorText(error: unknown, t: TFunction, maxKb: number): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 413 || error.hasMessage(brandingErrorMessages.imageTooLarge))
    return t('branding.images.problems.size', { maxKb });
  if (error.hasMessage(brandingErrorMessages.unsupportedImage)) return t('branding.images.problems.type');
  if (error.hasMessage(brandingErrorMessages.invalidSvg)) return t('branding.images.problems.svg');
  return null;
}

/**
 * Where the branding the members see comes from: the company's own, its parent company's or its
 * sector's (the fallbacks), or none (Fleetgate's look).
 */
export function brandingSourceText(t: TFunction, companyId: string, effective: Branding | null): string {
  if (!effective) return t('branding.source.none');
  if (effective.owner.type === 'company' && effective.owner.publicId === companyId)
    return t('branding.source.own');
  const key = effective.owner.type === 'sector' ? 'branding.source.sector' : 'branding.source.company';
  return t(key, { name: effective.owner.name });
}
