import type { Translated } from '../../app/locales/translated.ts';
import type { signInSecurityEn } from './sign-in-security.en.ts';

// German texts of this feature, under the `signInSecurity` key of the translation resources.
export const signInSecurityDe: Translated<typeof signInSecurityEn> = {
  menu: 'Anmeldesicherheit',
  title: 'Anmeldesicherheit',
  subtitle: 'Wie sich die Mitglieder dieses Unternehmens anmelden müssen, bevor sie seine Geräte erreichen.',
  loadFailed: 'Die Anmelderegeln konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  saved: 'Anmelderegeln gespeichert',
  save: 'Speichern',
  twoFactor: {
    title: 'Zwei-Faktor-Anmeldung',
    hint: 'Mitglieder melden sich zusätzlich zum Passwort mit einem zweiten Faktor an: einem Code aus einer Authenticator-App oder einem Passkey. Ein gestohlenes Passwort allein erreicht dann nichts.',
    required: 'Zwei-Faktor-Anmeldung verlangen',
    graceDays: 'Übergangsfrist in Tagen',
    graceDaysHint:
      'So lange (0 bis 90 Tage, ab jetzt oder ab ihrem Beitritt) dürfen Mitglieder ohne zweiten Faktor weiterarbeiten. Danach müssen sie zuerst einen einrichten.',
    graceDaysInvalid: 'Geben Sie eine ganze Zahl von 0 bis 90 Tagen ein',
    since: 'Verlangt seit {{date}}',
  },
  sso: {
    title: 'Single Sign-on',
    hint: 'Mitglieder melden sich über den Identitätsanbieter des Unternehmens an. Mit Passwort angemeldete Sitzungen funktionieren in diesem Unternehmen nicht mehr.',
    required: 'Single Sign-on verlangen',
    noProvider:
      'Fügen Sie zuerst einen Identitätsanbieter hinzu: Single Sign-on lässt sich erst verlangen, wenn Mitglieder sich darüber anmelden können.',
  },
  twoFactorRequired: {
    title: 'Zwei-Faktor-Anmeldung einrichten',
    reason:
      '{{company}} verlangt von allen Mitgliedern die Anmeldung mit einem zweiten Faktor: einem Code aus einer Authenticator-App oder einem Passkey. Das schützt die Geräte, die Sie über {{company}} erreichen: Ein gestohlenes Passwort allein genügt nicht.',
    howTo:
      'Richten Sie in Ihrem Profil einen zweiten Faktor ein und prüfen Sie dann erneut, um fortzufahren.',
    setUp: 'Im Profil einrichten',
    checkAgain: 'Erneut prüfen',
    stillMissing: 'Ihr Konto hat noch keinen zweiten Faktor.',
    otherCompany: 'Anderes Unternehmen wählen',
    logOut: 'Abmelden',
  },
  ssoRequired: {
    title: 'Mit Single Sign-on anmelden',
    reason:
      '{{company}} verlangt von seinen Mitgliedern die Anmeldung über den Identitätsanbieter des Unternehmens. Diese Sitzung wurde anders angemeldet und kann in {{company}} nicht verwendet werden.',
    howTo: 'Melden Sie sich ab und wählen Sie auf der Anmeldeseite die Schaltfläche Ihres Unternehmens.',
    logOut: 'Abmelden und neu anmelden',
    otherCompany: 'Anderes Unternehmen wählen',
  },
  graceBanner: {
    message:
      '{{company}} verlangt die Zwei-Faktor-Anmeldung. Richten Sie bis {{date}} einen zweiten Faktor ein.',
    setUp: 'Jetzt einrichten',
    dismiss: 'Ausblenden',
  },
};
