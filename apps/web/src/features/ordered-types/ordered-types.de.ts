import type { Translated } from '../../app/locales/translated.ts';
import type { orderedTypeTexts } from './ordered-types.en.ts';

type Texts = Translated<ReturnType<typeof orderedTypeTexts>>;
type Specific = Pick<
  Texts,
  | 'title'
  | 'empty'
  | 'add'
  | 'addTitle'
  | 'editTitle'
  | 'deleteTitle'
  | 'deleted'
  | 'blockedTitle'
  | 'blockedBody'
  | 'showUsers'
>;

/** German texts every ordered-type drawer needs (the English ones in ordered-types.en.ts). */
const common: Omit<Texts, keyof Specific> = {
  name: 'Name',
  color: 'Farbe',
  colorHint: 'Eine Farbe wie #1e88e5',
  colorInvalid: 'Verwenden Sie eine Farbe wie #1e88e5',
  useColor: 'Farbe {{color}} verwenden',
  pickColor: 'Farbe auswählen',
  translatedName: 'Dieser Name wird für jede Sprache übersetzt und kann hier nicht geändert werden.',
  moreActions: 'Weitere Aktionen für {{name}}',
  dragHandle: '{{name}} durch Ziehen verschieben',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  cancel: 'Abbrechen',
  save: 'Speichern',
  create: 'Hinzufügen',
  close: 'Schließen',
  deleteBody: 'Dies kann nicht rückgängig gemacht werden.',
  checkingUse: 'Es wird geprüft, ob {{name}} verwendet wird',
  reorderFailed: 'Die neue Reihenfolge konnte nicht gespeichert werden: {{reason}}',
  dragStarted: '{{name}} aufgenommen.',
  dragOver: '{{name}} befindet sich über Position {{position}}.',
  dragEnd: '{{name}} wurde an Position {{position}} abgelegt.',
  dragCancel: 'Verschieben abgebrochen.',
  dragInstructions:
    'Zum Verschieben drücken Sie auf dem Griff die Leertaste oder Eingabetaste, bewegen mit den Pfeiltasten und legen mit Leertaste oder Eingabetaste ab. Escape bricht ab.',
  errors: {
    CANNOT_DELETE_LAST_GROUP_TYPE: 'Der letzte Gruppentyp kann nicht gelöscht werden.',
    CANNOT_DELETE_LAST_ASSET_TYPE: 'Der letzte Asset-Typ kann nicht gelöscht werden.',
    CANNOT_DELETE_GROUP_TYPE: 'Dieser Gruppentyp wird noch von Gruppen verwendet.',
    CANNOT_DELETE_ASSET_TYPE: 'Dieser Asset-Typ wird noch von Assets verwendet.',
    GROUP_HAS_SUBGROUPS: 'Diese Gruppe hat Untergruppen. Löschen oder verschieben Sie diese zuerst.',
    GROUP_PARENT_CYCLE: 'Eine Gruppe kann nicht unter sich selbst oder einer ihrer Untergruppen liegen.',
  },
};

export function orderedTypeTextsDe(specific: Specific): Texts {
  return { ...common, ...specific };
}
