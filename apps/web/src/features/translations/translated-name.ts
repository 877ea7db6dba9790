import { useCallback } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type TranslatedName = { text: string; isKey: boolean };

/**
 * A name that is a translation key (an app text such as `groups.typeNames.site`, or a key of the
 * company's own translations such as `GROUP_TYPE_PLC`) shows its text in the UI's language;
 * any other name shows as stored. Keys of whole sections of texts are not names.
 */
export function translatedName(name: string, t: TFunction, i18n: I18n): TranslatedName {
  if (name.trim() === '' || !i18n.exists(name)) return { text: name, isKey: false };
  const text: unknown = t(name as never, { returnObjects: true });
  return typeof text === 'string' ? { text, isKey: true } : { text: name, isKey: false };
}

/** `translatedName` bound to the current texts: components re-render when translations change. */
export function useTranslatedName(): (name: string) => TranslatedName {
  const { t, i18n } = useTranslation();
  return useCallback((name: string) => translatedName(name, t, i18n), [t, i18n]);
}
