import type { passkeysEn } from './passkeys.en.ts';

// German texts of this feature, under the `passkeys` key of the translation resources.
export const passkeysDe: typeof passkeysEn = {
  title: 'Passkeys',
  hint: 'Melden Sie sich mit Fingerabdruck, Gesicht oder Sicherheitsschlüssel statt mit einem Passwort an. Ein Passkey ist auch ein zweiter Faktor.',
  empty: 'Sie haben noch keine Passkeys.',
  add: 'Passkey hinzufügen',
  name: 'Name',
  created: 'Hinzugefügt am {{date}}',
  lastUsed: 'Zuletzt verwendet am {{date}}',
  neverUsed: 'Noch nicht verwendet',
  rename: 'Umbenennen',
  remove: 'Entfernen',
  actionsOf: 'Aktionen für {{name}}',
  loadFailed: 'Ihre Passkeys konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  dialog: {
    addTitle: 'Passkey hinzufügen',
    addHint:
      'Geben Sie ihm einen Namen, den Sie wiedererkennen, etwa das Gerät oder den Schlüssel, auf dem er liegt, und bestätigen Sie mit Ihrem Passwort. Danach fragt Ihr Browser, ob er ihn anlegen soll.',
    addHintWithCode:
      'Geben Sie ihm einen Namen, den Sie wiedererkennen, etwa das Gerät oder den Schlüssel, auf dem er liegt, und bestätigen Sie mit Ihrem Passwort und einem Code. Danach fragt Ihr Browser, ob er ihn anlegen soll.',
    renameTitle: 'Passkey umbenennen',
    cancel: 'Abbrechen',
    continue: 'Weiter',
    save: 'Speichern',
  },
  added: 'Passkey hinzugefügt',
  renamed: 'Passkey umbenannt',
  removed: 'Passkey entfernt',
  removeTitle: '„{{name}}“ entfernen?',
  removeBody:
    'Sie können sich dann nicht mehr mit diesem Passkey anmelden. Der Passkey selbst bleibt auf Ihrem Gerät, bis Sie ihn dort löschen.',
  confirm: {
    password: 'Passwort',
    code: 'Code',
    codeHelp: 'Der aktuelle Code aus Ihrer Authenticator-App oder ein Wiederherstellungscode',
    codeInvalid: 'Geben Sie einen 6-stelligen Code oder einen Wiederherstellungscode (abcde-fghij) ein',
    withPassword: 'Bestätigen Sie mit Ihrem Passwort.',
    withCode: 'Bestätigen Sie mit Ihrem Passwort und einem Code.',
  },
};
