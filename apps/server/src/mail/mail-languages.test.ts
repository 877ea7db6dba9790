import { describe, expect, it } from 'vitest';
import { confirmRegistrationMail, alreadyRegisteredMail } from '../modules/account/registration-mail.ts';
import { formatDay, formatMoment, requestLanguage, serverTexts } from '../i18n/language.ts';
import { serverTextsDe } from '../i18n/server-texts.de.ts';
import { serverTextsEn } from '../i18n/server-texts.en.ts';
import { invitationMail } from './invitation-mail.ts';

const invitation = {
  to: 'ada@example.com',
  companyName: 'Acme <Plant>',
  roleName: 'Engineer',
  inviterName: 'Grace',
  acceptUrl: 'https://fleet.example.com/my-companies',
  expiresOn: new Date('2030-01-15T10:00:00Z'),
};

/** Every text of a tree, functions called with each placeholder named by itself. */
function allTexts(tree: object, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else if (typeof value === 'function') {
      const params = new Proxy({}, { get: (_target, name) => `<${String(name)}>` });
      out.set(at, (value as (p: unknown) => string)(params));
    } else for (const [k, v] of allTexts(value as object, at)) out.set(k, v);
  }
  return out;
}

describe('e-mails and messages in German', () => {
  it('has every English text in German, with the same values filled in, and none left English', () => {
    const english = allTexts(serverTextsEn);
    const german = allTexts(serverTextsDe);
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
    const values = (text: string) => (text.match(/<\w+>/g) ?? []).sort();
    for (const [key, text] of english) {
      expect({ key, values: values(german.get(key)!) }).toEqual({ key, values: values(text) });
      expect(german.get(key), key).not.toBe(text);
    }
  });

  it('writes the invitation in German with a German date, and escapes names in the HTML', () => {
    const mail = invitationMail({ ...invitation, language: 'de' });
    expect(mail.subject).toBe('Einladung zu Acme <Plant> auf Fleetgate');
    expect(mail.text).toContain(
      'Grace hat Sie eingeladen, Acme <Plant> auf Fleetgate als Engineer beizutreten.',
    );
    expect(mail.text).toContain('Die Einladung ist gültig bis 15.01.2030.');
    expect(mail.text).toContain('https://fleet.example.com/my-companies');
    expect(mail.html).toContain('<strong>Acme &#60;Plant&#62;</strong>');
    expect(mail.html).not.toContain('<Plant>');
    expect(mail.text).not.toMatch(/invited|valid until/);
  });

  it('writes the invitation in English when asked, as before', () => {
    const mail = invitationMail({ ...invitation, language: 'en' });
    expect(mail.subject).toBe('Invitation to join Acme <Plant> on Fleetgate');
    expect(mail.text).toContain('Grace invited you to join Acme <Plant> on Fleetgate as Engineer.');
    expect(mail.text).toContain('valid until 2030-01-15');
  });

  it('writes the registration mails in the language given', () => {
    const confirm = confirmRegistrationMail(
      'a@example.com',
      'https://x.example/register/confirm#t',
      24,
      'de',
    );
    expect(confirm.subject).toBe('Bestätigen Sie Ihr Fleetgate-Konto');
    expect(confirm.text).toContain('Der Link ist 24 Stunden gültig');
    const already = alreadyRegisteredMail('a@example.com', 'https://x.example/login', 'de');
    expect(already.subject).toBe('Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren');
    expect(alreadyRegisteredMail('a@example.com', 'https://x.example/login', 'en').subject).toBe(
      'Someone tried to register with your e-mail address',
    );
  });

  it('reads the first language we speak from Accept-Language, by quality', () => {
    expect(requestLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(requestLanguage('en-GB,en;q=0.9,de;q=0.8')).toBe('en');
    expect(requestLanguage('fr-FR,fr;q=0.9,de;q=0.5')).toBe('de');
    expect(requestLanguage('en;q=0.2, de;q=0.7')).toBe('de');
    expect(requestLanguage('de;q=0, en')).toBe('en');
    expect(requestLanguage('fr, it')).toBeNull();
    expect(requestLanguage('')).toBeNull();
    expect(requestLanguage(undefined)).toBeNull();
    expect(requestLanguage(';;;,,q=x,de;q=abc')).toBeNull();
    expect(requestLanguage(`${'x,'.repeat(5000)}de`)).toBeNull();
  });

  it('formats days and moments for each language, in UTC', () => {
    expect(formatDay(new Date('2030-01-05T23:30:00Z'), 'de')).toBe('05.01.2030');
    expect(formatDay(new Date('2030-01-05T23:30:00Z'), 'en')).toBe('2030-01-05');
    expect(formatMoment('2030-01-05T07:04:00.000Z', 'de')).toBe('05.01.2030, 07:04 UTC');
    expect(formatMoment('2030-01-05T07:04:00.000Z', 'en')).toBe('2030-01-05 07:04 UTC');
    expect(serverTexts(null)).toBe(serverTextsEn);
    expect(serverTexts('de')).toBe(serverTextsDe);
  });
});
