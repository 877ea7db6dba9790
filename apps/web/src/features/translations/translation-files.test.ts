import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Translation } from '@fleetgate/contracts';
import { parseCsvFile, parseJsonFile, parseTranslationFile, toCsv, toJson } from './translation-files.ts';
import { planImport } from './translation-import.ts';

const sample: Translation[] = [
  { publicId: 'aaaaaaaaaaaa', key: 'users.title', languages: { en: 'People', de: 'Leute' } },
  { publicId: 'bbbbbbbbbbbb', key: 'PLC', languages: { en: '=1+2, "quoted"\nline', fr: 'Automate' } },
];

describe('translation files', () => {
  it('reads both JSON shapes', () => {
    expect(parseJsonFile('[{"key":"a","languages":{"en":"A"}}]')).toEqual({
      ok: true,
      items: [{ key: 'a', languages: { en: 'A' } }],
      rows: [1],
    });
    expect(parseJsonFile('{"a":{"en":"A"},"b":{"en":"B"}}')).toEqual({
      ok: true,
      items: [
        { key: 'a', languages: { en: 'A' } },
        { key: 'b', languages: { en: 'B' } },
      ],
      rows: [1, 2],
    });
    expect(parseJsonFile('nope')).toEqual({ ok: false, reason: 'notJson' });
    expect(parseJsonFile('"text"')).toEqual({ ok: false, reason: 'wrongShape' });
  });

  it('reads CSV with a key column, leaving empty cells out and counting rows as a spreadsheet does', () => {
    expect(parseCsvFile('key,en,de\nusers.title,People,\n\nPLC,Controller,Steuerung\n')).toEqual({
      ok: true,
      items: [
        { key: 'users.title', languages: { en: 'People' } },
        { key: 'PLC', languages: { en: 'Controller', de: 'Steuerung' } },
      ],
      rows: [2, 3],
    });
    expect(parseCsvFile('name,en\nx,y')).toEqual({ ok: false, reason: 'notCsv' });
  });

  it('exports what it imports again, as JSON and as CSV', () => {
    const back = (file: ReturnType<typeof parseTranslationFile>) => (file.ok ? file.items : []);
    const expected = [
      { key: 'PLC', languages: sample[1]!.languages },
      { key: 'users.title', languages: sample[0]!.languages },
    ];
    expect(back(parseTranslationFile('t.json', toJson(sample)))).toEqual(expected);
    expect(back(parseTranslationFile('t.CSV', toCsv(sample)))).toEqual(expected);
    // Formula-like texts are quoted for spreadsheets.
    expect(toCsv(sample)).toContain(`"'=1+2`);
  });

  it('round-trips any texts through CSV', () => {
    const text = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.stringMatching(/^'{0,2}[=+\-@\t]?[a-z ,"\n]{0,5}$/),
      )
      .filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,10}$/), { minLength: 1, maxLength: 8 }),
        fc.array(text, { minLength: 8, maxLength: 8 }),
        (keys, texts) => {
          const items = keys.map((key, i) => ({
            publicId: 'cccccccccccc',
            key,
            languages: { en: texts[i]!, de: texts[7 - i]! },
          }));
          const parsed = parseCsvFile(toCsv(items));
          expect(parsed.ok && parsed.items).toEqual(
            [...items]
              .sort((a, b) => a.key.localeCompare(b.key))
              .map(({ key, languages }) => ({ key, languages })),
          );
        },
      ),
    );
  });

  it('plans an upsert, or names every bad row', () => {
    const csv = parseCsvFile('key,en,de\nusers.title,People,Leute\nnew.key,New,\nbad key,X,\nonly.de,,Nur\n');
    if (!csv.ok) throw new Error('unreadable');
    expect(planImport(csv, sample)).toEqual({
      ok: false,
      errors: [
        { row: 4, propertyName: 'key', message: 'Value does not match regex expression' },
        { row: 5, propertyName: 'languages', message: 'Required language missing: en' },
      ],
    });
    const good = parseCsvFile('key,en\nusers.title,People\nnew.key,New\n');
    if (!good.ok) throw new Error('unreadable');
    expect(planImport(good, sample)).toEqual({
      ok: true,
      changes: [{ publicId: 'aaaaaaaaaaaa', languages: { en: 'People' } }],
      changeRows: [2],
      creates: [{ key: 'new.key', languages: { en: 'New' } }],
      createRows: [3],
    });
  });
});
