import type { Translated } from '../../app/locales/translated.ts';
import type { accessCategoriesEn } from './access-categories.en.ts';

// German texts of this feature, under the `accessCategories` key of the translation resources.
export const accessCategoriesDe: Translated<typeof accessCategoriesEn> = {
  menu: 'Zugriffskategorien',
  title: 'Zugriffskategorien',
  subtitle:
    'Zugriffskategorien fassen Mitglieder für Zugriffsregeln zusammen. Neue Mitglieder erhalten die Standardkategorie.',
  add: 'Zugriffskategorie hinzufügen',
  empty: 'Noch keine Zugriffskategorien.',
  default: 'Standard',
  setDefault: '{{name}} als Standard festlegen',
  unsetDefault: '{{name}} nicht mehr als Standard verwenden',
  defaultSet: '{{name}} ist jetzt die Standard-Zugriffskategorie',
  defaultUnset: '{{name}} ist nicht mehr die Standard-Zugriffskategorie',
  edit: '{{name}} bearbeiten',
  delete: '{{name}} löschen',
  addTitle: 'Zugriffskategorie hinzufügen',
  editTitle: 'Zugriffskategorie bearbeiten',
  name: 'Name',
  description: 'Beschreibung',
  descriptionHint: 'Optional',
  save: 'Speichern',
  create: 'Hinzufügen',
  cancel: 'Abbrechen',
  created: 'Zugriffskategorie {{name}} wurde hinzugefügt',
  saved: 'Zugriffskategorie {{name}} wurde gespeichert',
  deleteTitle: '{{name}} löschen?',
  deleteText: 'Die Zugriffskategorie wird endgültig gelöscht.',
  deleteConfirm: 'Löschen',
  deleted: 'Zugriffskategorie {{name}} wurde gelöscht',
  inUse: 'Diese Zugriffskategorie wird noch verwendet. Weisen Sie den Mitgliedern zuerst eine andere zu.',
  loadFailed: 'Die Zugriffskategorien konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
};
