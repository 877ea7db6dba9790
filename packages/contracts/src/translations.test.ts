import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkTranslationBatch, translationKeyRegex } from './translations.ts';

const keyArb = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,20}(\.[A-Za-z0-9_-]{1,10}){0,3}$/);
const textArb = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
const languagesArb = fc.record(
  { en: textArb, de: textArb, fr: textArb, 'pt-BR': textArb },
  { requiredKeys: ['en'] },
);
const validItemArb = fc.record({ key: keyArb, languages: languagesArb });

describe('checkTranslationBatch', () => {
  it('reports a missing English text, a bad key and a duplicate at once, each with its listIndex (400)', () => {
    const result = checkTranslationBatch(
      [
        { key: 'users.title', languages: { de: 'Benutzer' } },
        { key: '1 bad key', languages: { en: 'Bad' } },
        { key: 'ok', languages: { en: 'Ok' } },
        { key: 'ok', languages: { en: 'Again' } },
        { languages: { en: 'No key' } },
        { key: 'noLanguages' },
      ],
      'create',
    );
    expect(result).toEqual({
      ok: false,
      status: 400,
      errors: [
        { message: 'Required language missing: en', propertyName: 'languages', listIndex: 0 },
        { message: 'Value does not match regex expression', propertyName: 'key', listIndex: 1 },
        { message: 'Duplicate', propertyName: 'key', listIndex: 3 },
        { message: 'Required property', propertyName: 'key', listIndex: 4 },
        { message: 'Required property', propertyName: 'languages', listIndex: 5 },
      ],
    });
  });

  it('answers 409 when duplicates are the only errors', () => {
    const result = checkTranslationBatch(
      [
        { key: 'a', languages: { en: 'A' } },
        { key: 'a', languages: { en: 'B' } },
      ],
      'create',
    );
    expect(result).toEqual({
      ok: false,
      status: 409,
      errors: [{ message: 'Duplicate', propertyName: 'key', listIndex: 1 }],
    });
  });

  it('checks only what a change names, and needs a publicId', () => {
    expect(checkTranslationBatch([{ publicId: 'abcdefghijkl', languages: { en: 'x' } }], 'change')).toEqual({
      ok: true,
      items: [{ publicId: 'abcdefghijkl', languages: { en: 'x' } }],
    });
    const result = checkTranslationBatch([{ key: 'x', languages: { de: 'y' } }], 'change');
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: [
        { message: 'Required property', propertyName: 'publicId', listIndex: 0 },
        { message: 'Required language missing: en', propertyName: 'languages', listIndex: 0 },
      ],
    });
  });

  it('refuses language codes, long texts, unknown properties and odd batches', () => {
    const result = checkTranslationBatch(
      [{ key: 'a', languages: { en: 'x'.repeat(4001), 'not a code': 'y' }, extra: 1 }],
      'create',
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: expect.arrayContaining([
        { message: 'Unknown property', propertyName: 'extra', listIndex: 0 },
        { message: 'Too long', propertyName: 'languages.en', listIndex: 0 },
        { message: 'Invalid language code', propertyName: 'languages', listIndex: 0 },
      ]),
    });
    expect(checkTranslationBatch({}, 'create')).toMatchObject({ ok: false, status: 400 });
    expect(checkTranslationBatch([], 'create')).toMatchObject({ ok: false, status: 400 });
    const many = Array.from({ length: 1001 }, (_, i) => ({ key: `k${i}`, languages: { en: 'x' } }));
    expect(checkTranslationBatch(many, 'create')).toMatchObject({ ok: false, status: 400 });
  });

  it('accepts every batch of valid items with distinct keys, unchanged', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(validItemArb, { selector: (item) => item.key, minLength: 1, maxLength: 30 }),
        (items) => {
          expect(checkTranslationBatch(items, 'create')).toEqual({ ok: true, items });
        },
      ),
    );
  });

  it('reports exactly one error per broken item, at its index, and nothing for the others', () => {
    const breakage = fc.constantFrom('noEnglish', 'badKey', 'noKey', 'noLanguages');
    fc.assert(
      fc.property(
        fc.uniqueArray(validItemArb, { selector: (item) => item.key, minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(fc.nat(), breakage), { maxLength: 10 }),
        (valid, breaks) => {
          const items: Record<string, unknown>[] = valid.map((item) => ({
            ...item,
            languages: { ...item.languages },
          }));
          const broken = new Map<number, string>();
          for (const [at, kind] of breaks) broken.set(at % items.length, kind);
          for (const [at, kind] of broken) {
            const item = items[at]!;
            if (kind === 'noEnglish') delete (item.languages as Record<string, string>).en;
            if (kind === 'badKey') item.key = `${String(item.key)} !`;
            if (kind === 'noKey') delete item.key;
            if (kind === 'noLanguages') delete item.languages;
          }
          const result = checkTranslationBatch(items, 'create');
          if (broken.size === 0) {
            expect(result.ok).toBe(true);
            return;
          }
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(result.status).toBe(400);
          expect(result.errors.map((e) => e.listIndex)).toEqual([...broken.keys()].sort((a, b) => a - b));
          for (const error of result.errors) {
            const kind = broken.get(error.listIndex!);
            expect(error.propertyName).toBe(kind === 'badKey' || kind === 'noKey' ? 'key' : 'languages');
          }
        },
      ),
    );
  });

  it('flags every repeat of a key after its first use as a duplicate with status 409', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c.d', 'E_f'), { minLength: 1, maxLength: 30 }),
        (keys) => {
          const result = checkTranslationBatch(
            keys.map((key) => ({ key, languages: { en: key } })),
            'create',
          );
          const repeats = keys.flatMap((key, i) => (keys.indexOf(key) < i ? [i] : []));
          if (repeats.length === 0) {
            expect(result.ok).toBe(true);
            return;
          }
          expect(result).toEqual({
            ok: false,
            status: 409,
            errors: repeats.map((listIndex) => ({ message: 'Duplicate', propertyName: 'key', listIndex })),
          });
        },
      ),
    );
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom('create' as const, 'change' as const), (body, mode) => {
        const result = checkTranslationBatch(body, mode as 'create');
        if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
      }),
    );
  });

  it('keys that pass are what i18next can address: no spaces, no empty segments', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        if (translationKeyRegex.test(key)) expect(key).not.toMatch(/\s|\.\.|^\.|\.$/);
      }),
    );
  });
});
