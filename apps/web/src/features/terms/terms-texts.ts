import i18next from 'i18next';
import { termsDe } from './terms.de.ts';
import { termsEn } from './terms.en.ts';

/**
 * The terms texts join the app's resources when the first part that shows them loads (the shell's
 * terms gate, the legal pages, the invitation's terms) instead of with the login page's code,
 * which has a budget of 200 KB. Adding them again changes nothing.
 */
export function registerTermsTexts(): void {
  i18next.addResourceBundle('en', 'translation', { terms: termsEn }, true, false);
  i18next.addResourceBundle('de', 'translation', { terms: termsDe }, true, false);
}
