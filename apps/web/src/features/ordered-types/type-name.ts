import { useCallback } from 'react';
import { useTranslatedName } from '../translations/translated-name.ts';

/**
 * Shows a type name: a translation key (e.g. `groups.typeNames.site`, or a key of the company's
 * translations) becomes its translated text; other names, and keys without a text, are shown as stored.
 */
export function useTypeName(): (name: string) => string {
  const translated = useTranslatedName();
  return useCallback((name: string) => translated(name).text, [translated]);
}
