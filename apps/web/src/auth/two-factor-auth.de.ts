import type { twoFactorAuthEn } from './two-factor-auth.en.ts';
import type { Translated } from '../app/locales/translated.ts';

export const twoFactorAuthDe: Translated<typeof twoFactorAuthEn> = {
  useRecoveryCode: 'Wiederherstellungscode verwenden',
  recoveryCodeLabel: 'Wiederherstellungscode',
  recoveryHint:
    'Geben Sie einen der Wiederherstellungscodes ein, die Sie für {{email}} gespeichert haben. Jeder Code gilt einmal.',
  recoveryCodeInvalid: 'Ein Wiederherstellungscode sieht so aus: abcde-fghij.',
  trustDevice: 'Diesem Browser 30 Tage lang vertrauen',
  passkeyHint: 'Bestätigen Sie die Anmeldung für {{email}} mit Ihrem Passkey.',
};
