import { describe, expect, it } from 'vitest';
import { de } from './de.ts';
import { en } from './en.ts';

type Tree = { readonly [key: string]: string | Tree };

/** Every text by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(path, value);
    else for (const [inner, text] of flatten(value, path)) texts.set(inner, text);
  }
  return texts;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
// Markup the app renders (reminders: **bold**) must survive translation.
const boldMarks = (text: string) => (text.match(/\*\*/g) ?? []).length;

const english = flatten(en);
const german = flatten(de);

describe('German texts', () => {
  it('have exactly the keys of the English ones', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('are never empty and keep every {{placeholder}} and markup of the English text', () => {
    for (const [key, englishText] of english) {
      const germanText = german.get(key)!;
      expect(germanText.trim(), key).not.toBe('');
      expect({ key, placeholders: placeholders(germanText) }).toEqual({
        key,
        placeholders: placeholders(englishText),
      });
      expect({ key, bold: boldMarks(germanText) }).toEqual({ key, bold: boldMarks(englishText) });
    }
  });

  it('are translated: every sentence differs from English, and few short labels stay the same', () => {
    // Short labels such as "Name", "Status", "VPN", "Online" are the same word in German.
    const unchanged = [...english].filter(([key, text]) => german.get(key) === text);
    const sentences = unchanged.filter(([, text]) => text.split(/\s+/).length > 3);
    expect(sentences).toEqual([]);
    expect(unchanged.length / english.size).toBeLessThan(0.1);
  });

  it('keep the plural forms i18next needs for German (one and other)', () => {
    const plurals = [...english.keys()].filter((key) => key.endsWith('_one'));
    expect(plurals.length).toBeGreaterThan(3);
    for (const key of plurals) {
      expect(german.has(key), key).toBe(true);
      expect(german.has(key.replace(/_one$/, '_other')), key).toBe(true);
    }
  });
});
