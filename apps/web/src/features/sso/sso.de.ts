import type { Translated } from '../../app/locales/translated.ts';
import type { ssoEn } from './sso.en.ts';

// German texts of this feature, under the `sso` key of the translation resources.
export const ssoDe: Translated<typeof ssoEn> = {
  sectionTitle: 'Single Sign-on',
  sectionSubtitle:
    'Mitglieder mit einer E-Mail-Adresse aus einer erlaubten Domain können sich über diese Anbieter anmelden. Konten entstehen dabei keine: Man muss Mitglied oder eingeladen sein.',
  add: 'Anbieter hinzufügen',
  loadFailed: 'Die Identitätsanbieter konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  empty:
    'Noch keine Identitätsanbieter. Fügen Sie einen hinzu, damit sich Mitglieder mit ihrem Firmenkonto anmelden können.',
  secretStored: 'Client-Secret gespeichert',
  clientId: 'Client-ID: {{clientId}}',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  callbackHint: 'Tragen Sie beim Anbieter diese Weiterleitungs-URI ein: {{url}}',
  dialog: {
    addTitle: 'Identitätsanbieter hinzufügen',
    editTitle: 'Identitätsanbieter bearbeiten',
    name: 'Name',
    nameHint: 'Erscheint auf der Anmeldeseite als „Mit … anmelden“.',
    issuerUrl: 'Issuer-URL',
    issuerUrlHint: 'Der OpenID-Connect-Issuer des Anbieters, z. B. https://login.example.com/tenant',
    clientId: 'Client-ID',
    clientSecret: 'Client-Secret',
    clientSecretPlaceholder: 'Unverändert',
    clientSecretUnchanged: 'Gespeichert. Leer lassen, um es zu behalten.',
    allowedDomains: 'Erlaubte E-Mail-Domains',
    allowedDomainsHint:
      'Durch Kommas oder Leerzeichen getrennt, z. B. example.com, plant.example.org (höchstens 20).',
    logoUrl: 'Logo-URL (optional)',
    logoUrlHint: 'Eine https-Adresse eines kleinen quadratischen Bildes.',
    cancel: 'Abbrechen',
    save: 'Speichern',
    create: 'Hinzufügen',
  },
  validation: {
    httpsOnly: 'Verwenden Sie eine https://-Adresse',
    domains: 'Geben Sie 1 bis 20 Domains wie example.com ein',
    domain: '„{{domain}}“ ist keine Domain',
  },
  deleteDialog: {
    title: 'Identitätsanbieter löschen?',
    body: 'Mitglieder können sich nicht mehr über „{{name}}“ anmelden. Ihre Konten und Passwörter bleiben.',
    confirm: 'Löschen',
    cancel: 'Abbrechen',
  },
  saved: 'Identitätsanbieter gespeichert',
  created: 'Identitätsanbieter hinzugefügt',
  deleted: 'Identitätsanbieter gelöscht',
};
