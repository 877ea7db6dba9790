import type { TFunction } from 'i18next';
import { errorMessages, translationErrors, type ApiErrorItem } from '@fleetgate/contracts';
import { translateApiMessage } from '../../api/error-text.ts';

/** A message of the translation rules in the user's words. */
export function translationMessage(t: TFunction, message: string): string {
  switch (message) {
    case errorMessages.required:
      return t('form.required');
    case errorMessages.duplicate:
      return t('translations.errors.duplicate');
    case translationErrors.requiredLanguageMissing:
      return t('translations.errors.requiredLanguageMissing');
    case translationErrors.keyPattern:
      return t('translations.errors.keyPattern');
    case translationErrors.tooLong:
      return t('translations.errors.tooLong');
    case translationErrors.languageCode:
      return t('translations.errors.languageCode');
    case translationErrors.tooManyLanguages:
      return t('translations.errors.tooManyLanguages');
    default:
      return translateApiMessage(t, message);
  }
}

/**
 * Where an error of the rules belongs in the dialog: `key`, a language code's text field, or
 * the form as a whole. A missing English text belongs to the English field.
 */
export function fieldOfError(item: ApiErrorItem): string {
  const name = item.propertyName;
  if (name === 'key') return 'key';
  if (name?.startsWith('languages.')) return name.slice('languages.'.length);
  if (name === 'languages' && item.message === translationErrors.requiredLanguageMissing) return 'en';
  return '';
}

/** The name of a language in the UI's language (`German`, `Deutsch`), or its code. */
export function languageName(code: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
