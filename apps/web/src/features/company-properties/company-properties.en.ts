// English texts of the company's own properties (the Properties tab of /identity), under `companyProperties`.
export const companyPropertiesEn = {
  brandingTab: 'Branding',
  tab: 'Properties',
  subtitle: 'Facts about your company and the settings of its portal.',
  intro:
    'Values your company keeps about itself: its custom fields for companies and the settings below. Add fields for companies on the Custom fields page.',
  settingsHeading: 'Settings',
  fieldsHeading: 'Custom fields',
  noFields: 'No custom fields for companies yet.',
  addFields: 'Manage custom fields',
  settings: {
    'custom.glbVpnClientReleaseNotesUrl': 'VPN release notes address',
  },
  settingHints: {
    'custom.glbVpnClientReleaseNotesUrl':
      'An https address where the portal reads the VPN client’s releases. Empty: this server’s own.',
  },
  yes: 'Yes',
  no: 'No',
  notSet: 'Not set',
  save: 'Save properties',
  saved: 'Properties saved',
  loadFailed: 'The company’s properties could not be loaded.',
  validation: {
    required: 'Required',
    tooLong: 'Use at most {{count}} characters',
    number: 'Enter a number',
    date: 'Enter a date (YYYY-MM-DD)',
    option: 'Choose one of the options',
    https: 'Enter an https address, e.g. https://example.com/releases.json',
  },
  apiErrors: {
    unknownKey: 'This property no longer exists. Reload the page.',
    keyInUse: 'Someone else set this property meanwhile. Reload the page.',
  },
};
