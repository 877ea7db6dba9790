// Kept free of zod: the web app's entry chunk imports these without pulling in any schema.

/** The languages the web app and the e-mails come in; English is the default and the fallback. */
export const uiLanguages = ['en', 'de'] as const;
export type UiLanguage = (typeof uiLanguages)[number];
