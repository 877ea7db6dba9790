import type { Translated } from '../../app/locales/translated.ts';
import type { usageEn } from './usage.en.ts';

// German texts of this feature, under the `usage` key of the translation resources.
export const usageDe: Translated<typeof usageEn> = {
  menu: 'Datennutzung',
  title: 'Datennutzung',
  subtitle:
    'Bytes, die das Relay für dieses Unternehmen pro Tag (UTC) übertragen hat. Eingehend: an Ihre Geräte gesendet. Ausgehend: von Ihren Geräten empfangen.',
  period: {
    label: 'Zeitraum',
    last7: 'Letzte 7 Tage',
    last30: 'Letzte 30 Tage',
    last90: 'Letzte 90 Tage',
    custom: 'Benutzerdefiniert',
    from: 'Von',
    to: 'Bis',
    fromAfterTo: 'Der Beginn liegt nach dem Ende.',
    tooLong: 'Höchstens {{days}} Tage.',
    invalid: 'Geben Sie ein Datum ein.',
    range: '{{from}} bis {{to}} (UTC)',
  },
  totals: {
    label: 'Summen des Zeitraums',
    in: 'Eingehend',
    inHint: 'an Ihre Geräte gesendet',
    out: 'Ausgehend',
    outHint: 'von Ihren Geräten empfangen',
    total: 'Gesamt',
    totalHint: 'beide Richtungen',
  },
  chart: {
    title: 'Bytes pro Tag',
    label:
      'Bytes pro Tag vom {{from}} bis {{to}}: insgesamt {{total}}, davon {{in}} eingehend und {{out}} ausgehend.',
    in: 'Eingehend',
    out: 'Ausgehend',
    undirected: 'Richtung nicht erfasst',
    showTable: 'Tageswerte anzeigen',
    hideTable: 'Tageswerte ausblenden',
    tableLabel: 'Bytes pro Tag',
    day: 'Tag (UTC)',
  },
  top: {
    title: 'Agenten mit den meisten Daten',
    share: '{{percent}} der Gesamtmenge',
  },
  agents: {
    title: 'Agenten',
    label: 'Bytes pro Agent',
    agent: 'Agent',
    in: 'Eingehend',
    out: 'Ausgehend',
    total: 'Gesamt',
    more: 'Weitere Agenten anzeigen',
    note: 'Bytes gelöschter Agenten bleiben in den Summen des Unternehmens; die CSV-Datei führt sie ohne Agent auf.',
  },
  exactBytes: '{{formatted}} Bytes',
  download: 'CSV herunterladen',
  downloadFailed: 'Die CSV-Datei konnte nicht heruntergeladen werden.',
  empty:
    'Kein Datenverkehr in diesem Zeitraum. Bytes erscheinen hier, sobald jemand ein Gerät über das Relay erreicht.',
  loadFailed: 'Die Datennutzung konnte nicht geladen werden.',
  units: { B: 'B', kB: 'kB', MB: 'MB', GB: 'GB', TB: 'TB' },
};
