import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CompanyTexts } from './company-texts.ts';
import { translatedName } from './translated-name.ts';

describe('translatedName', () => {
  it("shows a key's text, a company key's text once given, and other names as stored", () => {
    const i18n = i18next.createInstance();
    void i18n.init({
      resources: {
        en: { translation: { groups: { typeNames: { site: 'Site' } }, users: { title: 'Users' } } },
      },
      lng: 'en',
      initAsync: false,
      showSupportNotice: false,
    });
    const name = (value: string) => translatedName(value, i18n.t.bind(i18n), i18n);
    expect(name('groups.typeNames.site')).toEqual({ text: 'Site', isKey: true });
    expect(name('GROUP_TYPE_PLC')).toEqual({ text: 'GROUP_TYPE_PLC', isKey: false });
    // Sections of texts, odd names and empty ones are not keys.
    for (const plain of ['groups', 'Line 1.2', 'a:b', '', '__proto__', 'constructor'])
      expect(name(plain)).toEqual({ text: plain, isKey: false });

    new CompanyTexts(i18n).apply([
      { publicId: 'aaaaaaaaaaaa', key: 'GROUP_TYPE_PLC', languages: { en: 'Controllers' } },
    ]);
    expect(name('GROUP_TYPE_PLC')).toEqual({ text: 'Controllers', isKey: true });
  });
});
