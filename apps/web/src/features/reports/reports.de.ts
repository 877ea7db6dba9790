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
  schedules: {
    title: 'Geplante Berichte',
    add: 'Bericht planen',
    none: 'Für dieses Gerät ist kein Bericht geplant.',
    listLabel: 'Geplante Berichte dieses Geräts',
    frequency: 'Häufigkeit',
    frequencies: { daily: 'Täglich', weekly: 'Wöchentlich', monthly: 'Monatlich' },
    timeZone: 'Zeitzone',
    recipients: 'Empfänger',
    to: 'An: {{names}}',
    nextRun: 'Nächster Lauf: {{when}} ({{timeZone}})',
    delete: 'Löschen',
    deleteOne: 'Planung von {{title}} löschen',
    added: 'Bericht geplant',
    deleted: 'Planung gelöscht',
    confirmDelete: {
      title: 'Geplanten Bericht löschen?',
      body: 'Der Bericht „{{title}}“ wird nicht mehr versendet. Bereits versendete Berichte bleiben erhalten.',
    },
    dialog: {
      title: 'Bericht planen',
      submit: 'Planen',
      required: 'Pflichtfeld',
      frequencyHint: 'Jeder Lauf umfasst den vorigen Tag, die vorige Woche oder den vorigen Monat.',
      recipientsRequired: 'Wählen Sie mindestens ein Mitglied.',
      recipientsHint:
        'Mitglieder, die dieses Gerät und die Berichtsseite sehen; sie erhalten das PDF per E-Mail.',
      onlyYou: 'Sie dürfen die Mitglieder des Unternehmens nicht auflisten, daher geht der Bericht an Sie.',
    },
    errors: {
      thisMember: 'Dieses Mitglied',
      scheduleLimit:
        'Das Unternehmen hat bereits so viele geplante Berichte wie erlaubt. Löschen Sie zuerst einen.',
      recipientCannotRead: '{{name}} sieht dieses Gerät oder die Berichtsseite nicht.',
      recipientUnknown: '{{name}} ist kein Mitglied des Unternehmens.',
      notPublished: 'Die Seite hat keine veröffentlichte Version.',
      timeZoneInvalid: 'Unbekannte Zeitzone.',
    },
  },
};
