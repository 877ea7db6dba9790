import type { Translated } from '../../app/locales/translated.ts';
import { orderedTypeTextsDe } from '../ordered-types/ordered-types.de.ts';
import type { assetsEn } from './assets.en.ts';

// German texts of this feature, under the `assets` key of the translation resources.
export const assetsDe: Translated<typeof assetsEn> = {
  menu: 'Assets',
  title: 'Assets',
  subtitle: 'Assets sind die Maschinen und Steuerungen, auf die Ihre Geräte Zugriff geben.',
  typeSubtitle: 'Assets vom Typ {{type}}.',
  add: 'Asset hinzufügen',
  addTitle: 'Asset hinzufügen',
  editTitle: 'Asset bearbeiten',
  deleteTitle: 'Asset „{{name}}“ löschen?',
  deleted: 'Asset „{{name}}“ gelöscht',
  name: 'Name',
  type: 'Asset-Typ',
  requestAccess: 'Zugriff auf {{name}} anfragen',
  actions: 'Aktionen',
  edit: '{{name}} bearbeiten',
  delete: '{{name}} löschen',
  empty: 'Noch keine Assets.',
  emptySearch: 'Keine Assets passen zu „{{search}}“.',
  noTypes: 'Fügen Sie zuerst im Menü einen Asset-Typ hinzu: Jedes Asset hat einen Typ.',
  loadMore: 'Mehr laden',
  unknownType: 'Diesen Asset-Typ gibt es nicht (mehr).',
  typeNames: { plc: 'SPS', hmi: 'HMI', drive: 'Antrieb', robot: 'Roboter' },
  types: orderedTypeTextsDe({
    title: 'Asset-Typen',
    empty: 'Noch keine Asset-Typen.',
    add: 'Asset-Typ hinzufügen',
    addTitle: 'Asset-Typ hinzufügen',
    editTitle: 'Asset-Typ bearbeiten',
    deleteTitle: 'Asset-Typ „{{name}}“ löschen?',
    deleted: 'Asset-Typ „{{name}}“ gelöscht',
    blockedTitle: 'Asset-Typ in Verwendung',
    blockedBody:
      'Assets verwenden noch den Asset-Typ „{{name}}“, daher kann er nicht gelöscht werden. Geben Sie diesen Assets zuerst einen anderen Typ oder löschen Sie sie.',
    showUsers: 'Zugehörige Assets anzeigen',
  }),
};
