import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ThemeOptions } from '@mui/material/styles';
import { uiLanguages, type UiLanguage } from '@fleetgate/contracts';
import { getSession } from '../auth/session.ts';
import { enCore } from './locales/en-core.ts';
import { createStoredValue } from './stored-value.ts';

export { uiLanguages, type UiLanguage };

/*
 * The UI language: the signed-in user's stored choice (MyUser.language) wins over the browser's
 * languages (navigator.languages, the first of en/de), else English. Before login only the
 * browser counts. Every language's texts are one plain object under the `translation` namespace,
 * so company translations (overrides per language) merge over them with
 * `i18next.addResourceBundle(language, 'translation', overrides, true, true)`; a language chunk
 * that arrives later never overwrites what a company set.
 */

/** What the user chose in my-profile; `null` follows the browser. */
export type LanguagePreference = UiLanguage | null;

/** Everything one UI language brings besides English: its texts and the components' locales. */
export type LanguagePack = {
  /** The language's texts, a plain object shaped like English (company translations merge over it). */
  resources: object;
  /** Material UI's own texts (pagination, "Close", "Open"). */
  themeLocales: ThemeOptions[];
};

const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (uiLanguages as readonly string[]).includes(value);

/**
 * The signed-in user's stored choice, kept from the last MyUser answer so a reload shows their
 * language from the first paint, before MyUser has answered again.
 */
const storedPreference = createStoredValue<LanguagePreference>('fleetgate.language', null, (raw) =>
  isUiLanguage(raw) ? raw : null,
);

/** The first of the browser's preferred languages that the app speaks, else English. */
export function browserLanguage(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): UiLanguage {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isUiLanguage(primary)) return primary;
  }
  return 'en';
}

/** The user's stored language wins over the browser's; before login only the browser counts. */
export function effectiveLanguage(preference: LanguagePreference, browser: UiLanguage = browserLanguage()) {
  return preference ?? browser;
}

// English is in the main bundle as far as the first screens need it (`en-core.ts`); the features'
// English texts are one chunk, loaded before any screen behind the login (`loadAppTexts`).
let appTexts: Promise<void> | undefined;

/** Loads the features' English texts once; screens behind the login await it with their code. */
export function loadAppTexts(): Promise<void> {
  return (appTexts ??= import('./locales/en-features.ts').then(
    ({ enFeatures }) => {
      // Deep, without overwriting: company translations added meanwhile keep precedence.
      i18next.addResourceBundle('en', 'translation', enFeatures, true, false);
    },
    (error: unknown) => {
      appTexts = undefined;
      throw error;
    },
  ));
}

// Every other language is one chunk, loaded when first needed.
const packLoaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<{ dePack: LanguagePack }>> = {
  de: () => import('./locales/de-pack.ts'),
};
const packs: Partial<Record<UiLanguage, Promise<LanguagePack>>> = {};
const loaded: Partial<Record<UiLanguage, LanguagePack>> = {};

function loadLanguage(language: UiLanguage): Promise<unknown> | undefined {
  if (language === 'en') return;
  return (packs[language] ??= packLoaders[language]().then(
    ({ dePack: pack }) => {
      // Deep, without overwriting: company translations added meanwhile keep precedence.
      i18next.addResourceBundle(language, 'translation', pack.resources, true, false);
      return (loaded[language] = pack);
    },
    (error: unknown) => {
      // Offline: tried again the next time the language is asked for.
      delete packs[language];
      throw error;
    },
  ));
}

/** The loaded pack of the language the UI shows; undefined for English. */
export const languagePack = (language: string): LanguagePack | undefined => loaded[language as UiLanguage];

/**
 * Shows the UI in this language once its texts are loaded (the UI stays as it is meanwhile, so
 * nothing shows half translated). A language that cannot be loaded (offline) leaves the UI as is.
 */
async function showLanguage(language: UiLanguage): Promise<void> {
  try {
    await loadLanguage(language);
  } catch {
    return;
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/**
 * Applies the signed-in user's stored choice (from MyUser, or just saved in my-profile) and
 * remembers it for the next page load.
 */
export function applyLanguagePreference(preference: LanguagePreference): Promise<void> {
  storedPreference.set(preference);
  return showLanguage(effectiveLanguage(preference));
}

/** After logging out: the browser's language again, as before any login. */
export const forgetLanguagePreference = () => applyLanguagePreference(null);

const setDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

const initialLanguage = effectiveLanguage(getSession() ? storedPreference.get() : null);

void i18next.use(initReactI18next).init({
  resources: { en: { translation: enCore } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  showSupportNotice: false,
  interpolation: { escapeValue: false },
  // Company translations replace texts while the app runs: screens show them at once.
  react: { bindI18nStore: 'added removed' },
});
setDocumentLanguage('en');
i18next.on('languageChanged', setDocumentLanguage);

/**
 * Settles once the first screen's language is ready: at once for English, after its chunk for
 * another language (the app shows a progress indicator until then, never English first).
 */
export const i18nReady: Promise<void> = showLanguage(initialLanguage);
/** Whether the first screen waits for a language chunk (anything but English). */
export const i18nLoadsFirst = initialLanguage !== 'en';

export { i18next };
