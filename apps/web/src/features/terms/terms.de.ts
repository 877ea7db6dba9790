import type { Translated } from '../../app/locales/translated.ts';
import type { termsEn } from './terms.en.ts';

export const termsDe: Translated<typeof termsEn> = {
  loadFailed: 'Der Text konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  edit: 'Bearbeiten',
  back: 'Zurück',
  backToApp: 'Zurück zur App',
  instanceText: 'Ihre Firma hat hier keinen eigenen Text; es gelten die Texte dieser Instanz.',
  sectorText: 'Diese Texte legt Ihr Partner für alle seine Firmen fest.',
  version: 'Version {{version}} vom {{date}}',
  builder: {
    termsTitle: 'Eigene Nutzungsbedingungen',
    termsSubtitle:
      'Schreiben Sie Ihre Bedingungen in Markdown. Jede gespeicherte Änderung ist eine neue Version, der jedes Mitglied zustimmen muss, bevor es die App nutzt.',
    privacyTitle: 'Eigene Datenschutzerklärung',
    privacySubtitle:
      'Schreiben Sie Ihre Datenschutzerklärung in Markdown. Mitglieder und Besucher Ihres Hostnamens lesen sie.',
    languages: 'Sprachen',
    addLanguage: 'Sprache hinzufügen',
    addLanguageTitle: 'Eine Sprache hinzufügen',
    languageCode: 'Sprachcode',
    languageCodeHint: 'Zwei Buchstaben, zum Beispiel de, fr oder it',
    languageExists: 'Diese Sprache gibt es schon',
    add: 'Hinzufügen',
    cancel: 'Abbrechen',
    editor: 'Markdown-Text auf {{language}}',
    preview: 'Vorschau',
    previewEmpty: 'Noch nichts zum Anzeigen.',
    save: 'Speichern',
    saving: 'Wird gespeichert…',
    savedTerms:
      'Als Version {{version}} gespeichert. Mitglieder müssen ihr zustimmen, bevor sie die App nutzen.',
    savedTermsUnchanged: 'Nichts geändert; die Bedingungen bleiben bei Version {{version}}.',
    savedTermsRemoved: 'Ihre eigenen Bedingungen sind entfernt.',
    savedPrivacy: 'Die Datenschutzerklärung ist gespeichert.',
    englishFirst:
      'Schreiben Sie zuerst den englischen Text: Er wird allen gezeigt, für deren Sprache es keinen Text gibt.',
    englishLast: 'Entfernen Sie erst die anderen Sprachen, dann den englischen Text.',
    sectorApplies: 'Bis Sie eigene schreiben, gelten die Texte Ihres Partners.',
    unsaved: 'Nicht gespeicherte Änderungen',
    charactersLeft: 'Noch {{count}} Zeichen',
    toolbar: 'Formatierung',
    bold: 'Fett',
    italic: 'Kursiv',
    heading: 'Überschrift',
    bulletList: 'Aufzählung',
    link: 'Link',
    discardBody: 'Ihre Änderungen an den Texten sind nicht gespeichert. Sie gehen verloren.',
    languageNames: {
      en: 'Englisch',
      de: 'Deutsch',
    },
  },
  updated: {
    title: 'Nutzungsbedingungen aktualisiert',
    intro:
      'Die Nutzungsbedingungen von {{company}} haben sich geändert. Lesen Sie sie und stimmen Sie zu, um fortzufahren.',
    ok: 'OK',
    accepting: 'Wird bestätigt…',
    failed: 'Die Zustimmung hat nicht geklappt. Versuchen Sie es erneut.',
  },
  invite: {
    title: 'Nutzungsbedingungen von {{company}}',
    intro: 'Wer {{company}} beitritt, stimmt den Nutzungsbedingungen zu.',
    accept: 'Zustimmen und beitreten',
    cancel: 'Abbrechen',
  },
};
