import { deDE as materialDe } from '@mui/material/locale';
import type { LanguagePack } from '../i18n.ts';
import { de } from './de.ts';

/**
 * German: loaded as one chunk when the UI language is German. The date pickers bring their
 * German (calendar and labels) with their own chunk, see features/devices/picker-locale.ts.
 */
export const dePack: LanguagePack = {
  resources: de,
  themeLocales: [materialDe],
};
