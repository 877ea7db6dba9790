// English texts of passkey sign-in and of passkey ceremonies, under the `passkeySignIn` key.
// They are part of the login page, so they sit with the first screen's texts.
export const passkeySignInEn = {
  or: 'or',
  button: 'Sign in with a passkey',
  cancelled: 'The passkey request was cancelled or not allowed. Try again when you are ready.',
  unsupported: 'This browser cannot use passkeys.',
  wrongAddress: 'Passkeys do not work on this address. Open Fleetgate at its usual address.',
  alreadyRegistered: 'This authenticator already holds a passkey for your account.',
  failed: 'The passkey could not be used. Please try again.',
  notAccepted:
    'This passkey was not accepted. It may have been removed from your account; sign in with your password.',
};
