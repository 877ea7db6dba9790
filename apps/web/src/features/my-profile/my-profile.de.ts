import type { Translated } from '../../app/locales/translated.ts';
import type { myProfileEn } from './my-profile.en.ts';

// German texts of this feature, under the `myProfile` key of the translation resources.
export const myProfileDe: Translated<typeof myProfileEn> = {
  title: 'Mein Profil',
  subtitle: 'Ihre persönlichen Einstellungen. Sie gelten in jedem Unternehmen, in dem Sie arbeiten.',
  back: 'Zurück',
  language: {
    title: 'Sprache',
    hint: 'Die Sprache der App und der E-Mails, die Fleetgate Ihnen sendet.',
    label: 'Sprache',
    browser: 'Browser-Einstellung ({{language}})',
    saved: 'Sprache gespeichert',
    saveFailed: 'Die Sprache konnte nicht gespeichert werden.',
  },
  languageNames: { en: 'English', de: 'Deutsch' },
  loadFailed: 'Ihr Profil konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
};
