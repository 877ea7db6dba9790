import type { Translated } from '../../app/locales/translated.ts';
import type { passwordRecoveryEn } from './password-recovery.en.ts';

// German texts of password recovery (`passwordRecovery`).
export const passwordRecoveryDe: Translated<typeof passwordRecoveryEn> = {
  request: {
    title: 'Passwort vergessen?',
    subtitle:
      'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.',
    email: 'E-Mail-Adresse',
    submit: 'Link senden',
    sentTitle: 'Sehen Sie in Ihr Postfach',
    sent: 'Wenn es für {{email}} ein Konto gibt, haben wir einen Link dorthin gesendet. Der Link ist eine Stunde lang gültig.',
  },
  reset: {
    title: 'Neues Passwort festlegen',
    subtitle:
      'Ein neues Passwort meldet Sie auf allen Geräten ab. Die Zwei-Faktor-Anmeldung bleibt eingeschaltet.',
    newPassword: 'Neues Passwort',
    newPasswordHint: 'Mindestens {{min}} Zeichen.',
    repeatPassword: 'Neues Passwort wiederholen',
    mismatch: 'Die Passwörter stimmen nicht überein',
    submit: 'Neues Passwort festlegen',
    doneTitle: 'Passwort geändert',
    done: 'Melden Sie sich mit Ihrem neuen Passwort an.',
    requestAgain: 'Einen neuen Link anfordern',
  },
  backToLogin: 'Zurück zur Anmeldung',
  loginLink: 'Anmelden',
};
