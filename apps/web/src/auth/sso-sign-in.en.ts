// English texts of single sign-on on the login page and at /sso-callback, under `ssoSignIn`.
export const ssoSignInEn = {
  or: 'or',
  signInWith: 'Sign in with {{name}}',
  startFailed: 'The sign-in at {{name}} could not be started: {{error}}',
  finishing: 'Finishing the sign-in…',
  failedTitle: 'Sign-in did not work',
  backToLogin: 'Back to the login',
};
