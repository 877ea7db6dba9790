import type { Translated } from '../../app/locales/translated.ts';
import type { auditTrailEn } from './audit-trail.en.ts';

// German texts of this feature, under the `auditTrail` key of the translation resources.
export const auditTrailDe: Translated<typeof auditTrailEn> = {
  menu: 'Änderungsprotokoll',
  title: 'Änderungsprotokoll',
  subtitle:
    'Jede Änderung in diesem Unternehmen: wer sie wann vorgenommen hat und was vorher und nachher galt.',
  empty: 'Keine passenden Einträge.',
  loadFailed: 'Das Änderungsprotokoll konnte nicht geladen werden.',
  showOlder: 'Ältere Einträge anzeigen',
  allActions: 'Alle Aktionen',
  action: 'Aktion',
  actions: { CREATE: 'Erstellt', UPDATE: 'Geändert', DELETE: 'Gelöscht' },
  system: 'System',
  from: 'von {{address}}',
  before: 'Vorher',
  after: 'Nachher',
  details: 'Details',
  none: '—',
};
