import i18next from 'i18next';
import { brandingDe } from './branding.de.ts';
import { brandingEn } from './branding.en.ts';

/**
 * The branding texts join the app's resources when the first part that shows them loads (the
 * shell's menu, `/identity`, the store banner) instead of with the login page's code, which has
 * a budget of 200 KB. Each of those parts calls it when its module loads; adding again changes nothing.
 */
export function registerBrandingTexts(): void {
  i18next.addResourceBundle('en', 'translation', { branding: brandingEn }, true, false);
  i18next.addResourceBundle('de', 'translation', { branding: brandingDe }, true, false);
}
