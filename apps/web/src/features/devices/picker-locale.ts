import { deDE as pickersDe } from '@mui/x-date-pickers/locales';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { de as dateFnsDe } from 'date-fns/locale/de';
import type { Locale } from 'date-fns';

type PickerLocale = { adapterLocale: Locale | undefined; localeText: Partial<PickersLocaleText> };

/**
 * The date pickers in the UI language: the calendar (month and day names, first day of the
 * week) and the pickers' own labels. Kept with the pickers' code rather than in the language
 * chunk, which then shares nothing with them. English is the pickers' default.
 */
export function pickerLocale(language: string): PickerLocale {
  if (language === 'de')
    return {
      adapterLocale: dateFnsDe,
      localeText: pickersDe.components.MuiLocalizationProvider.defaultProps.localeText,
    };
  return { adapterLocale: undefined, localeText: {} };
}
