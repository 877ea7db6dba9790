import { describe, expect, it } from 'vitest';
import { applyMarkdown, languageChanges } from './markdown-edit.ts';

describe('applyMarkdown', () => {
  it('wraps the selection, or a placeholder, in inline markup', () => {
    expect(applyMarkdown('bold', { text: 'a word b', start: 2, end: 6 })).toEqual({
      text: 'a **word** b',
      start: 4,
      end: 8,
    });
    expect(applyMarkdown('link', { text: '', start: 0, end: 0 })).toEqual({
      text: '[link text](https://)',
      start: 1,
      end: 10,
    });
  });

  it('prefixes every selected line once', () => {
    const result = applyMarkdown('bulletList', { text: 'x\none\n- two', start: 3, end: 11 });
    expect(result.text).toBe('x\n- one\n- two');
    expect(applyMarkdown('heading', { text: 'Title', start: 2, end: 2 }).text).toBe('## Title');
  });
});

describe('languageChanges', () => {
  it('sets English first and removes it last, leaving unchanged languages alone', () => {
    expect(languageChanges({}, { de: 'Regeln', en: 'Rules' })).toEqual([
      { language: 'en', body: 'Rules' },
      { language: 'de', body: 'Regeln' },
    ]);
    expect(
      languageChanges({ en: 'Rules', de: 'Regeln', fr: 'Règles' }, { en: '', de: ' ', fr: 'Règles' }),
    ).toEqual([
      { language: 'de', body: null },
      { language: 'en', body: null },
    ]);
    expect(languageChanges({ en: 'Rules' }, { en: 'Rules' })).toEqual([]);
  });
});
