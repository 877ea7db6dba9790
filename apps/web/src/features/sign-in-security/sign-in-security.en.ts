// English texts of this feature, under the `signInSecurity` key of the translation resources.
export const signInSecurityEn = {
  menu: 'Sign-in security',
  title: 'Sign-in security',
  subtitle: 'How the members of this company must sign in before they reach its devices.',
  loadFailed: 'The sign-in rules could not be loaded.',
  retry: 'Try again',
  saved: 'Sign-in rules saved',
  save: 'Save',
  twoFactor: {
    title: 'Two-factor sign-in',
    hint: 'Members must sign in with a second factor besides their password: a code from an authenticator app or a passkey. A stolen password alone then reaches nothing.',
    required: 'Require two-factor sign-in',
    graceDays: 'Grace period in days',
    graceDaysHint:
      'Members without a second factor may keep working this long (0 to 90 days), counted from now or from their joining. Then they must set one up first.',
    graceDaysInvalid: 'Enter a whole number of days from 0 to 90',
    since: 'Required since {{date}}',
  },
  sso: {
    title: 'Single sign-on',
    hint: "Members must sign in through the company's identity provider. Sessions made with a password stop working in this company.",
    required: 'Require single sign-on',
    noProvider:
      'Add an identity provider first: single sign-on can only be required once members have one to sign in with.',
  },
  // The screens a member sees while the company's rules keep them out.
  twoFactorRequired: {
    title: 'Set up two-factor sign-in',
    reason:
      '{{company}} requires every member to sign in with a second factor: a code from an authenticator app or a passkey. It protects the devices you reach through {{company}}: a stolen password alone is not enough.',
    howTo: 'Set up a second factor in your profile, then check again to continue.',
    setUp: 'Set up in my profile',
    checkAgain: 'Check again',
    stillMissing: 'Your account has no second factor yet.',
    otherCompany: 'Choose another company',
    logOut: 'Log out',
  },
  ssoRequired: {
    title: 'Sign in with single sign-on',
    reason:
      "{{company}} requires its members to sign in through the company's identity provider. This session was signed in another way, so it cannot be used in {{company}}.",
    howTo: 'Log out, then choose the sign-in button of your company on the login page.',
    logOut: 'Log out and sign in again',
    otherCompany: 'Choose another company',
  },
  graceBanner: {
    message: '{{company}} requires two-factor sign-in. Set up a second factor by {{date}}.',
    setUp: 'Set up now',
    dismiss: 'Dismiss',
  },
};
