import { useCallback } from 'react';
import type { MenuItem } from '@fleetgate/contracts';
import { useTranslatedName } from '../translations/translated-name.ts';

/** Sorted as the menu shows them: by order, then by publicId for equal orders. */
export function sortMenuItems<T extends Pick<MenuItem, 'order' | 'publicId'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order || a.publicId.localeCompare(b.publicId));
}

/**
 * A link's label: its name, or the text of its translation key in the UI's language (the
 * company's translations merge into the app's texts); a key without a text shows as the key.
 */
export function useMenuItemLabel(): (item: Pick<MenuItem, 'name' | 'translationKey'>) => string {
  const translated = useTranslatedName();
  return useCallback(
    (item) => item.name ?? (item.translationKey ? translated(item.translationKey).text : ''),
    [translated],
  );
}
