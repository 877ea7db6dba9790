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
      'Give it a name you will recognise, such as the device or key it lives on. Your browser then asks you to create it.',
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
  removeFailed: 'The passkey could not be removed.',
};
