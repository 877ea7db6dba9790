import type { Translated } from '../../app/locales/translated.ts';
import type { twoFactorEn } from './two-factor.en.ts';

// German texts of the two-factor section of my-profile, under the `twoFactor` key.
export const twoFactorDe: Translated<typeof twoFactorEn> = {
  title: 'Anmeldung mit zweitem Faktor',
  hint: 'Ein Code aus einer Authenticator-App auf Ihrem Telefon, abgefragt nach Ihrem Passwort. So bleibt Ihr Konto sicher, auch wenn Ihr Passwort bekannt wird.',
  app: 'Authenticator-App',
  on: 'Ein',
  off: 'Aus',
  codesLeft_one: '{{count}} unbenutzter Wiederherstellungscode übrig',
  codesLeft_other: '{{count}} unbenutzte Wiederherstellungscodes übrig',
  cancel: 'Abbrechen',
  password: 'Passwort',
  code: 'Code',
  codeHelp: 'Der aktuelle Code aus Ihrer Authenticator-App oder ein Wiederherstellungscode',
  codeInvalid: 'Geben Sie einen 6-stelligen Code oder einen Wiederherstellungscode (abcde-fghij) ein',
  setup: {
    open: 'Einrichten',
    title: 'Authenticator-App einrichten',
    scan: 'Scannen Sie diesen QR-Code mit einer Authenticator-App (zum Beispiel Google Authenticator, Microsoft Authenticator oder 1Password).',
    qrAlt: 'QR-Code für Ihre Authenticator-App',
    manual: 'Scannen geht nicht? Geben Sie stattdessen diesen Schlüssel in der App ein:',
    copySecret: 'Einrichtungsschlüssel kopieren',
    secretCopied: 'Einrichtungsschlüssel kopiert',
    codeLabel: 'Code aus der App',
    submit: 'Einschalten',
  },
  codes: {
    title: 'Wiederherstellungscodes speichern',
    hint: 'Jeder Code meldet Sie einmal an, falls Sie Ihr Telefon verlieren. Bewahren Sie sie sicher auf: Sie werden nur jetzt angezeigt.',
    listLabel: 'Wiederherstellungscodes',
    copy: 'Kopieren',
    copied: 'Wiederherstellungscodes kopiert',
    download: 'Herunterladen',
    saved: 'Ich habe sie gespeichert',
  },
  regenerate: {
    open: 'Neue Wiederherstellungscodes',
    title: 'Neue Wiederherstellungscodes',
    hint: 'Ihre bisherigen Wiederherstellungscodes werden ungültig. Bestätigen Sie mit Ihrem Passwort und einem Code.',
    submit: 'Neue Codes erzeugen',
  },
  turnOff: {
    open: 'Ausschalten',
    title: 'Anmeldung mit zweitem Faktor ausschalten',
    hint: 'Ihre Wiederherstellungscodes werden ungültig, und jeder vertrauenswürdige Browser muss sich neu anmelden. Bestätigen Sie mit Ihrem Passwort und einem Code.',
    submit: 'Ausschalten',
  },
};
