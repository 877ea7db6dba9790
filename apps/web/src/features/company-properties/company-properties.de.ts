import type { companyPropertiesEn } from './company-properties.en.ts';
import type { Translated } from '../../app/locales/translated.ts';

export const companyPropertiesDe: Translated<typeof companyPropertiesEn> = {
  brandingTab: 'Branding',
  tab: 'Eigenschaften',
  subtitle: 'Angaben zu Ihrem Unternehmen und die Einstellungen seines Portals.',
  intro:
    'Werte, die Ihr Unternehmen über sich selbst führt: seine benutzerdefinierten Felder für Unternehmen und die Einstellungen unten. Felder für Unternehmen legen Sie auf der Seite Benutzerdefinierte Felder an.',
  settingsHeading: 'Einstellungen',
  fieldsHeading: 'Benutzerdefinierte Felder',
  noFields: 'Noch keine benutzerdefinierten Felder für Unternehmen.',
  addFields: 'Benutzerdefinierte Felder verwalten',
  settings: {
    'custom.glbVpnClientReleaseNotesUrl': 'Adresse der VPN-Versionshinweise',
  },
  settingHints: {
    'custom.glbVpnClientReleaseNotesUrl':
      'Eine https-Adresse, unter der das Portal die Versionen des VPN-Clients liest. Leer: die dieses Servers.',
  },
  yes: 'Ja',
  no: 'Nein',
  notSet: 'Nicht festgelegt',
  save: 'Eigenschaften speichern',
  saved: 'Eigenschaften gespeichert',
  loadFailed: 'Die Eigenschaften des Unternehmens konnten nicht geladen werden.',
  validation: {
    required: 'Pflichtfeld',
    tooLong: 'Verwenden Sie höchstens {{count}} Zeichen',
    number: 'Geben Sie eine Zahl ein',
    date: 'Geben Sie ein Datum ein (JJJJ-MM-TT)',
    option: 'Wählen Sie eine der Optionen',
    https: 'Geben Sie eine https-Adresse ein, z. B. https://example.com/releases.json',
  },
  apiErrors: {
    unknownKey: 'Diese Eigenschaft gibt es nicht mehr. Laden Sie die Seite neu.',
    keyInUse: 'Jemand anderes hat diese Eigenschaft inzwischen gesetzt. Laden Sie die Seite neu.',
  },
};
