import type { Translated } from '../../app/locales/translated.ts';
import type { helpCentreEn } from './help-centre.en.ts';

// German texts of the help centre panel.
export const helpCentreDe: Translated<typeof helpCentreEn> = {
  title: 'Hilfe-Center',
  frameTitle: 'Inhalt des Hilfe-Centers',
  close: 'Hilfe-Center schließen',
  openInNewTab: 'Hilfe-Center in einem neuen Tab öffnen',
  loading: 'Hilfe-Center wird geladen …',
  loadFailed: 'Hilfe-Center konnte nicht geladen werden',
  loadFailedHint:
    'Das Hilfe-Center hat nicht geantwortet. Prüfen Sie Ihre Verbindung oder versuchen Sie es später erneut.',
  retry: 'Erneut versuchen',
};
