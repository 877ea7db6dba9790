import { z } from 'zod';
import type { ApiErrorItem } from './wire.ts';
import { errorMessages } from './messages.ts';

/**
 * A company's own text for a key, per language. Keys address the app's texts (`users.title`)
 * or the company's own names (`GROUP_TYPE_PLC`, used as a group type name).
 */
export type Translation = { publicId: string; key: string; languages: Record<string, string> };

/** A letter, then letters, digits, `_` or `-`; dot-separated segments like the app's own keys. */
export const translationKeyRegex = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
/** `en`, `de`, `pt-BR`, `zh-Hant`: a language, optionally a script or region. */
export const languageCodeRegex = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

export const translationLimits = {
  keyMaxLength: 255,
  textMaxLength: 4000,
  languagesMax: 50,
  batchMax: 1000,
} as const;

/** The language every translation must give. */
export const requiredLanguage = 'en';

/** Stable messages of the translation batch rules; the web app translates them. */
export const translationErrors = {
  requiredLanguageMissing: `Required language missing: ${requiredLanguage}`,
  keyPattern: 'Value does not match regex expression',
  languageCode: 'Invalid language code',
  tooLong: 'Too long',
  tooManyLanguages: 'Too many languages',
  batchEmpty: 'The list is empty',
  batchTooLarge: `At most ${translationLimits.batchMax} items at once`,
  expectedList: 'Expected a list',
  expectedObject: 'Expected an object',
  unknownProperty: 'Unknown property',
} as const;

export type TranslationCreate = { key: string; languages: Record<string, string> };
export type TranslationChange = { publicId: string; key?: string; languages?: Record<string, string> };

export type BatchCheck<T> =
  { ok: true; items: T[] } | { ok: false; status: 400 | 409; errors: ApiErrorItem[] };

type Mode = 'create' | 'change';

const publicIdRegex = /^[0-9a-z]{12}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** 409 only when every error is a duplicate; any other error makes the batch a 400. */
export function batchStatus(errors: readonly ApiErrorItem[]): 400 | 409 {
  return errors.every((e) => e.message === errorMessages.duplicate) ? 409 : 400;
}

function checkKey(value: unknown, listIndex: number, errors: ApiErrorItem[]): string | undefined {
  if (value === undefined || value === null || value === '') {
    errors.push({ message: errorMessages.required, propertyName: 'key', listIndex });
    return undefined;
  }
  if (typeof value !== 'string' || !translationKeyRegex.test(value)) {
    errors.push({ message: translationErrors.keyPattern, propertyName: 'key', listIndex });
    return undefined;
  }
  if (value.length > translationLimits.keyMaxLength) {
    errors.push({ message: translationErrors.tooLong, propertyName: 'key', listIndex });
    return undefined;
  }
  return value;
}

function checkLanguages(
  value: unknown,
  listIndex: number,
  errors: ApiErrorItem[],
): Record<string, string> | undefined {
  if (value === undefined || value === null) {
    errors.push({ message: errorMessages.required, propertyName: 'languages', listIndex });
    return undefined;
  }
  if (!isRecord(value)) {
    errors.push({ message: errorMessages.invalid, propertyName: 'languages', listIndex });
    return undefined;
  }
  const codes = Object.keys(value);
  if (codes.length > translationLimits.languagesMax) {
    errors.push({ message: translationErrors.tooManyLanguages, propertyName: 'languages', listIndex });
    return undefined;
  }
  const languages: Record<string, string> = {};
  let valid = true;
  for (const code of codes) {
    const text = value[code];
    if (!languageCodeRegex.test(code)) {
      errors.push({ message: translationErrors.languageCode, propertyName: 'languages', listIndex });
      valid = false;
    } else if (typeof text !== 'string' || text.trim() === '') {
      // An empty text is no translation: forms leave such languages out.
      if (code !== requiredLanguage) {
        errors.push({ message: errorMessages.required, propertyName: `languages.${code}`, listIndex });
        valid = false;
      }
    } else if (text.length > translationLimits.textMaxLength) {
      errors.push({ message: translationErrors.tooLong, propertyName: `languages.${code}`, listIndex });
      valid = false;
    } else {
      languages[code] = text;
    }
  }
  const english = value[requiredLanguage];
  if (typeof english !== 'string' || english.trim() === '') {
    errors.push({ message: translationErrors.requiredLanguageMissing, propertyName: 'languages', listIndex });
    valid = false;
  }
  return valid ? languages : undefined;
}

/**
 * Checks a whole batch of translations and reports every item's every error at once, each
 * with its `listIndex`. The web app (form and import) and the server use this same function.
 * Duplicate keys within the batch are "Duplicate" on every occurrence after the first.
 */
export function checkTranslationBatch(body: unknown, mode: 'create'): BatchCheck<TranslationCreate>;
export function checkTranslationBatch(body: unknown, mode: 'change'): BatchCheck<TranslationChange>;
export function checkTranslationBatch(
  body: unknown,
  mode: Mode,
): BatchCheck<TranslationCreate> | BatchCheck<TranslationChange> {
  if (!Array.isArray(body))
    return { ok: false, status: 400, errors: [{ message: translationErrors.expectedList }] };
  if (body.length === 0)
    return { ok: false, status: 400, errors: [{ message: translationErrors.batchEmpty }] };
  if (body.length > translationLimits.batchMax)
    return { ok: false, status: 400, errors: [{ message: translationErrors.batchTooLarge }] };

  const errors: ApiErrorItem[] = [];
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  const items: (TranslationCreate | TranslationChange)[] = [];
  const allowed = mode === 'create' ? ['key', 'languages'] : ['publicId', 'key', 'languages'];

  body.forEach((item: unknown, listIndex) => {
    if (!isRecord(item)) {
      errors.push({ message: translationErrors.expectedObject, listIndex });
      return;
    }
    for (const name of Object.keys(item)) {
      if (!allowed.includes(name))
        errors.push({ message: translationErrors.unknownProperty, propertyName: name, listIndex });
    }
    let publicId: string | undefined;
    if (mode === 'change') {
      if (typeof item.publicId !== 'string' || !publicIdRegex.test(item.publicId)) {
        errors.push({ message: errorMessages.required, propertyName: 'publicId', listIndex });
      } else if (seenIds.has(item.publicId)) {
        errors.push({ message: errorMessages.duplicate, propertyName: 'publicId', listIndex });
      } else {
        seenIds.add(item.publicId);
        publicId = item.publicId;
      }
    }
    const keyGiven = mode === 'create' || item.key !== undefined;
    const languagesGiven = mode === 'create' || item.languages !== undefined;
    const key = keyGiven ? checkKey(item.key, listIndex, errors) : undefined;
    const languages = languagesGiven ? checkLanguages(item.languages, listIndex, errors) : undefined;
    if (key !== undefined) {
      if (seenKeys.has(key))
        errors.push({ message: errorMessages.duplicate, propertyName: 'key', listIndex });
      seenKeys.add(key);
    }
    if (mode === 'create') items.push({ key: key ?? '', languages: languages ?? {} });
    else
      items.push({
        publicId: publicId ?? '',
        ...(key === undefined ? {} : { key }),
        ...(languages === undefined ? {} : { languages }),
      });
  });

  if (errors.length > 0) return { ok: false, status: batchStatus(errors), errors };
  return mode === 'create'
    ? { ok: true, items: items as TranslationCreate[] }
    : { ok: true, items: items as TranslationChange[] };
}

/**
 * The item shapes for the API document. Requests are checked by `checkTranslationBatch`, which
 * reports every item's errors with the spec's messages; these schemas describe the same rules.
 */
const languagesSchema = z
  .record(z.string().regex(languageCodeRegex), z.string().min(1).max(translationLimits.textMaxLength))
  .describe(`Texts by language code; "${requiredLanguage}" is required`);
const keySchema = z.string().max(translationLimits.keyMaxLength).regex(translationKeyRegex);
export const translationCreateInput = z.strictObject({ key: keySchema, languages: languagesSchema });
export const translationPatchInput = z.strictObject({
  key: keySchema.optional(),
  languages: languagesSchema.optional(),
});
