import type { ssoSignInEn } from './sso-sign-in.en.ts';
import type { Translated } from '../app/locales/translated.ts';

// German texts of single sign-on on the login page and at /sso-callback.
export const ssoSignInDe: Translated<typeof ssoSignInEn> = {
  or: 'oder',
  signInWith: 'Mit {{name}} anmelden',
  startFailed: 'Die Anmeldung bei {{name}} konnte nicht beginnen: {{error}}',
  finishing: 'Anmeldung wird abgeschlossen…',
  failedTitle: 'Die Anmeldung hat nicht geklappt',
  backToLogin: 'Zurück zur Anmeldung',
};
