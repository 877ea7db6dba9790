import type { Translated } from '../../app/locales/translated.ts';
import type { screensaverEn } from './screensaver.en.ts';

// German texts of this feature, under the `screensaver` key of the translation resources.
export const screensaverDe: Translated<typeof screensaverEn> = {
  title: 'Bildschirmschoner des Displays',
  intro:
    'Das Bild, das das Display dieses Gateways im Ruhezustand zeigt. Der Agent holt ein neues Bild innerhalb weniger Minuten.',
  current: 'Aktueller Bildschirmschoner von {{name}}',
  none: 'Kein Bildschirmschoner festgelegt',
  loadFailed: 'Das Bild konnte nicht geladen werden.',
  upload: 'Bild hochladen',
  replace: 'Bild ersetzen',
  remove: 'Entfernen',
  uploading: '{{name}} wird hochgeladen',
  hint: 'PNG, JPEG oder WebP, höchstens {{maxMb}} MB',
  problems: {
    type: 'Wählen Sie ein PNG-, JPEG- oder WebP-Bild.',
    size: 'Das Bild ist größer als {{maxMb}} MB.',
    empty: 'Die Datei ist leer.',
    noDisplay: 'Dieser Agent hat kein Display. Kennzeichnen Sie es zuerst in seinen Einstellungen.',
  },
  uploaded: 'Bildschirmschoner hochgeladen',
  removed: 'Bildschirmschoner entfernt',
  confirmRemove: {
    title: 'Bildschirmschoner entfernen?',
    body: 'Das Display von {{name}} zeigt keinen Bildschirmschoner mehr, sobald der Agent das nächste Mal nachfragt.',
    confirm: 'Entfernen',
    cancel: 'Abbrechen',
  },
  hasDisplay: 'Hat ein Display',
  hasDisplayHint: 'Das Gateway zeigt den Bildschirmschoner des Unternehmens auf seinem Display',
  displayChip: 'Display',
};
