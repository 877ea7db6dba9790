import { describe, expect, it } from 'vitest';
import { uiLocales } from '../components/format/format-date.ts';
import { browserLanguage, effectiveLanguage } from './i18n.ts';

describe('UI language', () => {
  it('follows the first browser language the app speaks, else English', () => {
    expect(browserLanguage(['de-DE', 'en-US'])).toBe('de');
    expect(browserLanguage(['de-AT'])).toBe('de');
    expect(browserLanguage(['fr-FR', 'de-CH', 'en'])).toBe('de');
    expect(browserLanguage(['en-GB', 'de-DE'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'it'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    expect(browserLanguage(['DE'])).toBe('de');
  });

  it("lets the user's stored language win over the browser's", () => {
    expect(effectiveLanguage('de', 'en')).toBe('de');
    expect(effectiveLanguage('en', 'de')).toBe('en');
    expect(effectiveLanguage(null, 'de')).toBe('de');
    expect(effectiveLanguage(null, 'en')).toBe('en');
  });

  it("formats dates in the UI language, in the browser's regional variant of it", () => {
    expect(uiLocales('en', ['en-GB', 'de-DE'])).toEqual(['en-GB']);
    expect(uiLocales('de', ['en-GB', 'de-AT', 'de-DE'])).toEqual(['de-AT', 'de-DE']);
    expect(uiLocales('de', ['en-US'])).toEqual(['de']);
    expect(uiLocales('en', ['de-DE'])).toEqual(['en']);
  });
});
