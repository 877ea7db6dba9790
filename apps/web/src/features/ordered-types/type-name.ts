import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isTranslationKey } from '@fleetgate/contracts';

/**
 * Shows a type name: a translation key (e.g. `groups.typeNames.site`) becomes its translated
 * text; other names, and keys without a translation, are shown as stored.
 */
export function useTypeName(): (name: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (name: string) => {
      if (!isTranslationKey(name) || !i18n.exists(name)) return name;
      // Keys of whole sections of texts are not names: only a text is shown.
      const text: unknown = t(name as never, { returnObjects: true });
      return typeof text === 'string' ? text : name;
    },
    [t, i18n],
  );
}
