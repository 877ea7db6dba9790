import type { Translated } from '../../app/locales/translated.ts';
import type { reportsEn } from './reports.en.ts';

// German texts of this feature, under the `reports` key of the translation resources.
export const reportsDe: Translated<typeof reportsEn> = {
  title: 'Berichte',
  intro:
    'PDF-Berichte der Berichtsseiten dieses Geräts für einen Zeitraum. Sie erhalten eine Nachricht in Ihrem Posteingang, sobald einer fertig ist.',
  queueButton: 'Bericht anfordern',
  none: 'Sie haben für dieses Gerät noch keinen Bericht angefordert.',
  listLabel: 'Ihre Berichte dieses Geräts',
  download: 'Herunterladen',
  queued: 'Bericht angefordert',
  period: '{{start}} bis {{end}} ({{timeZone}})',
  progress: '{{progress}} % erledigt',
  states: { queued: 'Wartend', running: 'In Arbeit', done: 'Fertig', failed: 'Fehlgeschlagen' },
  periods: {
    lastHour: 'Letzte Stunde',
    today: 'Heute',
    yesterday: 'Gestern',
    last7Days: 'Letzte 7 Tage',
    custom: 'Eigener Zeitraum',
  },
  queue: {
    title: 'Bericht anfordern',
    page: 'Berichtsseite',
    noPages: 'Dieses Gerät hat noch keine veröffentlichte Seite.',
    period: 'Zeitraum',
    start: 'Beginn',
    end: 'Ende',
    endAfterStart: 'Das Ende muss nach dem Beginn liegen.',
    timeZone: 'Zeiten in {{timeZone}}.',
    cancel: 'Abbrechen',
    submit: 'Anfordern',
  },
};
