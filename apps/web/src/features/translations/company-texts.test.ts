import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { Translation } from '@fleetgate/contracts';
import { CompanyTexts, withOverrides } from './company-texts.ts';

const en = { users: { title: 'Users', count_one: '{{count}} user' }, app: { name: 'Fleetgate' } };
const de = { users: { title: 'Benutzer' }, app: { name: 'Fleetgate' } };

function setup() {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { en: { translation: structuredClone(en) }, de: { translation: structuredClone(de) } },
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
  });
  return { i18n, texts: new CompanyTexts(i18n) };
}

/** Any key, typed or not: these tests add keys the app's typed resources do not have. */
function lookup(i18n: ReturnType<typeof i18next.createInstance>, key: string, language?: string): string {
  const t = i18n.getFixedT(language ?? i18n.language) as unknown as (key: string) => string;
  return t(key);
}

const translation = (key: string, languages: Record<string, string>): Translation => ({
  publicId: key.padEnd(12, 'x').slice(0, 12).toLowerCase(),
  key,
  languages,
});

describe('CompanyTexts', () => {
  it('applies each language where it is given, and restores the app texts exactly', () => {
    const { i18n, texts } = setup();
    texts.apply([
      translation('users.title', { en: 'People' }),
      translation('PLC', { en: 'Controller', de: 'Steuerung' }),
    ]);
    expect(i18n.t('users.title')).toBe('People');
    expect(lookup(i18n, 'PLC')).toBe('Controller');
    void i18n.changeLanguage('de');
    // No German override: the app's German text stays.
    expect(i18n.t('users.title')).toBe('Benutzer');
    expect(lookup(i18n, 'PLC')).toBe('Steuerung');

    texts.apply([translation('users.title', { de: 'Leute', en: 'People' })]);
    expect(i18n.t('users.title')).toBe('Leute');
    expect(i18n.exists('PLC')).toBe(false);

    texts.apply([]);
    expect(i18n.t('users.title')).toBe('Benutzer');
    void i18n.changeLanguage('en');
    expect(i18n.t('users.title')).toBe('Users');
    expect(i18n.getResourceBundle('en', 'translation')).toEqual(en);
    expect(i18n.getResourceBundle('de', 'translation')).toEqual(de);
  });

  it('gives a language loaded later the overrides, keeping its own texts pristine', () => {
    const { i18n, texts } = setup();
    texts.apply([translation('users.title', { fr: 'Gens', en: 'People' })]);
    i18n.addResourceBundle('fr', 'translation', { users: { title: 'Utilisateurs' }, app: { name: 'FG' } });
    expect(i18n.getFixedT('fr')('users.title')).toBe('Gens');
    i18n.addResourceBundle('fr', 'translation', { users: { more: 'Plus' } }, true, true);
    expect(lookup(i18n, 'users.more', 'fr')).toBe('Plus');
    expect(i18n.getFixedT('fr')('users.title')).toBe('Gens');
    texts.apply([]);
    expect(i18n.getResourceBundle('fr', 'translation')).toEqual({
      users: { title: 'Utilisateurs', more: 'Plus' },
      app: { name: 'FG' },
    });
  });
});

describe('withOverrides', () => {
  it('never replaces a section of texts, nests below a text, or touches the prototype', () => {
    const merged = withOverrides(en, [
      ['users', 'flat'],
      ['users.title.deeper', 'x'],
      ['__proto__.polluted', 'x'],
      ['a.constructor', 'x'],
      ['users.count_one', '{{count}} person'],
      ['new.key', 'New'],
    ]);
    expect(merged).toEqual({
      users: { title: 'Users', count_one: '{{count}} person' },
      app: { name: 'Fleetgate' },
      new: { key: 'New' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(en.users.count_one).toBe('{{count}} user');
  });
});
