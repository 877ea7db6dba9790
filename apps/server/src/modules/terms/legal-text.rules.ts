import {
  errorMessages,
  legalTextMaxLanguages,
  legalTextRequiredLanguage,
  termsErrorMessages,
  type LegalTextLanguageInput,
  type LegalTextLanguages,
} from '@fleetgate/contracts';
import { ApiError } from '../../http/errors.ts';

/**
 * The languages after setting or removing one. English comes first and goes last, so a reader
 * always finds the text in English when not in their own language. Blank text removes a language.
 */
export function withLanguage(current: LegalTextLanguages, input: LegalTextLanguageInput): LegalTextLanguages {
  const { language, body } = input;
  const next = { ...current };
  const removing = body === null || body.trim() === '';
  if (removing) delete next[language];
  else next[language] = body;
  const languages = Object.keys(next);
  if (languages.length > legalTextMaxLanguages)
    throw new ApiError(400, [{ message: termsErrorMessages.tooManyLanguages, propertyName: 'language' }]);
  if (languages.length > 0 && !languages.includes(legalTextRequiredLanguage)) {
    const message = removing ? termsErrorMessages.englishLast : termsErrorMessages.englishFirst;
    throw new ApiError(400, [{ message, propertyName: 'language' }]);
  }
  return next;
}

export function sameLanguages(a: LegalTextLanguages, b: LegalTextLanguages): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** A termsOfUsePolicy reference that names no policy the invite's company has. */
export function unknownPolicy() {
  return new ApiError(400, [{ message: errorMessages.notFound, propertyName: 'termsOfUsePolicy' }]);
}
