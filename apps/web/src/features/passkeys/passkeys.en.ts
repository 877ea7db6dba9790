// English texts of this feature, under the `passkeys` key of the translation resources.
export const passkeysEn = {
  title: 'Passkeys',
  hint: 'Sign in with your fingerprint, face or security key instead of a password. A passkey is also a second factor.',
  empty: 'You have no passkeys yet.',
  add: 'Add a passkey',
  name: 'Name',
  created: 'Added {{date}}',
  lastUsed: 'Last used {{date}}',
  neverUsed: 'Not used yet',
  rename: 'Rename',
  remove: 'Remove',
  actionsOf: 'Actions for {{name}}',
  loadFailed: 'Your passkeys could not be loaded.',
  retry: 'Try again',
  dialog: {
    addTitle: 'Add a passkey',
    addHint:
      'Give it a name you will recognise, such as the device or key it lives on, and confirm with your password. Your browser then asks you to create it.',
    addHintWithCode:
      'Give it a name you will recognise, such as the device or key it lives on, and confirm with your password and a code. Your browser then asks you to create it.',
    renameTitle: 'Rename passkey',
    cancel: 'Cancel',
    continue: 'Continue',
    save: 'Save',
  },
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  removeTitle: 'Remove “{{name}}”?',
  removeBody:
    'You will no longer be able to sign in with this passkey. The passkey itself stays on your device until you delete it there.',
  confirm: {
    password: 'Password',
    code: 'Code',
    codeHelp: 'The current code from your authenticator app, or a recovery code',
    codeInvalid: 'Enter a 6-digit code or a recovery code (abcde-fghij)',
    withPassword: 'Confirm with your password.',
    withCode: 'Confirm with your password and a code.',
  },
};
