// English texts of this feature, under the `myProfile` key of the translation resources.
export const myProfileEn = {
  title: 'My profile',
  subtitle: 'Your personal settings. They apply in every company you work in.',
  back: 'Back',
  language: {
    title: 'Language',
    hint: 'The language of the app and of the e-mails Fleetgate sends you.',
    label: 'Language',
    browser: 'Browser default ({{language}})',
    saved: 'Language saved',
    saveFailed: 'The language could not be saved.',
  },
  // Each language in its own language, so everyone finds theirs.
  languageNames: { en: 'English', de: 'Deutsch' },
  loadFailed: 'Your profile could not be loaded.',
  retry: 'Try again',
};
