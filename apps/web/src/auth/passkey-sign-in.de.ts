import type { passkeySignInEn } from './passkey-sign-in.en.ts';

// German texts of passkey sign-in and of passkey ceremonies, under the `passkeySignIn` key.
export const passkeySignInDe: typeof passkeySignInEn = {
  or: 'oder',
  button: 'Mit einem Passkey anmelden',
  cancelled:
    'Die Passkey-Anfrage wurde abgebrochen oder nicht erlaubt. Versuchen Sie es erneut, wenn Sie bereit sind.',
  unsupported: 'Dieser Browser kann keine Passkeys verwenden.',
  wrongAddress:
    'Passkeys funktionieren unter dieser Adresse nicht. Öffnen Sie Fleetgate unter seiner üblichen Adresse.',
  alreadyRegistered: 'Dieser Authenticator enthält bereits einen Passkey für Ihr Konto.',
  failed: 'Der Passkey konnte nicht verwendet werden. Bitte versuchen Sie es erneut.',
  notAccepted:
    'Dieser Passkey wurde nicht angenommen. Vielleicht wurde er aus Ihrem Konto entfernt; melden Sie sich mit Ihrem Passwort an.',
};
