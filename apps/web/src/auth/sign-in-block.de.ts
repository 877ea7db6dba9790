import type { Translated } from '../app/locales/translated.ts';
import type { signInBlockEn } from './sign-in-block.en.ts';

// German texts of the stored sign-in block, under the `signInBlock` key of the translation resources.
export const signInBlockDe: Translated<typeof signInBlockEn> = {
  title: 'Anmeldung gesperrt bis {{time}}',
  body: 'Für {{emailAddress}} oder aus Ihrem Netzwerk gab es zu viele fehlgeschlagene Anmeldeversuche. Zum Schutz des Kontos ist die Anmeldung bis {{time}} gesperrt.',
  after:
    'Danach können Sie sich wieder anmelden. Wenn Sie Ihr Passwort vergessen haben, bitten Sie Ihren Administrator, es zurückzusetzen.',
  notice: 'Die Anmeldung für {{emailAddress}} ist bis {{time}} gesperrt.',
  ok: 'OK',
};
